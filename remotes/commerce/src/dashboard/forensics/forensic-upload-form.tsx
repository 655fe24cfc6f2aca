import { useRef, type ChangeEvent } from 'react';
import { Form, Formik, useField, useFormikContext, type FormikErrors, type FormikHelpers } from 'formik';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import { FormSelectField, FormStatusAlert } from '@shop/forms';
import { formatFileSize, formatNumber } from '@shop/format';
import { useNavigate } from '@shop/router';
import { Alert, Box, Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { FormHelperText, LinearProgress, MenuItem, TextField } from '@shop/ui-kit/lazy';
import { useGetAdminProductsQuery, useGetAdminSessionsQuery } from '../catalog/catalog-admin-api';
import { LARGE_FILE_CHUNK_BYTES, LARGE_FILE_RETRY_DELAYS_MS, useTusUpload } from '../../tus-upload';
import { FORENSIC_PATHS, FORENSIC_UPLOAD_MAX_BYTES, FORENSIC_UPLOADS_URL } from './forensic-paths';
import { forensicStrings } from './forensic-strings';
import { useStartForensicIdentificationMutation } from './forensics-admin-api';

const f = forensicStrings.form;
/** Courses and sessions offered (the most a dashboard list gives in one page, as the session form's picker). */
const PICKER_SIZE = 100;
const MAX_GB = formatNumber(FORENSIC_UPLOAD_MAX_BYTES / 1024 ** 3);

/** What the form holds: the course and session as chosen (ids as text) and the copy. */
interface UploadValues {
  product_id: string;
  session_id: string;
  file: File | null;
}

/** Each choice is required; the copy must be a video of at most 2 GB. */
function validateUpload(values: UploadValues): FormikErrors<UploadValues> {
  const errors: FormikErrors<UploadValues> = {};
  if (!values.product_id) errors.product_id = f.required.course;
  if (!values.session_id) errors.session_id = f.required.session;
  if (!values.file) errors.file = f.required.file;
  else if (values.file.type && !values.file.type.startsWith('video/')) errors.file = f.notVideo;
  else if (values.file.size > FORENSIC_UPLOAD_MAX_BYTES) errors.file = f.tooLarge(MAX_GB);
  return errors;
}

/** The course and session pickers: the sessions are the chosen course's, and choosing a course clears the session. */
function SessionPicker({ disabled }: { disabled: boolean }) {
  const { values, setFieldValue } = useFormikContext<UploadValues>();
  const [course, courseMeta, courseHelpers] = useField<string>('product_id');
  const productId = Number(values.product_id) || null;
  const products = useGetAdminProductsQuery({ page: 1, per_page: PICKER_SIZE, sort: 'title' }).data?.data ?? [];
  const sessions = useGetAdminSessionsQuery(productId ? { page: 1, per_page: PICKER_SIZE, sort: 'title', product_id: productId } : skipToken).data?.data;
  const chooseCourse = (event: ChangeEvent<HTMLInputElement>) => {
    void setFieldValue('session_id', '', false);
    void courseHelpers.setValue(event.target.value);
  };
  const courseError = courseMeta.touched && !!courseMeta.error;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <TextField
          {...course}
          onChange={chooseCourse}
          id="field-product_id"
          select
          fullWidth
          label={f.course}
          disabled={disabled}
          error={courseError}
          helperText={courseError ? courseMeta.error : ' '}
        >
          {products.map(({ id, title }) => (
            <MenuItem key={id} value={String(id)}>
              {title}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <FormSelectField
          name="session_id"
          label={f.session}
          disabled={disabled || !productId}
          help={!productId ? f.chooseCourseFirst : sessions && sessions.length === 0 ? f.noSessions : undefined}
          options={(sessions ?? []).map(({ id, title }) => ({ value: String(id), label: title }))}
        />
      </Box>
    </Stack>
  );
}

/** The copy's picker: a button over a hidden file input, the chosen file's name and size, and its error once touched. */
function FileField({ disabled }: { disabled: boolean }) {
  const [field, meta, helpers] = useField<File | null>('file');
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    void helpers.setTouched(true, false);
    void helpers.setValue(file);
  };
  const showError = meta.touched && !!meta.error;
  return (
    <Stack spacing={1} useFlexGap>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" disabled={disabled}>
          {field.value ? f.change : f.choose}
          <input hidden type="file" accept="video/*" aria-label={f.file} onChange={choose} />
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }} color={field.value ? 'text.primary' : 'text.secondary'}>
          {field.value ? f.chosen(field.value.name, formatFileSize(field.value.size)) : f.noFile}
        </Typography>
      </Stack>
      <FormHelperText error={showError}>{showError ? meta.error : f.help(MAX_GB)}</FormHelperText>
    </Stack>
  );
}

/**
 * The form of a leaked copy (issue 38 item 3): the course and session it shows, the video file, then
 * a resumable upload with progress (pause and resume) and, once whole, the identification is started
 * (`{session_id, upload_id}`) and staff are taken to its result. Refusals (the upload's or the
 * start's) are told in Persian and keep the choices.
 */
export function ForensicUploadForm() {
  const navigate = useNavigate();
  const { progress, paused, resumed, error, upload, pause, resume } = useTusUpload({
    endpoint: FORENSIC_UPLOADS_URL,
    kind: 'forensic',
    chunkSize: LARGE_FILE_CHUNK_BYTES,
    retryDelays: LARGE_FILE_RETRY_DELAYS_MS,
    connectionLost: f.connectionLost,
  });
  const percent = progress?.percent ?? null;
  const [startIdentification] = useStartForensicIdentificationMutation();

  // The last whole upload: after a refused start, sending again for the same file and session reuses it.
  const uploaded = useRef<{ key: string; id: string } | null>(null);

  const send = async (values: UploadValues, helpers: FormikHelpers<UploadValues>) => {
    helpers.setStatus({});
    const sessionId = Number(values.session_id);
    const file = values.file!;
    const key = `${sessionId}-${file.name}-${file.size}-${file.lastModified}`;
    const uploadId = uploaded.current?.key === key ? uploaded.current.id : await upload(file, sessionId);
    if (!uploadId) return;
    uploaded.current = { key, id: uploadId };
    try {
      const answer = await startIdentification({ session_id: sessionId, upload_id: uploadId }).unwrap();
      uploaded.current = null;
      enqueueSnackbar(f.started, { variant: 'success' });
      void navigate(FORENSIC_PATHS.result(answer.data.id));
    } catch (failure) {
      const { message, fieldErrors } = claimApiError(failure as FetchBaseQueryError);
      const { session_id: sessionErrors, ...others } = fieldErrors;
      if (sessionErrors?.[0]) helpers.setFieldError('session_id', sessionErrors[0]);
      const other = Object.values(others).flat()[0];
      if (other || !sessionErrors?.[0]) helpers.setStatus({ error: other ?? message ?? f.startFailed });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-label={f.title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {f.title}
      </Typography>
      <Formik<UploadValues> initialValues={{ product_id: '', session_id: '', file: null }} initialStatus={{}} validate={validateUpload} onSubmit={send}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label={f.title}>
            <Stack spacing={2} useFlexGap>
              <SessionPicker disabled={isSubmitting} />
              <FileField disabled={isSubmitting} />
              {percent !== null && (
                <Box role="status">
                  <Typography variant="body2">{paused ? f.paused(formatNumber(percent)) : f.uploading(formatNumber(percent))}</Typography>
                  <LinearProgress variant="determinate" value={percent} aria-label={f.uploadingLabel} />
                  {resumed && <Typography variant="caption">{f.resumed}</Typography>}
                </Box>
              )}
              {isSubmitting && percent === null && !error && <Typography role="status" variant="body2">{f.starting}</Typography>}
              {error && <Alert severity="error">{error}</Alert>}
              <FormStatusAlert />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {percent === null && (
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    {f.submit}
                  </Button>
                )}
                {percent !== null && !paused && (
                  <Button variant="outlined" onClick={() => void pause()}>
                    {f.pause}
                  </Button>
                )}
                {percent !== null && paused && (
                  <Button variant="contained" onClick={resume}>
                    {f.resume}
                  </Button>
                )}
              </Stack>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
