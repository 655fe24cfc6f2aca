import type { PageHead } from '@shop/contracts';
import { canonicalUrl, headTags, isoDuration, scriptJson, structuredData, type HeadTagsInput } from './head-tags';

const site = { name: 'مدرسه نوشتار', description: 'آموزش برنامه‌نویسی وب به زبان فارسی.' };
const origin = 'https://shop.example.ir';

/** The head tags as a browser parses them: every tag inside `<head>`, nothing spilled into the body. */
function parse(input: HeadTagsInput) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${headTags(input)}</head><body></body></html>`, 'text/html');
  const meta = (key: string) => doc.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
  const scripts = [...doc.querySelectorAll('script')];
  return {
    doc,
    meta,
    title: doc.title,
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    scripts,
    jsonLd: scripts.length ? JSON.parse(scripts[0]!.textContent!) : null,
  };
}

const post: PageHead = {
  title: 'شروع با TypeScript',
  description: '<p>در این نوشته <strong>TypeScript</strong> را از صفر &amp; قدم‌به‌قدم یاد می‌گیریم.</p>',
  image: '/media/posts/ts.webp',
  item: { type: 'article', publishedAt: '2024-03-01T08:00:00.000Z', modifiedAt: '2024-03-05T10:30:00.000Z' },
};

describe('headTags (issue 9 "Each page also carries")', () => {
  it('gives a post its title, description, canonical URL, Open Graph, Twitter and Article tags', () => {
    const page = parse({ head: post, site, origin, url: '/posts/12?utm_source=x#c' });
    expect(page.title).toBe('شروع با TypeScript | مدرسه نوشتار');
    expect(page.meta('description')).toBe('در این نوشته TypeScript را از صفر & قدم‌به‌قدم یاد می‌گیریم.');
    expect(page.canonical).toBe('https://shop.example.ir/posts/12');
    expect(page.meta('robots')).toBeNull();
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:title')).toBe('شروع با TypeScript');
    expect(page.meta('og:description')).toBe(page.meta('description'));
    expect(page.meta('og:url')).toBe(page.canonical);
    expect(page.meta('og:image')).toBe('https://shop.example.ir/media/posts/ts.webp');
    expect(page.meta('og:locale')).toBe('fa_IR');
    expect(page.meta('og:site_name')).toBe('مدرسه نوشتار');
    expect(page.meta('article:published_time')).toBe('2024-03-01T08:00:00.000Z');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:title')).toBe('شروع با TypeScript');
    expect(page.meta('twitter:description')).toBe(page.meta('description'));
    expect(page.meta('twitter:image')).toBe('https://shop.example.ir/media/posts/ts.webp');
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.type).toBe('application/ld+json');
    expect(page.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'شروع با TypeScript',
      description: page.meta('description'),
      image: 'https://shop.example.ir/media/posts/ts.webp',
      url: 'https://shop.example.ir/posts/12',
      mainEntityOfPage: 'https://shop.example.ir/posts/12',
      inLanguage: 'fa-IR',
      datePublished: '2024-03-01T08:00:00.000Z',
      dateModified: '2024-03-05T10:30:00.000Z',
      author: { '@type': 'Organization', name: 'مدرسه نوشتار', url: 'https://shop.example.ir/' },
      publisher: { '@type': 'Organization', name: 'مدرسه نوشتار', url: 'https://shop.example.ir/' },
    });
  });

  it('gives a podcast episode a PodcastEpisode with its audio and ISO 8601 length', () => {
    const episode: PageHead = {
      title: 'گفت‌وگو درباره React',
      description: 'یادداشت‌های اپیزود',
      image: null,
      item: { type: 'podcast-episode', publishedAt: '2024-04-01T00:00:00.000Z', modifiedAt: '2024-04-02T00:00:00.000Z', audio: '/media/podcasts/7.mp3', durationSeconds: 3725 },
    };
    const page = parse({ head: episode, site, origin, url: '/podcasts/7' });
    expect(page.meta('og:type')).toBe('article');
    // No cover: no image tags, and the small Twitter card.
    expect(page.meta('og:image')).toBeNull();
    expect(page.meta('twitter:image')).toBeNull();
    expect(page.meta('twitter:card')).toBe('summary');
    expect(page.jsonLd).toMatchObject({
      '@type': 'PodcastEpisode',
      name: 'گفت‌وگو درباره React',
      url: 'https://shop.example.ir/podcasts/7',
      datePublished: '2024-04-01T00:00:00.000Z',
      duration: 'PT1H2M5S',
      associatedMedia: { '@type': 'AudioObject', contentUrl: 'https://shop.example.ir/media/podcasts/7.mp3', duration: 'PT1H2M5S' },
      partOfSeries: { '@type': 'PodcastSeries', name: 'مدرسه نوشتار', url: 'https://shop.example.ir/podcasts' },
    });
    expect(page.jsonLd).not.toHaveProperty('image');
    // An episode without a file or a known length says nothing about either.
    const bare = structuredData({ head: { ...episode, item: { ...episode.item!, audio: null, durationSeconds: null } as PageHead['item'] }, site, origin, url: '/podcasts/7' });
    expect(bare).not.toHaveProperty('associatedMedia');
    expect(bare).not.toHaveProperty('duration');
  });

  it('gives a course a Course by the site, offered in rials (tomans × 10)', () => {
    const course = (priceTomans: number, available: boolean): PageHead => ({
      title: 'دوره مقدماتی جاوااسکریپت',
      description: 'از متغیر تا Promise',
      image: 'https://cdn.example.com/js.png',
      item: { type: 'course', publishedAt: '2024-01-01T00:00:00.000Z', modifiedAt: '2024-01-02T00:00:00.000Z', priceTomans, available },
    });
    const page = parse({ head: course(1_250_000, true), site, origin, url: '/products/6' });
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('og:image')).toBe('https://cdn.example.com/js.png');
    expect(page.jsonLd).toMatchObject({
      '@type': 'Course',
      name: 'دوره مقدماتی جاوااسکریپت',
      description: 'از متغیر تا Promise',
      url: 'https://shop.example.ir/products/6',
      provider: { '@type': 'Organization', name: 'مدرسه نوشتار', url: 'https://shop.example.ir/' },
      offers: {
        '@type': 'Offer',
        price: 12_500_000,
        priceCurrency: 'IRR',
        category: 'Paid',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example.ir/products/6',
      },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
    });
    expect(structuredData({ head: course(0, false), site, origin, url: '/products/6' })).toMatchObject({
      offers: { price: 0, category: 'Free', availability: 'https://schema.org/Discontinued' },
    });
  });

  it('gives home the site’s name and description and a WebSite, and a page that declared nothing the same but no JSON-LD', () => {
    const home = parse({ head: null, site, origin, url: '/' });
    expect(home.title).toBe('مدرسه نوشتار');
    expect(home.meta('description')).toBe(site.description);
    expect(home.canonical).toBe('https://shop.example.ir/');
    expect(home.meta('og:type')).toBe('website');
    expect(home.jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'مدرسه نوشتار',
      url: 'https://shop.example.ir/',
      description: site.description,
      inLanguage: 'fa-IR',
    });
    const list = parse({ head: { title: 'دوره‌ها' }, site, origin, url: '/products' });
    expect(list.title).toBe('دوره‌ها | مدرسه نوشتار');
    expect(list.meta('description')).toBe(site.description);
    expect(list.scripts).toHaveLength(0);
  });

  it('keeps only a later list page in the canonical URL, and names that page in the title', () => {
    const second = parse({ head: { title: 'نوشته‌ها', description: 'فهرست' }, site, origin, url: '/posts?filter=oldest&page=2' });
    expect(second.canonical).toBe('https://shop.example.ir/posts?page=2');
    expect(second.title).toBe('نوشته‌ها — صفحه ۲ | مدرسه نوشتار');
    expect(second.meta('og:title')).toBe('نوشته‌ها — صفحه ۲');
    expect(canonicalUrl(origin, '/posts?page=1&filter=most-liked')).toBe('https://shop.example.ir/posts');
    expect(canonicalUrl(origin, '/posts?page=abc')).toBe('https://shop.example.ir/posts');
    expect(canonicalUrl(origin, '/frequently-asked-questions?tab=other')).toBe('https://shop.example.ir/frequently-asked-questions');
  });

  it('keeps search and error pages out of indexes: robots noindex, no canonical URL, no JSON-LD', () => {
    const notFound = parse({ head: post, site, origin, url: '/posts/999999', status: 404 });
    expect(notFound.meta('robots')).toBe('noindex');
    expect(notFound.canonical).toBeNull();
    expect(notFound.scripts).toHaveLength(0);
    const declared = parse({ head: { title: 'صفحه پیدا نشد', noindex: true }, site, origin, url: '/posts/abc' });
    expect(declared.meta('robots')).toBe('noindex');
    expect(declared.title).toBe('صفحه پیدا نشد | مدرسه نوشتار');
    expect(declared.canonical).toBeNull();
  });

  it('cuts a long description to a short plain text at a word boundary', () => {
    const long = `<h2>مقدمه</h2><p>${'واژه '.repeat(80)}</p>`;
    const description = parse({ head: { title: 'بلند', description: long }, site, origin, url: '/posts/1' }).meta('description')!;
    expect(description.startsWith('مقدمه واژه')).toBe(true);
    expect(description.endsWith('واژه…')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(161);
  });

  it('cannot be broken out of: markup in a title or text stays text, in the attributes and in the JSON-LD', () => {
    const hostile = `</script><script>window.hacked=1</script><!-- "quoted" & 'single' <b>`;
    const input: HeadTagsInput = {
      head: { title: hostile, description: hostile, image: `/media/x.png"><script>window.hacked=2</script>`, item: post.item },
      site: { name: `</title><script>window.hacked=3</script>`, description: 'd' },
      origin,
      url: '/posts/1',
    };
    const html = headTags(input);
    // Only the JSON-LD element: no `<` left inside it, and nothing else became a tag.
    expect(html.match(/<script/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    const page = parse(input);
    expect(page.scripts).toHaveLength(1);
    expect(page.doc.querySelectorAll('b, title')).toHaveLength(1);
    expect(page.meta('og:title')).toBe(hostile);
    expect(page.title).toBe(`${hostile} | </title><script>window.hacked=3</script>`);
    expect(page.jsonLd.headline).toBe(hostile);
    expect(page.jsonLd.image).toBe('https://shop.example.ir/media/x.png%22%3E%3Cscript%3Ewindow.hacked=2%3C/script%3E');
  });

  it('drops image and audio URLs that are not http(s)', () => {
    const page = parse({ head: { ...post, image: 'javascript:alert(1)' }, site, origin, url: '/posts/12' });
    expect(page.meta('og:image')).toBeNull();
    expect(page.jsonLd).not.toHaveProperty('image');
  });
});

describe('head helpers', () => {
  it('writes JSON a script element cannot end early, that still parses to the same value', () => {
    const value = { text: '</script><!--<script>' };
    expect(scriptJson(value)).toBe('{"text":"\\u003c/script>\\u003c!--\\u003cscript>"}');
    expect(JSON.parse(scriptJson(value))).toEqual(value);
  });

  it('writes lengths as ISO 8601 durations', () => {
    expect(isoDuration(3725)).toBe('PT1H2M5S');
    expect(isoDuration(1800)).toBe('PT30M');
    expect(isoDuration(59.6)).toBe('PT1M');
    expect(isoDuration(0)).toBe('PT0S');
  });
});
