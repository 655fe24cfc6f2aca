import { Alert, AlertTitle, Box, Container, Stack } from '@shop/ui-kit';
import { useGetPublicAnnouncementsQuery } from './announcements-api';
import { useClosedAnnouncements } from './closed-announcements';
import { t } from '../strings';

/**
 * The public layout's announcement banner (slot `layout.announcements`; issue 8): the active,
 * unexpired announcements of `GET /api/announcements`, newest first, each closable; a closed one
 * stays closed on this device (a preference cookie, which the server's HTML follows too, so the
 * banner needs no JavaScript to show the right ones; issue 9). Nothing is drawn while they load or when
 * there are none, so visitors without announcements see no shift of the page.
 */
export default function AnnouncementsBanner() {
  const { data } = useGetPublicAnnouncementsQuery();
  const [closed, close] = useClosedAnnouncements();
  const shown = data?.data.filter((announcement) => !closed.has(announcement.id)) ?? [];
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-label={t.banner.region} sx={{ pt: 2 }}>
      <Container>
        <Stack spacing={1} useFlexGap>
          {shown.map((announcement) => (
            <Alert
              key={announcement.id}
              severity="info"
              role="note"
              aria-labelledby={`announcement-${announcement.id}`}
              closeText={t.banner.close(announcement.title)}
              onClose={() => close(announcement.id)}
            >
              <AlertTitle id={`announcement-${announcement.id}`}>{announcement.title}</AlertTitle>
              <Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{announcement.text}</Box>
            </Alert>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
