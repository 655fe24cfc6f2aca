/**
 * The tab's title and a page's `<title>` (issue 9): «<page title> | <site name>», or the site's
 * name alone for a page without a title of its own (home).
 */
export function pageTitle(title: string | undefined, siteName: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}
