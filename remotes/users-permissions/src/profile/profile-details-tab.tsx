import type { ReactNode } from 'react';
import type { User } from '@shop/contracts';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import { Box, Button, Divider, Paper, Stack, Typography } from '@shop/ui-kit';
import { Avatar, Chip } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { t } from '../strings';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0.5, sm: 2 }, py: 1.5, alignItems: 'center' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The profile's `#home` tab (SPEC §2/§3): the signed-in user's name, email, mobile, email status, type and join date. */
export function ProfileDetailsTab({ user }: { user: User }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 24 }}>{user.full_name.trim().charAt(0)}</Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {user.full_name}
          </Typography>
          <Typography color="text.secondary">{t.userStatus[user.status]}</Typography>
        </Box>
      </Stack>
      <Divider />
      <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
        <Row label={t.fullName}>{user.full_name}</Row>
        <Row label={t.email}>
          <bdi dir="ltr">{user.email}</bdi>
        </Row>
        <Row label={t.mobile}>{user.mobile ? <bdi dir="ltr">{toPersianDigits(user.mobile)}</bdi> : <Typography color="text.secondary">{t.notSet}</Typography>}</Row>
        <Row label={t.emailStatus}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={user.is_email_verified ? 'success' : 'warning'}
              variant="outlined"
              label={user.is_email_verified ? t.emailVerified : t.emailNotVerified}
            />
            {!user.is_email_verified && (
              <Button component={Link} to="/resend-verification-email" size="small">
                {t.resendVerification}
              </Button>
            )}
          </Stack>
        </Row>
        <Row label={t.userType}>{t.userStatus[user.status]}</Row>
        <Row label={t.memberSince}>
          <time dateTime={user.created_at}>{formatJalaliDate(user.created_at)}</time>
        </Row>
      </Box>
    </Paper>
  );
}
