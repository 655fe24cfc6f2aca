import { Formik, Form, useField, type FormikErrors, type FormikTouched } from 'formik';
import { api, selectUploadProgress, uploadProgressed, useAppDispatch, useAppSelector } from '@shop/api-client';
import { AUDIO_EXTENSIONS, AUDIO_MAX_KB, IMAGE_EXTENSIONS, IMAGE_MAX_KB, fieldLabels, fileField, podcastFormSchema, postFormSchema } from '@shop/validation';
import { toPersianDigits } from '@shop/format';
import { Link, useNavigate } from '@shop/router';
import {
  Alert,
  Box,
  Button,
  Icon,
  IconButton,
  Link as MuiLink,
  Paper,
  Stack,
  Typography,
  enqueueSnackbar,
} from '@shop/ui-kit';
import {
  Breadcrumbs,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  LinearProgress,
  Radio,
  RadioGroup,
  Switch,
  Tooltip,
} from '@shop/ui-kit/lazy';
import type { AdminContent } from './content-admin-api';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';
import { FormFileField } from './form-file-field';
import { FormTextField, toFormikErrors } from '@shop/forms';
import { saveContent, type ContentFormValues } from './save-content';
import { suggestSlug } from './suggest-slug';
import { t } from '../strings';

const imageRule = (required: boolean) => fileField({ required, label: fieldLabels.image, maxKb: IMAGE_MAX_KB, extensions: [...IMAGE_EXTENSIONS] });
const audioRule = (required: boolean) => fileField({ required, label: 'فایل صوتی', maxKb: AUDIO_MAX_KB, extensions: [...AUDIO_EXTENSIONS] });

/** The shared schema of the kind; on create the image (and the podcast's audio) is required (issue 3 API). */
function schemaOf(kind: ContentKind, creating: boolean) {
  if (kind === 'post') return creating ? postFormSchema.shape({ image: imageRule(true) }) : postFormSchema;
  return creating ? podcastFormSchema.shape({ image: imageRule(true), file: audioRule(true) }) : podcastFormSchema;
}

const accept = (extensions: readonly string[]) => extensions.map((ext) => `.${ext}`).join(',');

function SlugField() {
  const [title] = useField<string>('title');
  const [, , slug] = useField<string>('slug');
  return (
    <FormTextField
      name="slug"
      label={t.form.slug}
      help={t.form.slugHelp}
      ltr
      endAdornment={
        <InputAdornment position="end">
          <Tooltip title={t.form.suggestSlug}>
            <span>
              <IconButton
                aria-label={t.form.suggestSlug}
                disabled={!title.value?.trim()}
                onClick={() => {
                  void slug.setTouched(true, false);
                  void slug.setValue(suggestSlug(title.value), true);
                }}
              >
                <Icon name="AutoFixHigh" />
              </IconButton>
            </span>
          </Tooltip>
        </InputAdornment>
      }
    />
  );
}

function ActiveSwitch() {
  const [field, , helpers] = useField<boolean>('is_active');
  return (
    <FormControlLabel
      control={<Switch checked={!!field.value} onChange={(event) => void helpers.setValue(event.target.checked)} name="is_active" />}
      label={t.form.isActive}
    />
  );
}

function CommentStatusField() {
  const [field] = useField<string>('comment_status');
  return (
    <Box>
      <FormLabel id="comment-status-label">{t.form.commentStatus}</FormLabel>
      <RadioGroup row aria-labelledby="comment-status-label" {...field}>
        <FormControlLabel value="open" control={<Radio />} label={t.form.commentsOpen} />
        <FormControlLabel value="closed" control={<Radio />} label={t.form.commentsClosed} />
      </RadioGroup>
    </Box>
  );
}

function UploadProgress() {
  // SPEC §3: the shared progress runs 0–100 and is back at 0 once the body is sent.
  const percent = useAppSelector(selectUploadProgress);
  return (
    <Box role="status" aria-live="polite" sx={{ my: 2 }}>
      <LinearProgress variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {percent > 0 ? t.form.uploading(toPersianDigits(percent)) : t.form.processing}
      </Typography>
    </Box>
  );
}

/**
 * The create/edit form of a post or podcast (SPEC §2–§5, issue 3 API): formik with the shared
 * schemas, sent as multipart with upload progress. On success the kind's cache tag is
 * invalidated and the list opens with a toast; on failure the server's Persian messages show
 * under the fields (422) or above the buttons (413, 415, …), and nothing typed is lost.
 */
export function ContentAdminForm({ kind, item }: { kind: ContentKind; item: AdminContent | null }) {
  const config = CONTENT_KINDS[kind];
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const creating = item === null;
  const initialValues: ContentFormValues = {
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    description: item?.description ?? '',
    is_active: item?.is_active ?? true,
    comment_status: item?.comment_status ?? 'open',
    image: null,
    file: null,
  };
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <MuiLink component={Link} to={config.listPath} underline="hover" color="inherit">
          {config.title}
        </MuiLink>
        <Typography color="text.primary">{creating ? config.add : item.title}</Typography>
      </Breadcrumbs>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {creating ? config.add : config.edit}
      </Typography>
      <Formik<ContentFormValues>
        initialValues={initialValues}
        initialStatus={{}}
        validationSchema={schemaOf(kind, creating)}
        validateOnBlur
        validateOnChange
        onSubmit={async (values, { setErrors, setTouched, setStatus }) => {
          setStatus({});
          const onProgress = (percent: number) => dispatch(uploadProgressed(percent));
          const { status, data } = await saveContent(kind, item?.id ?? null, values, onProgress);
          dispatch(uploadProgressed(0));
          if (status === 200 || status === 201) {
            dispatch(api.util.invalidateTags([config.tag]));
            navigate(config.listPath);
            enqueueSnackbar(config.saved, { variant: 'success' });
            return;
          }
          if (status === 422 && data?.errors) {
            const errors = toFormikErrors(data.errors) as FormikErrors<ContentFormValues>;
            const touched = Object.fromEntries(Object.keys(errors).map((field) => [field, true])) as FormikTouched<ContentFormValues>;
            await setTouched(touched, false);
            setErrors(errors);
            setStatus({ error: t.form.fixErrors });
            return;
          }
          setStatus({ error: status === 0 ? t.form.noConnection : (data?.message ?? t.form.failed) });
        }}
      >
        {({ isSubmitting, status }) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Form noValidate aria-label={creating ? config.add : config.edit}>
              <Stack spacing={2} useFlexGap>
                <FormTextField name="title" label={t.form.title} />
                <SlugField />
                <FormTextField name="description" label={t.form.description} help={t.form.descriptionHelp} ltr multiline minRows={8} />
                <FormFileField
                  name="image"
                  kind="image"
                  label={t.form.image}
                  chooseLabel={t.form.chooseImage}
                  help={t.form.imageHelp}
                  accept={accept(IMAGE_EXTENSIONS)}
                  current={item?.image}
                />
                {kind === 'podcast' && (
                  <FormFileField
                    name="file"
                    kind="audio"
                    label={t.form.audio}
                    chooseLabel={t.form.chooseAudio}
                    help={t.form.audioHelp}
                    accept={accept(AUDIO_EXTENSIONS)}
                    current={item?.file}
                  />
                )}
                <ActiveSwitch />
                <CommentStatusField />
              </Stack>
              {isSubmitting && <UploadProgress />}
              {(status as { error?: string } | undefined)?.error && (
                <Alert severity="error" role="alert" sx={{ my: 2 }}>
                  {(status as { error: string }).error}
                </Alert>
              )}
              <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', mt: 2 }}>
                <Button component={Link} to={config.listPath} disabled={isSubmitting}>
                  {t.form.cancel}
                </Button>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? t.form.saving : t.form.save}
                </Button>
              </Stack>
            </Form>
          </Paper>
        )}
      </Formik>
    </Box>
  );
}
