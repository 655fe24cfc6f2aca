import { useField, useFormikContext } from 'formik';
import { skipToken } from '@shop/api-client';
import type { DashboardProductSession, SessionRelease } from '@shop/contracts';
import { toPersianDigits } from '@shop/format';
import { FormNumberField, FormRadioField, FormSelectField } from '@shop/forms';
import { Stack } from '@shop/ui-kit';
import { JalaliDateInput } from '@shop/ui-kit/date-pickers';
import { useGetAdminSessionsQuery } from './catalog-admin-api';
import { scheduleStrings as s } from './session-schedule-strings';

/** Most sessions the prerequisite picker lists (one course's sessions). */
const PICKER_SIZE = 100;

/** The schedule's part of the session form's values (issue 37 item 5), as typed. */
export interface ScheduleFormValues {
  release: SessionRelease;
  /** Days as typed, any digits. */
  release_days: string;
  /** A Jalali day `1405-09-12`, or '' when none. */
  release_date: string;
  /** A session id, or '' for none. */
  prerequisite_session_id: string;
  product_id: string;
}

/** The schedule's values of `session` (empty for a new one). */
export function scheduleInitialValues(session: DashboardProductSession | null): Omit<ScheduleFormValues, 'product_id'> {
  return {
    release: session?.release ?? 'none',
    release_days: session?.release_days != null ? String(session.release_days) : '',
    release_date: session?.release_date ?? '',
    prerequisite_session_id: session?.prerequisite_session_id != null ? String(session.prerequisite_session_id) : '',
  };
}

/** The Jalali day picker of `release_date` with its error once touched. */
function ReleaseDateField() {
  const [field, meta, helpers] = useField<string>('release_date');
  const showError = meta.touched && !!meta.error;
  return (
    <JalaliDateInput
      label={s.releaseDate}
      value={field.value || null}
      onChange={(value) => {
        void helpers.setValue(value ?? '');
        void helpers.setTouched(true, false);
      }}
      slotProps={{ textField: { name: 'release_date', fullWidth: true, error: showError, helperText: showError ? meta.error : s.releaseDateHelp } }}
    />
  );
}

/**
 * The session form's schedule (issue 37 item 5): when it opens (at once, N days after purchase, on
 * a Jalali day at 00:00 Tehran time) and an optional prerequisite among the other sessions of the
 * chosen course. Must sit inside the session form's Formik; the shared schema checks the values and
 * the server the prerequisite's course and cycles.
 * @param sessionId the session being edited (left out of the prerequisites), or null when new
 */
export function SessionScheduleFields({ sessionId }: { sessionId: number | null }) {
  const { values } = useFormikContext<ScheduleFormValues>();
  const productId = Number(values.product_id) || null;
  const siblings = useGetAdminSessionsQuery(productId ? { page: 1, per_page: PICKER_SIZE, sort: 'title', product_id: productId } : skipToken);
  const options = [
    { value: '', label: s.prerequisiteNone },
    ...(siblings.data?.data ?? []).filter(({ id }) => id !== sessionId).map(({ id, title }) => ({ value: String(id), label: title })),
  ];
  // Until the course's sessions arrive (or when it is another course's), the stored choice still has an option.
  if (values.prerequisite_session_id && !options.some(({ value }) => value === values.prerequisite_session_id)) {
    options.push({ value: values.prerequisite_session_id, label: s.prerequisiteNumbered(toPersianDigits(values.prerequisite_session_id)) });
  }
  return (
    <Stack spacing={2} useFlexGap component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormRadioField name="release" label={s.release} options={s.releases} />
      {values.release === 'days_after_purchase' && <FormNumberField name="release_days" label={s.releaseDays} help={s.releaseDaysHelp} />}
      {values.release === 'on_date' && <ReleaseDateField />}
      <FormSelectField name="prerequisite_session_id" label={s.prerequisite} options={options} help={s.prerequisiteHelp} />
    </Stack>
  );
}
