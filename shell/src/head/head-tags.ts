/**
 * The head tags of a server-rendered public page (issue 9 "Each page also carries"): its
 * `<title>` and meta description, a canonical URL, Open Graph and Twitter tags, and JSON-LD
 * (`Article` for posts, `PodcastEpisode` for podcasts, `Course` for products, `WebSite` on home),
 * built from the head the page declared (`PageHead` of `@shop/contracts`) and the site
 * information. Runs in the shell's server bundle only.
 *
 * Decisions:
 * - URLs are absolute on the site's public origin, which the server passes (`PUBLIC_URL`, else
 *   the request's own origin, as in the RSS feeds and the sitemap).
 * - The canonical URL is the path, with `?page=N` of a list's later pages and no other query
 *   (a list's `filter` orders the same items, the FAQ's `tab` shows one part of the same page).
 * - A page that is not to be indexed (search, error pages, any error status) gets
 *   `<meta name="robots" content="noindex">` and no canonical URL.
 * - Prices are in tomans on the site; schema.org wants an ISO 4217 currency, and the toman has none:
 *   offers are in Iranian rials (`IRR`), 1 toman = {@link RIALS_PER_TOMAN} rials.
 */
import type { PageHead, PageHeadItem } from '@shop/contracts';
import { plainTextExcerpt, toPersianDigits } from '@shop/format';
import { t } from '../strings';
import { pageTitle } from './page-title';

/** Most characters of a meta description (search engines show about this many). */
export const DESCRIPTION_LENGTH = 160;
/** Rials in a toman: schema.org offers are priced in IRR (ISO 4217). */
export const RIALS_PER_TOMAN = 10;
/** The site's language and region: og:locale and JSON-LD `inLanguage`. */
const OG_LOCALE = 'fa_IR';
const LANGUAGE = 'fa-IR';

export interface HeadTagsInput {
  /** What the page declared, or null when it declared nothing (the site's defaults apply). */
  head: PageHead | null;
  /** The site's name and short description (site information, or the built-in ones). */
  site: { name: string; description: string };
  /** The site's public origin, without a trailing slash (`https://example.com`). */
  origin: string;
  /** The requested path with its query string (`/posts?page=2`). */
  url: string;
  /** The page's HTTP status; an error status keeps it out of indexes. Default 200. */
  status?: number;
}

/** Text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON for the content of a `<script>` element: `<` written as `\u003c`, so no value (a title
 * with `</script>` or `<!--`) can end the element or change how it is parsed. Still the same JSON.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** An absolute http(s) URL for a root-relative or absolute one on `origin`; undefined for anything else. */
export function absoluteUrl(origin: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const absolute = new URL(url, `${origin}/`);
    return /^https?:$/.test(absolute.protocol) ? absolute.href : undefined;
  } catch {
    return undefined;
  }
}

/** The list page a URL asks for (`?page=N`), 1 when none or not a whole number above 1. */
function listPage(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The canonical URL of a requested path (see the file's comment): the path, and `?page=N` when N > 1. */
export function canonicalUrl(origin: string, url: string): string {
  const parsed = new URL(url, `${origin}/`);
  const page = listPage(parsed);
  return `${origin}${parsed.pathname}${page > 1 ? `?page=${page}` : ''}`;
}

/** An ISO 8601 duration (`PT1H2M5S`) for a length in seconds. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || total === 0 ? `${rest}S` : ''}`;
}

/** What a head resolves to once the site's defaults fill it in. */
interface ResolvedHead {
  title: string;
  /** og:title and twitter:title: the page's own title, or the site's name. */
  shortTitle: string;
  description: string;
  canonical: string;
  image?: string;
  noindex: boolean;
  item?: PageHeadItem;
}

function resolve({ head, site, origin, url, status = 200 }: HeadTagsInput): ResolvedHead {
  const description = plainTextExcerpt(head?.description ?? '', DESCRIPTION_LENGTH) || plainTextExcerpt(site.description, DESCRIPTION_LENGTH);
  // A list's later pages are pages of their own (their canonical URL keeps `?page=N`): so are their titles.
  const page = listPage(new URL(url, `${origin}/`));
  const title = head?.title && page > 1 ? t.head.page(head.title, toPersianDigits(page)) : head?.title;
  return {
    title: pageTitle(title, site.name),
    shortTitle: title || site.name,
    description,
    canonical: canonicalUrl(origin, url),
    image: absoluteUrl(origin, head?.image),
    noindex: Boolean(head?.noindex) || status >= 400,
    item: head?.item,
  };
}

/**
 * The page's JSON-LD (schema.org): `Article`, `PodcastEpisode` or `Course` for the item of a
 * detail page, `WebSite` on home, else null.
 */
export function structuredData(input: HeadTagsInput): Record<string, unknown> | null {
  return jsonLdOf(resolve(input), input);
}

function jsonLdOf(page: ResolvedHead, { site, origin, url }: HeadTagsInput): Record<string, unknown> | null {
  if (page.noindex) return null;
  const organization = { '@type': 'Organization', name: site.name, url: `${origin}/` };
  const context = { '@context': 'https://schema.org' };
  const common = {
    url: page.canonical,
    description: page.description,
    inLanguage: LANGUAGE,
    ...(page.image ? { image: page.image } : {}),
  };
  const item = page.item;
  if (!item) {
    if (new URL(url, `${origin}/`).pathname !== '/') return null;
    return { ...context, '@type': 'WebSite', name: site.name, url: `${origin}/`, description: page.description, inLanguage: LANGUAGE };
  }
  const dates = { datePublished: item.publishedAt, dateModified: item.modifiedAt };
  switch (item.type) {
    case 'article':
      return {
        ...context,
        '@type': 'Article',
        headline: page.shortTitle,
        ...common,
        ...dates,
        mainEntityOfPage: page.canonical,
        author: organization,
        publisher: organization,
      };
    case 'podcast-episode': {
      const audio = absoluteUrl(origin, item.audio);
      const duration = item.durationSeconds ? isoDuration(item.durationSeconds) : undefined;
      return {
        ...context,
        '@type': 'PodcastEpisode',
        name: page.shortTitle,
        ...common,
        ...dates,
        ...(duration ? { duration } : {}),
        ...(audio ? { associatedMedia: { '@type': 'AudioObject', contentUrl: audio, ...(duration ? { duration } : {}) } } : {}),
        partOfSeries: { '@type': 'PodcastSeries', name: site.name, url: `${origin}/podcasts` },
        publisher: organization,
      };
    }
    case 'course':
      return {
        ...context,
        '@type': 'Course',
        name: page.shortTitle,
        ...common,
        ...dates,
        provider: organization,
        offers: {
          '@type': 'Offer',
          price: item.priceTomans * RIALS_PER_TOMAN,
          priceCurrency: 'IRR',
          category: item.priceTomans === 0 ? 'Free' : 'Paid',
          availability: item.available ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
          url: page.canonical,
        },
        hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
      };
  }
}

/**
 * The head tags of a server-rendered page, as HTML to put in its `<head>` (the server puts it
 * before `</head>` of islands.html, which has no title or description of its own).
 * @returns `<title>`, the meta description, robots or canonical, Open Graph, Twitter and JSON-LD tags
 */
export function headTags(input: HeadTagsInput): string {
  const page = resolve(input);
  const meta = (attribute: 'name' | 'property', key: string, content: string | undefined) =>
    content === undefined ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const item = page.item;
  const jsonLd = jsonLdOf(page, input);
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    page.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(page.canonical)}">`,
    meta('property', 'og:site_name', input.site.name),
    meta('property', 'og:locale', OG_LOCALE),
    meta('property', 'og:type', item?.type === 'article' || item?.type === 'podcast-episode' ? 'article' : 'website'),
    meta('property', 'og:title', page.shortTitle),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', page.canonical),
    meta('property', 'og:image', page.image),
    ...(item?.type === 'article' || item?.type === 'podcast-episode'
      ? [meta('property', 'article:published_time', item.publishedAt), meta('property', 'article:modified_time', item.modifiedAt)]
      : []),
    meta('name', 'twitter:card', page.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.shortTitle),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', page.image),
    jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : '',
  ].join('');
}
