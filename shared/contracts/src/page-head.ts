/**
 * What a public page says about itself in its `<head>` (issue 9 "Each page also carries": its
 * title and description, Open Graph and Twitter tags, a canonical URL, and JSON-LD: `Article` for
 * posts, `PodcastEpisode` for podcasts, `Course` for products).
 *
 * A page only states facts, from the same RTK Query data it renders; the shell turns them into
 * tags: in the server HTML of a server-rendered page (absolute URLs, the site's name and
 * description from the site information, schema.org JSON-LD), and in the browser into the tab's
 * title and the robots tag of a client-rendered page. Islands never touch the head.
 */

/** The item a detail page shows: its og:type and its JSON-LD type. Dates are ISO 8601, UTC. */
export type PageHeadItem =
  /** A post: og:type `article` and JSON-LD `Article`. */
  | { type: 'article'; publishedAt: string; modifiedAt: string }
  /** A podcast episode: og:type `article` and JSON-LD `PodcastEpisode`. */
  | {
      type: 'podcast-episode';
      publishedAt: string;
      modifiedAt: string;
      /** Root-relative (`/media/…`) or absolute URL of the audio file, or null when it has none. */
      audio: string | null;
      /** Length in seconds, when known. */
      durationSeconds: number | null;
    }
  /** A course: og:type `website` and JSON-LD `Course` with an offer. */
  | {
      type: 'course';
      publishedAt: string;
      modifiedAt: string;
      /** Price in tomans; 0 means free. */
      priceTomans: number;
      /** False when the course can no longer be bought (SPEC §4 product status `expired`). */
      available: boolean;
    };

/** A page's head, as the page declares it (see the file's comment). Every field is optional. */
export interface PageHead {
  /** The page's own title, without the site's name (the shell appends it); none: the site's name alone (home). */
  title?: string;
  /**
   * What the page is about: plain text or the item's sanitized HTML; the shell makes it a short
   * plain text. None: the site's short description.
   */
  description?: string;
  /** Root-relative (`/media/…`) or absolute URL of the item's cover image, or null when it has none. */
  image?: string | null;
  /** Keeps the page out of search indexes (search results, error pages). */
  noindex?: boolean;
  /** The item a detail page shows; none for home, lists and text pages. */
  item?: PageHeadItem;
}

/**
 * A public route's head (`PublicRoute.useHead`): a React hook the shell calls where the route's
 * page renders (inside its route and guard, so `useParams` and the page's own query hooks work,
 * with the same arguments as the page so no request is added).
 * @returns the head, or null while the page's data loads or when it has none of its own
 */
export type UsePageHead = () => PageHead | null;
