import { Formik, Form } from 'formik';
import { api, uploadProgressed, useAppDispatch } from '@shop/api-client';
import { AUDIO_EXTENSIONS, AUDIO_MAX_KB, IMAGE_EXTENSIONS, IMAGE_MAX_KB, fieldLabels, fileField, podcastFormSchema, postFormSchema } from '@shop/validation';
import { UploadProgress } from '@shop/content-ui';
import { Link, useNavigate } from '@shop/router';
import { Box, Link as MuiLink, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';
import type { AdminContent } from './content-admin-api';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';
import { FormFileField, FormRadioField, FormRichTextField, FormSlugField, FormStatusAlert, FormSwitchField, FormTextField, showSaveFailure, FormButtons, FormImageField } from '@shop/forms';
import { saveContent, type ContentFormValues } from './save-content';
import { t } from '../strings';

const imageRule = (required: boolean) => fileField({ required, label: fieldLabels.image, maxKb: IMAGE_MAX_KB, extensions: [...IMAGE_EXTENSIONS] });
const audioRule = (required: boolean) => fileField({ required, label: 'فایل صوتی', maxKb: AUDIO_MAX_KB, extensions: [...AUDIO_EXTENSIONS] });

/** The shared schema of the kind; on create the image (and the podcast's audio) is required (issue 3 API). */
function schemaOf(kind: ContentKind, creating: boolean) {
  if (kind === 'post') return creating ? postFormSchema.shape({ image: imageRule(true) }) : postFormSchema;
  return creating ? podcastFormSchema.shape({ image: imageRule(true), file: audioRule(true) }) : podcastFormSchema;
}

const COMMENT_STATUSES = { open: t.form.commentsOpen, closed: t.form.commentsClosed };

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
    // Posts and podcasts are open or closed; `buyers-only` exists for courses only.
    comment_status: item?.comment_status === 'closed' ? 'closed' : 'open',
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
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          const onProgress = (percent: number) => dispatch(uploadProgressed(percent));
          const { status, data } = await saveContent(kind, item?.id ?? null, values, onProgress);
          dispatch(uploadProgressed(0));
          if (status === 200 || status === 201) {
            dispatch(api.util.invalidateTags([config.tag]));
            navigate(config.listPath);
            enqueueSnackbar(config.saved, { variant: 'success' });
            return;
          }
          await showSaveFailure({ status, message: data?.message, errors: data?.errors }, helpers);
        }}
      >
        {({ isSubmitting }) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Form noValidate aria-label={creating ? config.add : config.edit}>
              <Stack spacing={2} useFlexGap>
                <FormTextField name="title" label={t.form.title} />
                <FormSlugField label={t.form.slug} help={t.form.slugHelp} suggestLabel={t.form.suggestSlug} />
                <FormRichTextField name="description" label={t.form.description} help={t.form.descriptionHelp} disabled={isSubmitting} />
                <FormImageField current={item?.image} />
                {kind === 'podcast' && (
                  <FormFileField
                    name="file"
                    kind="audio"
                    label={t.form.audio}
                    chooseLabel={t.form.chooseAudio}
                    help={t.form.audioHelp}
                    extensions={AUDIO_EXTENSIONS}
                    current={item?.file}
                  />
                )}
                <FormSwitchField name="is_active" label={t.form.isActive} />
                <FormRadioField name="comment_status" label={t.form.commentStatus} options={COMMENT_STATUSES} />
              </Stack>
              {isSubmitting && <UploadProgress />}
              <FormStatusAlert />
              <FormButtons cancelTo={config.listPath} submitting={isSubmitting} />
            </Form>
          </Paper>
        )}
      </Formik>
    </Box>
  );
}
