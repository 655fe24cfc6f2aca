import { Form, Formik, useField, type FormikErrors } from 'formik';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import { ANNOUNCEMENT_STATUSES, type Announcement, type AnnouncementInput, type AnnouncementStatus } from '@shop/contracts';
import { FormSkeleton, PageHeader, deleteOnList, useEditId } from '@shop/dashboard-ui';
import { formatJalaliDate } from '@shop/format';
import { FormButtons, FormSelectField, FormStatusAlert, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { ANNOUNCEMENT_TEXT_MAX, SITE_TITLE_MAX, announcementSchema, validate } from '@shop/validation';
import { Alert, Box, Button, Icon, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { DateTimeInput } from '@shop/ui-kit/date-pickers';
import {
  useCreateAnnouncementMutation,
  useGetDashboardAnnouncementQuery,
  useUpdateAnnouncementMutation,
} from './announcements-api';
import { PATHS } from '../paths';
import { t } from '../strings';

/** What the form holds: the texts, the status and the picker's date (invalid while half typed, null when empty). */
interface AnnouncementValues {
  title: string;
  text: string;
  status: AnnouncementStatus;
  expired_at: Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The quick choices of how long an announcement shows, in days from now. */
const PRESET_DAYS = { day: 1, week: 7, month: 30 } as const;
const STATUS_OPTIONS = ANNOUNCEMENT_STATUSES.map((status) => ({ value: status, label: t.announcements.status[status] }));

/**
 * The request body of the form's values: texts trimmed, the expiry as ISO 8601; a date still being
 * typed goes to the shared schema as text it refuses («… معتبر نیست»), an empty one as missing.
 */
function toBody({ title, text, status, expired_at }: AnnouncementValues): Omit<AnnouncementInput, 'expired_at'> & { expired_at?: string } {
  const expiry = expired_at === null ? undefined : Number.isNaN(expired_at.getTime()) ? String(expired_at) : expired_at.toISOString();
  return { title: title.trim(), text: text.trim(), status, expired_at: expiry };
}

/** Checks the body with the shared `announcementSchema` (the server runs the same): the expiry must be ahead. */
async function validateValues(values: AnnouncementValues): Promise<FormikErrors<AnnouncementValues>> {
  const result = await validate(announcementSchema, toBody(values));
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<AnnouncementValues>);
}

/** The expiry: the Jalali date-time picker (Tehran time, as the list shows it), quick choices, and the chosen moment in words. */
function ExpiryField({ disabled }: { disabled: boolean }) {
  const [field, meta, helpers] = useField<Date | null>('expired_at');
  const showError = meta.touched && !!meta.error;
  const valid = field.value !== null && !Number.isNaN(field.value.getTime());
  const chosen = valid ? t.announcements.fields.chosen(formatJalaliDate(field.value!, { withTime: true })) : t.announcements.fields.expiredAtHelp;
  const choose = (value: Date) => {
    void helpers.setValue(value);
    void helpers.setTouched(true, false);
  };
  return (
    <Stack spacing={1.5} useFlexGap>
      <DateTimeInput
        label={t.announcements.fields.expiredAt}
        value={field.value}
        onChange={(value) => void helpers.setValue(value)}
        onClose={() => void helpers.setTouched(true)}
        disablePast
        disabled={disabled}
        slotProps={{
          textField: {
            name: 'expired_at',
            fullWidth: true,
            onBlur: () => void helpers.setTouched(true),
            error: showError,
            helperText: showError ? meta.error : chosen,
          },
        }}
      />
      {!disabled && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t.announcements.fields.presets}:
          </Typography>
          {(Object.keys(PRESET_DAYS) as Array<keyof typeof PRESET_DAYS>).map((preset) => (
            <Chip key={preset} label={t.announcements.fields.presetOptions[preset]} onClick={() => choose(new Date(Date.now() + PRESET_DAYS[preset] * DAY_MS))} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The add-announcement and edit-announcement form (SPEC §3, §4; `POST /api/dashboard/announcements`,
 * `PUT /api/dashboard/announcements/:id`): title, text, status and the expiry in the Jalali calendar,
 * checked with the shared schema. An expired announcement is read only, with the reason and a
 * delete button; a 422 shows under the fields or, for the expired refusal, the server's message.
 */
function AnnouncementForm({ announcement }: { announcement: Announcement | null }) {
  const navigate = useNavigate();
  const [create] = useCreateAnnouncementMutation();
  const [update] = useUpdateAnnouncementMutation();
  const readOnly = announcement?.is_expired ?? false;
  const heading = announcement === null ? t.announcements.add : readOnly ? t.announcements.view : t.announcements.edit;
  const initialValues: AnnouncementValues = {
    title: announcement?.title ?? '',
    text: announcement?.text ?? '',
    status: announcement?.status ?? 'active',
    expired_at: announcement ? new Date(announcement.expired_at) : null,
  };
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <PageHeader
        title={heading}
        parents={[{ label: t.announcements.title, to: PATHS.announcements }]}
        actions={
          announcement && (
            <Button color="error" variant="outlined" startIcon={<Icon name="Delete" />} onClick={() => void navigate(PATHS.announcements, { state: deleteOnList(announcement) })}>
              {t.announcements.delete}
            </Button>
          )
        }
      />
      {readOnly && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {t.announcements.expiredNotice(formatJalaliDate(announcement!.expired_at, { withTime: true }))}
        </Alert>
      )}
      <Formik<AnnouncementValues>
          initialValues={initialValues}
          initialStatus={{}}
          validate={validateValues}
          validateOnBlur
          validateOnChange
          onSubmit={async (values, helpers) => {
            helpers.setStatus({});
            try {
              const body = toBody(values) as AnnouncementInput;
              await (announcement === null ? create(body) : update({ id: announcement.id, body })).unwrap();
              enqueueSnackbar(t.announcements.saved, { variant: 'success' });
              navigate(PATHS.announcements);
            } catch (error) {
              const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
              await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
              <Form noValidate aria-label={heading}>
                <Stack spacing={2} useFlexGap>
                  <FormTextField name="title" label={t.announcements.fields.title} maxLength={SITE_TITLE_MAX} disabled={readOnly} />
                  <FormTextField
                    name="text"
                    label={t.announcements.fields.text}
                    help={t.announcements.fields.textHelp}
                    multiline
                    minRows={3}
                    maxLength={ANNOUNCEMENT_TEXT_MAX}
                    disabled={readOnly}
                  />
                  <FormSelectField
                    name="status"
                    label={t.announcements.fields.status}
                    help={t.announcements.fields.statusHelp}
                    options={STATUS_OPTIONS}
                    disabled={readOnly}
                  />
                  <ExpiryField disabled={readOnly} />
                </Stack>
                <FormStatusAlert />
                <FormButtons cancelTo={PATHS.announcements} submitting={isSubmitting} disabled={readOnly} />
              </Form>
            </Paper>
          )}
        </Formik>
    </Box>
  );
}

/**
 * `/dashboard/announcements/add-announcement` and `/dashboard/announcements/:editAnnouncementId`
 * (permission `manage-announcements`): the announcement form, after loading the announcement when
 * editing (a missing one answers 404 and the shell shows its page).
 */
export default function AnnouncementFormPage() {
  const id = useEditId('editAnnouncementId');
  const { data } = useGetDashboardAnnouncementQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  if (id !== null && !data) return <FormSkeleton />;
  // A new key per announcement, so formik starts from its values.
  return <AnnouncementForm key={id ?? 'new'} announcement={data?.data ?? null} />;
}
