import { RichText } from '@shop/content-ui';
import { Container, Skeleton, Typography } from '@shop/ui-kit';
import { siteInformationApi } from '@shop/api-client';

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
        <RichText html={html} />
      )}
    </Container>
  );
}
