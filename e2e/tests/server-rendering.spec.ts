import { expect, test, type APIRequestContext, type Browser, type Page } from '../test';
import { logIn } from './accounts';

/** The HTML the server sends for a page, as a browser asks for it (issue 9). */
async function serverHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  return { status: response.status(), html: await response.text() };
}

test('public pages arrive server-rendered with their content and the state they used', async ({ request }) => {
  const posts = await (await request.get('/api/posts')).json();
  const post = posts.data[0];
  const list = await serverHtml(request, '/posts');
  expect(list.status).toBe(200);
  expect(list.html).toContain(post.title);
  expect(list.html).toContain('id="preloaded-state"');

  const detail = await serverHtml(request, `/posts/${post.id}`);
  expect(detail.status).toBe(200);
  expect(detail.html).toContain(post.title);

  const home = await serverHtml(request, '/');
  // Every remote's area on the home page: content's posts, commerce's courses, support's about-me.
  for (const heading of ['تازه‌ترین نوشته‌ها', 'تازه‌ترین دوره‌ها']) expect(home.html).toContain(heading);

  expect((await serverHtml(request, '/posts/999999')).status).toBe(404);
});

test('a server-rendered page runs only its island loader until used; the island used attaches without fetching again', async ({ page }) => {
  const apiCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/logged-in-user-info') apiCalls.push(url.pathname);
    if (request.resourceType() === 'script') scripts.push(url.pathname);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // No script file at all: the page is HTML and the island loader inlined in it.
  expect(scripts).toEqual([]);
  expect(apiCalls).toEqual([]);
  // The first click on a control hydrates its island (the list page) and is then carried out.
  const oldest = page.getByRole('button', { name: 'قدیمی‌ترین' });
  await oldest.click();
  await expect(oldest).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/filter=oldest/);
  expect(scripts).toContainEqual(expect.stringMatching(/^\/islands\.[0-9a-f]{8}\.js$/));
  expect(scripts.some((script) => script.startsWith('/remotes/content/'))).toBe(true);
  // The header's islands are still HTML: only what was used has attached.
  const island = (target: string) => page.locator(`[data-island*='${target}']`);
  await expect(island('"part":"header-search"')).not.toHaveAttribute('data-hydrated', '');
  await expect(island('"island":"PostList"')).toHaveAttribute('data-hydrated', '');
  expect(errors).toEqual([]);
});

test('a course page stays server HTML but for its islands, each hydrating alone; a signed-in buyer’s hydrate at once', async ({ page, request }) => {
  const products = (await (await request.get('/api/products?per_page=50')).json()).data as { id: number; title: string }[];
  const course = products.find((product) => product.title === 'دوره مقدماتی جاوااسکریپت')!;
  const island = (name: string) => page.locator(`[data-island*='"island":"${name}"']`);
  await page.goto(`/products/${course.id}`);
  await page.waitForLoadState('networkidle');
  // The title, price and description are nobody's island: they never hydrate.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
  expect(await page.getByRole('heading', { level: 1 }).evaluate((heading) => heading.closest('[data-island]'))).toBeNull();
  // A visitor's first use of the buying area hydrates it alone.
  await island('ProductPurchase').getByRole('button', { name: 'افزودن به سبد خرید' }).hover();
  await expect(island('ProductPurchase')).toHaveAttribute('data-hydrated', '');
  for (const other of ['ProductLikes', 'ProductComments', 'ProductSessions']) await expect(island(other)).not.toHaveAttribute('data-hydrated', '');
  // Hovering the sessions does nothing for a visitor: their locks are the same for every visitor.
  await island('ProductSessions').getByRole('link').first().hover();
  await page.waitForTimeout(500);
  await expect(island('ProductSessions')).not.toHaveAttribute('data-hydrated', '');

  // The buyer: every island hydrates as the page loads and shows what is theirs.
  await logIn(page, 'user');
  await page.goto(`/products/${course.id}`);
  for (const name of ['ProductLikes', 'ProductPurchase', 'ProductSessions', 'ProductComments']) await expect(island(name)).toHaveAttribute('data-hydrated', '');
  await expect(island('ProductPurchase')).toContainText('این دوره را خریده‌اید');
});

test('about-me and a course session are rendered on the server for their signed-in reader, and the session attaches at once', async ({ page, request }) => {
  const site = (await (await request.get('/api/site-information')).json()).data as { about_me: string };
  const products = (await (await request.get('/api/products?per_page=50')).json()).data as { id: number; title: string }[];
  const course = products.find((product) => product.title === 'دوره مقدماتی جاوااسکریپت')!;
  const detail = (await (await request.get(`/api/products/${course.id}`)).json()).data as { sessions: { id: number; title: string }[] };
  const session = detail.sessions[0]!;
  const sessionPath = `/products/${course.id}/${session.id}`;
  // A visitor gets the browser's page, whose gate asks them to log in.
  expect((await serverHtml(request, sessionPath)).html).not.toContain(session.title);

  await logIn(page, 'user');
  // The reader's request (their cookies): the page's content is in the server's HTML.
  const aboutMe = await serverHtml(page.request, '/about-me');
  expect(aboutMe.status).toBe(200);
  expect(aboutMe.html).toContain('id="preloaded-state"');
  expect(aboutMe.html).toContain(site.about_me.replace(/<[^>]+>/g, '').trim().slice(0, 20));
  const sessionHtml = await serverHtml(page.request, sessionPath);
  expect(sessionHtml.html).toContain(session.title);

  const apiCalls: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/media/')) apiCalls.push(`${sent.method()} ${pathname}`);
  });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(sessionPath);
  const island = page.locator(`[data-island*='"island":"ProductSession"']`);
  await expect(island).toHaveAttribute('data-hydrated', '');
  // Hydrated, not rendered anew: React reports a page that differs from its HTML.
  expect(errors).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(session.title);
  // It attached with the reader's state: neither the session nor who is signed in was asked again.
  expect(apiCalls.filter((call) => call.startsWith('GET /api/product-sessions') || call.includes('logged-in-user-info'))).toEqual([]);
  // And it works: the «seen» switch.
  const seen = island.getByRole('button', { name: /دیده‌شده/ });
  const pressed = await seen.getAttribute('aria-pressed');
  await seen.click();
  await expect(seen).not.toHaveAttribute('aria-pressed', pressed!);
  await seen.click();
  await expect(seen).toHaveAttribute('aria-pressed', pressed!);
});

/**
 * A page's head as a browser parses the server HTML with JavaScript off (issue 9 "Each page also
 * carries"): only what is inside `<head>` counts, as crawlers and link previews read it.
 */
async function serverHead(page: Page, path: string) {
  const response = await page.goto(path);
  const head = page.locator('head');
  const meta = async (key: string) => {
    const tags = head.locator(`meta[name="${key}"], meta[property="${key}"]`);
    const count = await tags.count();
    if (count > 1) throw new Error(`${path}: ${count} ${key} tags`);
    return count ? tags.getAttribute('content') : null;
  };
  const canonical = head.locator('link[rel="canonical"]');
  const jsonLd = head.locator('script[type="application/ld+json"]');
  return {
    status: response!.status(),
    // In the head: icons in the body carry SVG <title>s of their own.
    titles: await head.locator('title').count(),
    title: await page.title(),
    meta,
    canonical: (await canonical.count()) ? await canonical.getAttribute('href') : null,
    jsonLd: (await jsonLd.count()) ? JSON.parse((await jsonLd.textContent())!) : null,
  };
}

async function pageWithoutJavaScript(browser: Browser) {
  return (await browser.newContext({ javaScriptEnabled: false })).newPage();
}

test('every server-rendered page carries its own title, description, canonical URL, Open Graph and Twitter tags and JSON-LD in its head', async ({ browser, request, baseURL }) => {
  const site = (await (await request.get('/api/site-information')).json()).data;
  const firstOf = async (list: string) => {
    const items = (await (await request.get(`/api/${list}?per_page=50`)).json()).data as { id: number; image: string | null }[];
    return items.find((item) => item.image) ?? items[0]!;
  };
  const [postItem, podcastItem, productItem] = [await firstOf('posts'), await firstOf('podcasts'), await firstOf('products')];
  const post = (await (await request.get(`/api/posts/${postItem.id}`)).json()).data;
  const podcast = (await (await request.get(`/api/podcasts/${podcastItem.id}`)).json()).data;
  const product = (await (await request.get(`/api/products/${productItem.id}`)).json()).data;
  const page = await pageWithoutJavaScript(browser);

  /** What every indexable page has: one title, its description, canonical and og:url, Open Graph and Twitter. */
  async function expectIndexable(path: string, title: string, ogType: 'website' | 'article', image?: string | null) {
    const head = await serverHead(page, path);
    expect(head.status, path).toBe(200);
    expect(head.titles, path).toBe(1);
    expect(head.title, path).toBe(title === site.site_name ? title : `${title} | ${site.site_name}`);
    const description = await head.meta('description');
    expect(description?.length, path).toBeGreaterThan(10);
    expect(description!.length, path).toBeLessThanOrEqual(161);
    expect(head.canonical, path).toBe(`${baseURL}${path}`);
    expect(await head.meta('robots'), path).toBeNull();
    expect(await head.meta('og:title'), path).toBe(title);
    expect(await head.meta('og:description'), path).toBe(description);
    expect(await head.meta('og:url'), path).toBe(head.canonical);
    expect(await head.meta('og:type'), path).toBe(ogType);
    expect(await head.meta('og:locale'), path).toBe('fa_IR');
    expect(await head.meta('og:site_name'), path).toBe(site.site_name);
    expect(await head.meta('og:image'), path).toBe(image ? `${baseURL}${image}` : null);
    expect(await head.meta('twitter:card'), path).toBe(image ? 'summary_large_image' : 'summary');
    expect(await head.meta('twitter:title'), path).toBe(title);
    expect(await head.meta('twitter:description'), path).toBe(description);
    expect(await head.meta('twitter:image'), path).toBe(image ? `${baseURL}${image}` : null);
    return { head, description };
  }

  /** An item's description is the plain text its page shows, tags gone (typed «<» and «>» are text and stay). */
  async function expectPlainTextOfPage(path: string, description: string) {
    const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(shown, path).toContain(description.replace(/…$/, ''));
  }

  const home = await expectIndexable('/', site.site_name, 'website');
  expect(home.head.jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'WebSite', name: site.site_name, url: `${baseURL}/` });

  for (const [path, title] of [
    ['/posts', 'نوشته‌ها'],
    ['/podcasts', 'پادکست‌ها'],
    ['/products', 'دوره‌ها'],
    ['/frequently-asked-questions', 'پرسش‌های متداول'],
    ['/terms-and-conditions', 'قوانین و مقررات'],
  ] as const) {
    expect((await expectIndexable(path, title, 'website')).head.jsonLd, path).toBeNull();
  }

  const article = await expectIndexable(`/posts/${post.id}`, post.title, 'article', post.image);
  await expectPlainTextOfPage(`/posts/${post.id}`, article.description!);
  expect(article.head.jsonLd).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: article.description,
    url: `${baseURL}/posts/${post.id}`,
    datePublished: post.created_at,
    dateModified: post.updated_at,
    publisher: { '@type': 'Organization', name: site.site_name },
  });

  const episode = await expectIndexable(`/podcasts/${podcast.id}`, podcast.title, 'article', podcast.image);
  await expectPlainTextOfPage(`/podcasts/${podcast.id}`, episode.description!);
  expect(episode.head.jsonLd).toMatchObject({ '@type': 'PodcastEpisode', name: podcast.title, url: `${baseURL}/podcasts/${podcast.id}`, datePublished: podcast.created_at });
  if (podcast.file) expect(episode.head.jsonLd.associatedMedia).toMatchObject({ '@type': 'AudioObject', contentUrl: `${baseURL}${podcast.file}` });

  const course = await expectIndexable(`/products/${product.id}`, product.title, 'website', product.image);
  await expectPlainTextOfPage(`/products/${product.id}`, course.description!);
  expect(course.head.jsonLd).toMatchObject({
    '@type': 'Course',
    name: product.title,
    provider: { '@type': 'Organization', name: site.site_name },
    // Tomans on the site; schema.org wants an ISO 4217 currency: rials.
    offers: { '@type': 'Offer', price: product.price * 10, priceCurrency: 'IRR', category: product.price === 0 ? 'Free' : 'Paid' },
  });

  // A list's later page is a page of its own; its order filter is not.
  const second = await serverHead(page, '/posts?filter=oldest&page=2');
  expect(second.canonical).toBe(`${baseURL}/posts?page=2`);
  expect(second.title).toBe(`نوشته‌ها — صفحه ۲ | ${site.site_name}`);

  // A missing item: the 404 page, kept out of indexes.
  const missing = await serverHead(page, '/posts/999999');
  expect(missing.status).toBe(404);
  expect(missing.titles).toBe(1);
  expect(missing.title).toBe(`صفحه پیدا نشد | ${site.site_name}`);
  expect(await missing.meta('robots')).toBe('noindex');
  expect(missing.canonical).toBeNull();
  expect(missing.jsonLd).toBeNull();
});

test('the browser leaves the server’s head alone, and the search page keeps itself out of indexes', async ({ page, baseURL }) => {
  await page.goto('/posts');
  const title = await page.title();
  // The first use of the list hydrates its island: the head stays as the server sent it.
  await page.getByRole('button', { name: 'قدیمی‌ترین' }).click();
  await expect(page).toHaveURL(/filter=oldest/);
  expect(await page.title()).toBe(title);
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/posts`);

  // Search is rendered in the browser: its title and robots tag come from the page.
  await page.goto('/search?q=%D8%AC%D8%A7%D9%88%D8%A7');
  await expect(page).toHaveTitle(/^نتایج جست‌وجو برای «جاوا» \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
