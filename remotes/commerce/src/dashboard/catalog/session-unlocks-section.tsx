import { Form, Formik, useField } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { SessionUnlock } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { Box, Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { JalaliDateInput } from '@shop/ui-kit/date-pickers';
import { useGetSessionUnlocksQuery, useRemoveSessionUnlockMutation, useSaveSessionUnlockMutation } from './session-unlocks-api';
import { scheduleStrings } from './session-schedule-strings';

const s = scheduleStrings.unlocks;

/** What the override form holds: the buyer's email, a Jalali day or '' (lift now) and a reason. */
interface UnlockValues {
  buyer: string;
  opens_date: string;
  reason: string;
}

const BLANK: UnlockValues = { buyer: '', opens_date: '', reason: '' };

/** The Jalali day of the override; empty lifts the lock now. */
function OpensDateField() {
  const [field, meta, helpers] = useField<string>('opens_date');
  const showError = meta.touched && !!meta.error;
  return (
    <JalaliDateInput
      label={s.opensDate}
      value={field.value || null}
      onChange={(value) => void helpers.setValue(value ?? '')}
      slotProps={{ field: { clearable: true }, textField: { name: 'opens_date', fullWidth: true, error: showError, helperText: showError ? meta.error : undefined } }}
    />
  );
}

/** One override: the buyer, «باز شده است» or the day it opens, the reason and who set it, with a remove button. */
function UnlockRow({ sessionId, unlock }: { sessionId: number; unlock: SessionUnlock }) {
  const [remove, { isLoading }] = useRemoveSessionUnlockMutation();
  const state = unlock.opens_at ? s.opensOn(formatJalaliDate(unlock.opens_at)) : s.liftedNow;
  const details = [state, unlock.reason, unlock.by_full_name ? s.by(unlock.by_full_name) : null, formatJalaliDate(unlock.created_at)].filter(Boolean).join(' · ');
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {unlock.user_full_name} <bdi dir="ltr">({unlock.user_email})</bdi>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {details}
        </Typography>
      </Box>
      <Button
        size="small"
        color="error"
        disabled={isLoading}
        aria-label={s.removeLabel(unlock.user_full_name)}
        onClick={async () => {
          const answer = await remove({ sessionId, userId: unlock.user_id }).unwrap();
          enqueueSnackbar(answer.message, { variant: 'success' });
        }}
      >
        {s.remove}
      </Button>
    </Box>
  );
}

/**
 * The session edit page's per-buyer overrides (issue 37 item 5): the list of buyers whose lock staff
 * lifted or moved, and a form to lift the lock now (no date) or move its date for one buyer named by
 * email, with an optional reason. The server's Persian field errors show under the fields.
 */
export function SessionUnlocksSection({ sessionId }: { sessionId: number }) {
  const { data } = useGetSessionUnlocksQuery(sessionId);
  const [save] = useSaveSessionUnlockMutation();
  const unlocks = data?.data ?? [];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="session-unlocks-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3, borderRadius: 3 }}>
      <Typography id="session-unlocks-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {s.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {s.intro}
      </Typography>
      <Formik<UnlockValues>
        initialValues={BLANK}
        initialStatus={{}}
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          try {
            const answer = await save({ sessionId, body: { buyer: values.buyer.trim(), opens_date: values.opens_date || null, reason: values.reason } }).unwrap();
            helpers.resetForm({ values: BLANK, status: {} });
            enqueueSnackbar(answer.message, { variant: 'success' });
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={s.title}>
            <Stack spacing={2} useFlexGap>
              <FormTextField name="buyer" label={s.buyer} ltr />
              <OpensDateField />
              <FormTextField name="reason" label={s.reason} maxLength={500} />
            </Stack>
            <FormStatusAlert />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {s.save}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
      {unlocks.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {s.empty}
        </Typography>
      ) : (
        <Box component="ul" aria-label={s.listLabel} sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
          {unlocks.map((unlock) => (
            <UnlockRow key={unlock.user_id} sessionId={sessionId} unlock={unlock} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
