import type { ProductDetail } from '@shop/contracts';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import { Box, Paper, Typography } from '@shop/ui-kit';
import { List, ListItem, ListItemText } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/**
 * A product's sessions in order (SPEC §2 /products/:productId), numbered in Persian digits.
 * Rows are not links yet: the session page arrives in a later issue.
 */
export function ProductSessionsList({ sessions }: { sessions: ProductDetail['sessions'] }) {
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
            <ListItem key={session.id} divider={index < sessions.length - 1} sx={{ gap: 2, py: 1.5 }}>
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.selected',
                  fontWeight: 700,
                }}
              >
                {toPersianDigits(index + 1)}
              </Box>
              <ListItemText
                primary={session.title}
                secondary={`${t.session(toPersianDigits(index + 1))} · ${formatJalaliDate(session.created_at)}`}
                slotProps={{ primary: { sx: { fontWeight: 500 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
