import { use } from 'react';
import { useAppDispatch, type AppDispatch } from '@shop/api-client';
import { Alert, AlertTitle, Box, Container, Stack } from '@shop/ui-kit';
import { announcementsApi, useGetPublicAnnouncementsQuery } from './announcements-api';
import { useClosedAnnouncements } from './closed-announcements';
import { t } from '../strings';

/** The first request of the banner in each store, answered (or refused) once it settles. */
const firstAnswers = new WeakMap<AppDispatch, Promise<void>>();

/**
 * The store's first request of `GET /api/announcements`, sent now if it was not: the banner suspends
 * on it until it is answered (a refusal too), so the page around it (the shell's public layout holds
 * the page for this slot) is revealed with the banner and never moves down when it arrives: a click
 * aimed at the page landed on what had moved (issue 33 item 3). Once settled it never suspends again.
 */
function firstAnswerOf(dispatch: AppDispatch): Promise<void> {
  const known = firstAnswers.get(dispatch);
  if (known) return known;
  const request = dispatch(announcementsApi.endpoints.getPublicAnnouncements.initiate());
  // The request's promise resolves with the answer or the error alike.
  const first = request.then(() => request.unsubscribe());
  firstAnswers.set(dispatch, first);
  return first;
}

/**
 * The public layout's announcement banner (slot `layout.announcements`; issue 8): the active,
 * unexpired announcements of `GET /api/announcements`, newest first, each closable; a closed one
 * stays closed on this device (a preference cookie, which the server's HTML follows too, so the
 * banner needs no JavaScript to show the right ones; issue 9). Nothing is drawn while they load or when
 * there are none, so visitors without announcements see no shift of the page; in the browser the
 * first load suspends ({@link firstAnswerOf}), so the page waits for the banner rather than moving.
 */
export default function AnnouncementsBanner() {
  const dispatch = useAppDispatch();
  const { data, isError } = useGetPublicAnnouncementsQuery();
  // Once it has waited, it always calls use() (at once, settled): React replays a suspended render.
  const first = data === undefined && !isError ? firstAnswerOf(dispatch) : firstAnswers.get(dispatch);
  if (first) use(first);
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
