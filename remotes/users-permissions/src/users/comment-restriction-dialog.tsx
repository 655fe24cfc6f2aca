import { useId } from 'react';
import { Form, Formik, useField, type FormikErrors } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { CommentRestrictionBody, User, WriteCommentStatus } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { FormRadioField, FormStatusAlert, showSaveFailure, toFormikErrors } from '@shop/forms';
import { commentRestrictionSchema, validate } from '@shop/validation';
import { Box, Button, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip, Dialog, DialogActions, DialogContent, DialogTitle } from '@shop/ui-kit/lazy';
import { DateTimeInput } from '@shop/ui-kit/date-pickers';
import { useSetCommentStatusMutation } from './users-api';
import { t } from '../strings';

/** What the dialog holds: the chosen status and, for a temporary bar, the picker's date (invalid while half typed). */
interface RestrictionValues {
  write_comment_status: WriteCommentStatus;
  barred_until: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The quick choices of a temporary bar's length, in days. */
const PRESET_DAYS = { day: 1, week: 7, month: 30 } as const;


/**
 * The request body of the dialog's values: `barred_until` (ISO 8601) only for a temporary bar; a
 * date still being typed is sent to the shared schema as text it refuses («… معتبر نیست»).
 */
function toBody({ write_comment_status, barred_until }: RestrictionValues): CommentRestrictionBody {
  if (write_comment_status !== 'temporarily-barred' || barred_until === null) return { write_comment_status };
  return { write_comment_status, barred_until: Number.isNaN(barred_until.getTime()) ? String(barred_until) : barred_until.toISOString() };
}

/** Checks the body with the shared `commentRestrictionSchema` (the server runs the same): the end must be in the future. */
async function validateValues(values: RestrictionValues): Promise<FormikErrors<RestrictionValues>> {
  const result = await validate(commentRestrictionSchema, toBody(values));
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<RestrictionValues>);
}

/** The end of a temporary bar: the Jalali date-time picker, quick choices, and the chosen end in words. */
function BarredUntilField() {
  const [field, meta, helpers] = useField<Date | null>('barred_until');
  const showError = meta.touched && !!meta.error;
  const chosen = field.value && !Number.isNaN(field.value.getTime()) ? formatJalaliDate(field.value, { withTime: true }) : '';
  const choose = (value: Date | null) => {
    void helpers.setValue(value);
    void helpers.setTouched(true, false);
  };
  return (
    <Stack spacing={1.5} useFlexGap sx={{ mt: 1 }}>
      <DateTimeInput
        label={t.restriction.until}
        value={field.value}
        onChange={(value) => void helpers.setValue(value)}
        onClose={() => void helpers.setTouched(true)}
        disablePast
        slotProps={{
          textField: {
            name: 'barred_until',
            fullWidth: true,
            onBlur: () => void helpers.setTouched(true),
            error: showError,
            helperText: showError ? meta.error : chosen ? t.restriction.chosen(chosen) : t.restriction.untilHelp,
          },
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t.restriction.presets}:
        </Typography>
        {(Object.keys(PRESET_DAYS) as Array<keyof typeof PRESET_DAYS>).map((preset) => (
          <Chip key={preset} label={t.restriction.presetOptions[preset]} onClick={() => choose(new Date(Date.now() + PRESET_DAYS[preset] * DAY_MS))} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The comment restriction dialog of a user (SPEC §4; `POST /api/dashboard/users/:id/comment-status`):
 * «مجاز», «موقتاً غیرمجاز تا …» with the Jalali date-time picker (the end must be in the future:
 * checked here with the shared schema and again by the server, whose 422 shows under the picker),
 * or «غیرمجاز (دائمی)». On success a toast, the lists refresh and the dialog closes.
 * Loaded lazily by the users page, with the picker (`@shop/ui-kit/date-pickers`).
 */
export default function CommentRestrictionDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const titleId = useId();
  const [save] = useSetCommentStatusMutation();
  const initialValues: RestrictionValues = {
    write_comment_status: user.write_comment_status,
    barred_until: user.comment_barred_until ? new Date(user.comment_barred_until) : null,
  };
  return (
    <Formik<RestrictionValues>
        initialValues={initialValues}
        initialStatus={{}}
        validate={validateValues}
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          try {
            await save({ id: user.id, body: toBody(values) }).unwrap();
            enqueueSnackbar(t.restriction.saved, { variant: 'success' });
            onClose();
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting, values }) => (
          <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
            <Form noValidate aria-labelledby={titleId}>
              <DialogTitle id={titleId}>{t.restriction.title(user.full_name)}</DialogTitle>
              <DialogContent>
                <Box sx={{ pt: 1 }}>
                  <FormRadioField name="write_comment_status" label={t.restriction.legend} options={t.restriction.options} />
                  {values.write_comment_status === 'temporarily-barred' && <BarredUntilField />}
                  <FormStatusAlert />
                </Box>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} disabled={isSubmitting}>
                  {t.restriction.cancel}
                </Button>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? t.restriction.saving : t.restriction.save}
                </Button>
              </DialogActions>
            </Form>
          </Dialog>
        )}
      </Formik>
  );
}
