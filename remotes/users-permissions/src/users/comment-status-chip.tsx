import type { User } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { Box, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { t } from '../strings';

const COLORS = { allowed: 'success', 'temporarily-barred': 'warning', barred: 'error' } as const;

/**
 * A user's comment permission (SPEC §4) as a chip: «مجاز», «موقتاً غیرمجاز» with the end of the
 * bar in Jalali date and time under it («تا ۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰»; the date and the time each
 * kept whole, issue 32 item 8), or «غیرمجاز (دائمی)».
 */
export function CommentStatusChip({ user }: { user: Pick<User, 'write_comment_status' | 'comment_barred_until'> }) {
  const status = user.write_comment_status;
  const [date = '', time] = status === 'temporarily-barred' ? formatJalaliDate(user.comment_barred_until, { withTime: true }).split(/(?<=،) /) : [];
  const until = date ? { date, time } : undefined;
  return (
    <Stack spacing={0.5} useFlexGap sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" variant="outlined" color={COLORS[status]} label={t.commentStatus[status]} />
      {until && (
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={user.comment_barred_until ?? undefined}>
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {t.barredUntil(until.date)}
            </Box>
            {until.time && (
              <>
                {' '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {until.time}
                </Box>
              </>
            )}
          </time>
        </Typography>
      )}
    </Stack>
  );
}
