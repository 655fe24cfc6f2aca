import { Button, Card, CardContent, Icon, Skeleton, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { siteInformationApi } from '@shop/api-client';
import { plainTextExcerpt } from '@shop/format';
import { t } from '../strings';

/** How much of the about-me text the home page shows. */
const EXCERPT_LENGTH = 300;

/** The home page's about-me slot (SPEC §2): the start of the about-me text and a link to `/about-me`. */
export default function AboutMeSlot() {
  const { data, isLoading } = siteInformationApi.useGetSiteInformationQuery();
  const excerpt = data ? plainTextExcerpt(data.data.about_me, EXCERPT_LENGTH) : '';
  if (data && !excerpt) return null;
  return (
    <Card component="section" variant="outlined" aria-labelledby="about-me-slot-title">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography id="about-me-slot-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t.aboutMe}
        </Typography>
        {isLoading ? (
          <>
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="60%" />
          </>
        ) : (
          <Typography color="text.secondary" sx={{ lineHeight: 2, maxWidth: 820 }}>
            {excerpt}
          </Typography>
        )}
        <Button component={Link} to="/about-me" endIcon={<Icon name="ChevronLeft" />} sx={{ mt: 2 }}>
          {t.moreAboutMe}
        </Button>
      </CardContent>
    </Card>
  );
}
