import { MAIL_KINDS, STAFF_MAIL_KINDS, type MailKind } from '@shop/contracts';
import { Paper, Skeleton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { FormControlLabel, FormHelperText, Switch } from '@shop/ui-kit/lazy';
import { useGetMailPreferencesQuery, useSaveMailPreferencesMutation } from './profile-api';
import { t } from '../strings';

/** The staff-only kinds (issue 26), which an ordinary user never receives. */
const staffOnly = new Set<MailKind>(STAFF_MAIL_KINDS);

/**
 * The mail switches of `/profile#home` (issues 25, 26): one per kind of MAIL_KINDS (the staff-only
 * kinds only when `staff`), on while the user wants that mail; each change is saved at once
 * (`PUT /api/profile/mail-preferences`) and confirmed by the server's Persian message. A failure
 * is the shell's toast, and the switch stays as the server has it.
 */
export function MailPreferencesCard({ staff }: { staff: boolean }) {
  const preferences = useGetMailPreferencesQuery().data?.data;
  const kinds = MAIL_KINDS.filter((kind) => staff || !staffOnly.has(kind));
  const [save, { isLoading }] = useSaveMailPreferencesMutation();
  return (
    <Paper variant="outlined" component="section" aria-label={t.mailPreferences.title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t.mailPreferences.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.mailPreferences.help}
      </Typography>
      <Stack spacing={1} useFlexGap>
        {kinds.map((kind) =>
          preferences ? (
            <div key={kind}>
              <FormControlLabel
                label={t.mailPreferences.kinds[kind]}
                control={
                  <Switch
                    checked={preferences[kind]}
                    disabled={isLoading}
                    slotProps={{ input: { 'aria-describedby': `mail-kind-${kind}` } }}
                    onChange={(event) => {
                      void save({ [kind]: event.target.checked })
                        .unwrap()
                        .then((answer) => enqueueSnackbar(answer.message, { variant: 'success' }))
                        .catch(() => undefined);
                    }}
                  />
                }
              />
              <FormHelperText id={`mail-kind-${kind}`} sx={{ mt: 0 }}>
                {t.mailPreferences.kindHelp[kind]}
              </FormHelperText>
            </div>
          ) : (
            <Skeleton key={kind} variant="rounded" height={40} />
          ),
        )}
      </Stack>
    </Paper>
  );
}
