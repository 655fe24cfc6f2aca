import type { InstalmentPurchase } from '@shop/contracts';
import { formatNumber, formatToman, toPersianDigits } from '@shop/format';
import { Alert, Box, Button, Divider, Icon, Link as MuiLink, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Chip, LinearProgress } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { InstalmentSchedule } from './instalment-schedule';
import { useGetMyInstalmentPurchasesQuery } from './instalments-api';
import { t } from '../strings';

/** The chip colour of a purchase's status: waiting for its first part amber, active blue, paid off green, cancelled grey. */
const STATUS_COLORS = { pending: 'warning', active: 'info', completed: 'success', cancelled: 'default' } as const;

/** The note under a purchase's progress: access paused by a missed part, waiting for the first part, or cancelled. */
function PurchaseNote({ purchase }: { purchase: InstalmentPurchase }) {
  if (purchase.status === 'active' && !purchase.has_access) {
    return (
      <Alert severity="error" icon={<Icon name="Lock" />} sx={{ mt: 2 }}>
        {t.instalments.paused}
      </Alert>
    );
  }
  if (purchase.status === 'pending' || purchase.status === 'cancelled') {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {t.instalments[purchase.status]}
      </Alert>
    );
  }
  return null;
}

/**
 * One course bought in parts: the course (a link to its page), its status as a chip, the progress
 * «۲ از ۳ قسط پرداخت شده — ۲۱۰٬۰۰۰ از ۳۰۰٬۰۰۰ تومان» with a bar, a warning while a missed part pauses
 * access, then its schedule ({@link InstalmentSchedule}).
 */
function InstalmentPurchaseCard({ purchase, now }: { purchase: InstalmentPurchase; now: number }) {
  const titleId = `instalment-purchase-${purchase.id}`;
  const title = purchase.product.title;
  const paidParts = purchase.instalments.filter((part) => part.state === 'paid').length;
  const progress = t.instalments.progress(
    toPersianDigits(paidParts),
    toPersianDigits(purchase.parts),
    formatNumber(purchase.paid),
    formatToman(purchase.total, { zeroIsFree: false }),
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <MuiLink component={Link} to={`/products/${purchase.product.id}`} underline="hover">
              {title}
            </MuiLink>
          </Typography>
          <Chip size="small" color={STATUS_COLORS[purchase.status]} label={t.instalments.status[purchase.status]} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 1.5 }} useFlexGap sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mt: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={purchase.total > 0 ? Math.min(100, Math.round((purchase.paid / purchase.total) * 100)) : 0}
            aria-label={t.instalments.progressOf(title)}
            aria-valuetext={progress}
            sx={{ flexGrow: 1, maxWidth: { sm: 240 }, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2">{progress}</Typography>
        </Stack>
        <PurchaseNote purchase={purchase} />
      </Box>
      <Divider />
      <InstalmentSchedule purchase={purchase} now={now} />
    </Paper>
  );
}

/**
 * The profile's `#instalments` tab «اقساط» (issue 36 item 2; `GET /api/instalment-purchases`): the
 * user's courses bought in parts, newest first, each with its status, progress and schedule, and
 * «پرداخت قسط» on the part to pay next; or a friendly note when there is none. Asked again each time
 * the tab opens: a part's state moves with the calendar, and its payment completes on the gateway.
 */
export function InstalmentsTab() {
  const { data } = useGetMyInstalmentPurchasesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data) return <Skeleton variant="rounded" height={200} />;
  if (data.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon name="Payments" sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography sx={{ maxWidth: 480 }}>{t.instalments.empty}</Typography>
          <Button component={Link} to="/products" variant="outlined">
            {t.browseProducts}
          </Button>
        </Stack>
      </Paper>
    );
  }
  const now = Date.now();
  return (
    <Stack spacing={3} useFlexGap>
      {data.data.map((purchase) => (
        <InstalmentPurchaseCard key={purchase.id} purchase={purchase} now={now} />
      ))}
    </Stack>
  );
}
