import { RichText } from '@shop/content-ui';
import { Container, Skeleton, Typography } from '@shop/ui-kit';
import { siteInformationApi } from '@shop/api-client';

/** A heading at the very start of a text, with what it says (tags taken out). */
const LEADING_HEADING = /^\s*<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/i;

/**
 * The text without a leading heading that only repeats the page's title (issue 22 item 14: the
 * demo terms, and any text staff write, may start with «قوانین و مقررات», already the page's h1).
 * @param html the sanitized HTML of the site information
 * @param title the page's title, its h1
 * @returns the HTML to show under the title
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const heading = LEADING_HEADING.exec(html);
  const said = heading?.[1]?.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  return heading && said === title ? html.slice(heading[0].length).trimStart() : html;
}

/** A page that shows one HTML text of the site information under a title (about-me, terms). */
export function SiteTextPage({ title, field }: { title: string; field: 'about_me' | 'terms_and_conditions' }) {
  const { data, isLoading } = siteInformationApi.useGetSiteInformationQuery();
  const html = data?.data[field];
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {title}
      </Typography>
      {isLoading || html === undefined ? (
        <>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="70%" />
        </>
      ) : (
        <RichText html={withoutRepeatedTitle(html, title)} />
      )}
    </Container>
  );
}
