import { belowTheFold, Box, Container, Stack, Typography } from '@shop/ui-kit';
import { Slot } from '../federation/remote-areas';
import { t } from '../strings';

/**
 * Home (SPEC §2): about me, newest posts, latest podcasts, latest products, each a slot
 * filled by the remote that owns it, so one remote failing leaves the others on screen.
 */
/** A list's height with its six cards: one column on phones, two on tablets, three from md. */
const LIST_BELOW_THE_FOLD = belowTheFold({ xs: '2050px', sm: '1050px', md: '720px' });

export default function HomePage() {
  return (
    <Container sx={{ py: 4 }}>
      <Box component="section" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: 30, md: 44 } }}>
          {t.home.heroTitle}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 720 }}>
          {t.home.heroText}
        </Typography>
      </Box>
      <Stack spacing={6} useFlexGap>
        <Slot name="home.about-me" />
        {(['home.latest-posts', 'home.latest-podcasts', 'home.latest-products'] as const).map((name) => (
          <Box key={name} sx={LIST_BELOW_THE_FOLD}>
            <Slot name={name} />
          </Box>
        ))}
      </Stack>
    </Container>
  );
}
