import { useId } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { ForensicIdentification, ForensicRevocation } from '@shop/contracts';
import { FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { forensicRevocationSchema, REVOCATION_REASON_LENGTH, validate } from '@shop/validation';
import { Alert, AlertTitle, Box, Button, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@shop/ui-kit/lazy';
import { forensicStrings } from './forensic-strings';
import { useRevokeForensicAccountMutation } from './forensics-admin-api';

const v = forensicStrings.revoke;


/**
 * The confirmation of «لغو دسترسی این حساب» (issue 38 item 4): what revoking does, and a required
 * reason (3–500 characters, quoted in the buyer's mail). A refusal (403 without manage-refunds, 409
 * when nobody was named or it is already revoked) shows in Persian in the dialog and keeps the reason.
 * @param identification the identification whose named account is revoked
 */
export function RevocationDialog({ identification, open, onClose }: { identification: ForensicIdentification; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [revoke] = useRevokeForensicAccountMutation();
  const send = async (values: { reason: string }, helpers: FormikHelpers<{ reason: string }>) => {
    helpers.setStatus({});
    const checked = await validate(forensicRevocationSchema, values);
    if (!checked.ok) return;
    try {
      await revoke({ id: identification.id, body: checked.value }).unwrap();
      enqueueSnackbar(v.done, { variant: 'success' });
      onClose();
    } catch (failure) {
      const { status, message, fieldErrors } = claimApiError(failure as FetchBaseQueryError);
      if (status === 403) helpers.setStatus({ error: message ?? v.forbidden });
      else if (status === 409) helpers.setStatus({ error: message ?? v.conflict });
      else await showSaveFailure({ status, message: message ?? v.failed, errors: fieldErrors }, helpers);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Formik initialValues={{ reason: '' }} initialStatus={{}} validationSchema={forensicRevocationSchema} onSubmit={send}>
        {({ isSubmitting }) => (
          <Form noValidate aria-labelledby={titleId}>
            <DialogTitle id={titleId}>{v.title(identification.user?.full_name ?? '')}</DialogTitle>
            <DialogContent dividers>
              <Stack spacing={2} useFlexGap>
                <Typography>{v.intro}</Typography>
                <FormTextField name="reason" label={v.reason} help={v.reasonHelp} multiline minRows={3} maxLength={REVOCATION_REASON_LENGTH.max} autoFocus />
              </Stack>
              <FormStatusAlert />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={isSubmitting}>
                {v.cancel}
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={isSubmitting}>
                {v.confirm}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}

/** A revocation made: when and by whom, the reason, and how many grants of the course ended. */
export function RevocationSummary({ revocation }: { revocation: ForensicRevocation }) {
  return (
    <Box component="section" aria-label={v.revokedTitle}>
      <Alert severity="success">
        <AlertTitle>{v.revokedTitle}</AlertTitle>
        <Stack spacing={0.5} useFlexGap>
          <Typography>{v.revokedBy(revocation.revoked_by.full_name, formatJalaliDate(revocation.revoked_at, { withTime: true }))}</Typography>
          <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{v.reasonOf(revocation.reason)}</Typography>
          <Typography>{revocation.grants_ended > 0 ? v.grantsEnded(formatNumber(revocation.grants_ended)) : v.noGrants}</Typography>
        </Stack>
      </Alert>
    </Box>
  );
}
