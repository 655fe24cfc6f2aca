import type { ReactNode } from 'react';
import type { User } from '@shop/contracts';
import { formatJalaliDate, formatMobile } from '@shop/format';
import { Box, Button, Divider, Paper, Stack, Typography } from '@shop/ui-kit';
import { Avatar, Chip } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { MailPreferencesCard } from './mail-preferences-card';
import { PasswordChangeForm } from './password-change-form';
import { ProfileForm } from './profile-form';
import { t } from '../strings';

/** The shell's verify step (issue 26), coming back to this tab. */
const VERIFY_MOBILE_PATH = `/verify-mobile?redirect=${encodeURIComponent('/profile#home')}`;

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
 * status (unverified: a link to /resend-verification-email), mobile with its status (issue 26;
 * unverified: «تأیید شماره», the shell's /verify-mobile step) and join date; the form that edits the
 * name, email and mobile; the password change form; and the mail switches (issue 25).
 */
/**
 * An email or mobile with its verified state: a chip named `<status>: verified|not verified`, and
 * while it is not verified, the link that verifies it.
 */
function Contact({ value, verified, status, action }: { value: string; verified: boolean; status: string; action: { to: string; label: string } }) {
  const state = verified ? t.emailVerified : t.emailNotVerified;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <bdi dir="ltr">{value}</bdi>
      <Chip size="small" color={verified ? 'success' : 'warning'} variant="outlined" label={state} aria-label={`${status}: ${state}`} />
      {!verified && (
        <Button component={Link} to={action.to} size="small">
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

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
            <Contact value={user.email} verified={user.is_email_verified} status={t.emailStatus} action={{ to: '/resend-verification-email', label: t.resendVerification }} />
          </Row>
          {user.mobile && (
            <Row label={t.mobile}>
              <Contact value={formatMobile(user.mobile)} verified={user.is_mobile_verified} status={t.mobileStatus} action={{ to: VERIFY_MOBILE_PATH, label: t.verifyMobile }} />
            </Row>
          )}
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
      <MailPreferencesCard staff={user.status !== 'ordinary'} />
    </Stack>
  );
}
