import type { ReactNode } from 'react';
import type { User } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { Box, Button, Divider, Paper, Stack, Typography } from '@shop/ui-kit';
import { Avatar, Chip } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { PasswordChangeForm } from './password-change-form';
import { ProfileForm } from './profile-form';
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

/** A card of the tab with its heading. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The profile's `#home` tab (SPEC §2/§3, issue 7): the signed-in user's name, type, email with its
 * status (unverified: a link to /resend-verification-email) and join date; the form that edits the
 * name, email and mobile; and the password change form.
 */
export function ProfileDetailsTab({ user }: { user: User }) {
  return (
    <Stack spacing={3} useFlexGap>
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
          <Row label={t.email}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <bdi dir="ltr">{user.email}</bdi>
              <Chip
                size="small"
                color={user.is_email_verified ? 'success' : 'warning'}
                variant="outlined"
                label={user.is_email_verified ? t.emailVerified : t.emailNotVerified}
                aria-label={`${t.emailStatus}: ${user.is_email_verified ? t.emailVerified : t.emailNotVerified}`}
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
      <Card title={t.profileForm.title}>
        <ProfileForm key={user.id} user={user} />
      </Card>
      <Card title={t.profileForm.passwordTitle}>
        <PasswordChangeForm />
      </Card>
    </Stack>
  );
}
