import type { User } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { t } from '../strings';

const COLORS = { allowed: 'success', 'temporarily-barred': 'warning', barred: 'error' } as const;

/**
 * A user's comment permission (SPEC §4) as a chip: «مجاز», «موقتاً غیرمجاز» with the end of the
 * bar in Jalali date and time («تا ۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰»), or «غیرمجاز (دائمی)».
 */
export function CommentStatusChip({ user }: { user: Pick<User, 'write_comment_status' | 'comment_barred_until'> }) {
  const status = user.write_comment_status;
  const until = status === 'temporarily-barred' ? formatJalaliDate(user.comment_barred_until, { withTime: true }) : '';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
      <Chip size="small" variant="outlined" color={COLORS[status]} label={t.commentStatus[status]} />
      {until && (
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={user.comment_barred_until ?? undefined}>{t.barredUntil(until)}</time>
        </Typography>
      )}
    </Stack>
  );
}
