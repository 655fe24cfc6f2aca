import type { ProductSessionSummary } from '@shop/contracts';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import { Box, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Chip, List, ListItemButton, ListItemText } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { lockText, sessionLockStrings } from '../sessions/session-lock-strings';
import { t } from '../strings';

/** The width of a session's round marker, px. */
const MARKER_PX = 36;

/** The round number of a session; a done tick replaces it once the buyer marked it done. */
function SessionMarker({ number, done }: { number: number; done: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{
        flexShrink: 0,
        width: MARKER_PX,
        height: MARKER_PX,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: done ? 'success.main' : 'action.selected',
        color: done ? 'success.contrastText' : 'text.primary',
        fontWeight: 700,
      }}
    >
      {done ? <Icon name="CheckCircle" fontSize="small" /> : toPersianDigits(number)}
    </Box>
  );
}

/**
 * A course's sessions in order (SPEC §2 /products/:productId, issue 6), numbered in Persian
 * digits, each a link to `/products/:productId/:sessionId`: a lock where the caller may not
 * open it (`can_view`), a «پیش‌نمایش رایگان» chip on free previews, a tick on those the buyer
 * marked done (`is_done`), and for a session its schedule still closes (issue 37 item 5) a clock and
 * when or what opens it in place of its date (the session page links the prerequisite: a row is a link already).
 */
export function ProductSessionsList({ productId, sessions }: { productId: number; sessions: ProductSessionSummary[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={t.sessions} sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
        {t.sessions}
      </Typography>
      {sessions.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t.noSessions}
        </Typography>
      ) : (
        <List component="ol" sx={{ listStyle: 'none', p: 0 }}>
          {sessions.map((session, index) => (
            <li key={session.id}>
              <ListItemButton
                component={Link}
                to={`/products/${productId}/${session.id}`}
                divider={index < sessions.length - 1}
                // On a phone the chips go under the title, which keeps the row's width (issue 22 item 13).
                sx={{ columnGap: 2, rowGap: 0.5, py: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
              >
                <SessionMarker number={index + 1} done={session.is_done} />
                <ListItemText
                  primary={session.title}
                  secondary={
                    session.lock
                      ? `${t.session(toPersianDigits(index + 1))} · ${lockText(session.lock)}`
                      : `${t.session(toPersianDigits(index + 1))} · ${formatJalaliDate(session.created_at)}`
                  }
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                  sx={{ flexBasis: { xs: `calc(100% - ${MARKER_PX}px - 16px)`, sm: 'auto' }, minWidth: 0 }}
                />
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap', marginInlineStart: { xs: `${MARKER_PX + 16}px`, sm: 0 }, '&:empty': { display: 'none' } }}>
                  {session.is_done && <Chip size="small" color="success" variant="outlined" label={t.sessionDone} />}
                  {session.is_free_preview && <Chip size="small" color="secondary" variant="outlined" label={t.freePreview} />}
                  {!session.can_view && <Icon name="Lock" titleAccess={t.locked} color="action" fontSize="small" />}
                  {session.lock && <Icon name="Schedule" titleAccess={sessionLockStrings.locked} color="action" fontSize="small" />}
                </Stack>
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
    </Paper>
  );
}
