import { Formik, Form } from 'formik';
import { skipToken } from '@shop/api-client';
import type { CommentStatus, DashboardProductSession, Product, SessionKind } from '@shop/contracts';
import { UploadProgress } from '@shop/content-ui';
import { FormFileField, FormNumberField, FormRadioField, FormRichTextField, FormSelectField, FormSlugField, FormStatusAlert, FormSwitchField, FormTextField, FormButtons, FormImageField } from '@shop/forms';
import { Link } from '@shop/router';
import { IMAGE_EXTENSIONS, productSessionFormSchema } from '@shop/validation';
import { Alert, AlertTitle, Box, Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { FormSkeleton, PageHeader, useEditId } from '@shop/dashboard-ui';
import { useGetAdminProductsQuery, useGetAdminSessionQuery } from './catalog-admin-api';
import { CATALOG_PATHS } from './catalog-paths';
import { LessonUpload } from './lesson-upload';
import { scheduleInitialValues, SessionScheduleFields, type ScheduleFormValues } from './session-schedule-fields';
import { SessionUnlocksSection } from './session-unlocks-section';
import { readWholeNumber, useSaveCatalogItem } from './save-catalog-item';
import { QUIZ_PATHS } from '../quizzes/quiz-paths';
import { quizStrings } from '../quizzes/quiz-dashboard-strings';
import { ASSIGNMENT_PATHS } from '../assignments/assignment-paths';
import { assignmentDashboardStrings } from '../assignments/assignment-dashboard-strings';
import { t } from '../../strings';

/** Most courses the picker lists (the API clamps `per_page`; a shop has far fewer courses). */
const PICKER_SIZE = 100;

/** What the session form holds: ids and the position as typed, files once chosen. */
export interface SessionFormValues extends ScheduleFormValues {
  product_id: string;
  title: string;
  slug: string;
  description: string;
  position: string;
  is_free_preview: boolean;
  /** A lesson, or a quiz (issue 37). */
  kind: SessionKind;
  is_active: boolean;
  comment_status: CommentStatus;
  image: File | null;
  /** The video's poster (issue 24); none: one is taken from the video. */
  poster: File | null;
  /** Persian WebVTT subtitles (issue 24). */
  subtitles: File | null;
}

/** «ابتدا یک دوره بسازید» (SPEC §4: a session cannot be added before a course exists), with a link to add one. */
function NoProducts() {
  return (
    <Alert
      severity="info"
      action={
        <Button component={Link} to={CATALOG_PATHS.addProduct} color="inherit" size="small">
          {t.dashboard.addProduct}
        </Button>
      }
    >
      <AlertTitle>{t.form.noProducts}</AlertTitle>
      {t.form.noProductsHint}
    </Alert>
  );
}

/** The session form (SPEC §2–§5, issue 6 `ProductSessionForm`), empty for a new session or filled from `session`. */
function SessionForm({ session, products }: { session: DashboardProductSession | null; products: Product[] }) {
  const creating = session === null;
  const save = useSaveCatalogItem<SessionFormValues>(
    { section: 'product-sessions', id: session?.id ?? null, tags: ['ProductSession', 'Product'], listPath: CATALOG_PATHS.sessions, saved: t.form.savedSession },
    ({ position, release_days, release_date, prerequisite_session_id, ...values }) => ({
      ...values,
      position: readWholeNumber(position) ?? position,
      // Only the field its `release` uses is sent (issue 37 item 5); none: no prerequisite.
      release_days: values.release === 'days_after_purchase' ? (readWholeNumber(release_days) ?? release_days) : null,
      release_date: values.release === 'on_date' ? release_date : null,
      prerequisite_session_id: prerequisite_session_id || null,
    }),
  );
  const initialValues: SessionFormValues = {
    product_id: session ? String(session.product_id) : products.length === 1 ? String(products[0]!.id) : '',
    title: session?.title ?? '',
    slug: session?.slug ?? '',
    description: session?.description ?? '',
    position: session ? String(session.position) : '',
    is_free_preview: session?.is_free_preview ?? false,
    kind: session?.kind ?? 'lesson',
    is_active: session?.is_active ?? true,
    comment_status: session?.comment_status ?? 'open',
    image: null,
    poster: null,
    subtitles: null,
    ...scheduleInitialValues(session),
  };
  const heading = creating ? t.dashboard.addSession : t.dashboard.editSession;
  return (
    <Formik<SessionFormValues> initialValues={initialValues} initialStatus={{}} validationSchema={productSessionFormSchema} validateOnBlur validateOnChange onSubmit={save}>
      {({ isSubmitting }) => (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Form noValidate aria-label={heading}>
            <Stack spacing={2} useFlexGap>
              <FormSelectField name="product_id" label={t.form.product} options={products.map(({ id, title }) => ({ value: String(id), label: title }))} />
              <FormRadioField name="kind" label={t.form.kind} options={t.form.kinds} />
              <FormTextField name="title" label={t.form.title} />
              <FormSlugField label={t.form.slug} help={t.form.slugHelp} suggestLabel={t.form.suggestSlug} />
              <FormNumberField name="position" label={t.form.position} help={t.form.positionHelp} />
              <FormRichTextField name="description" label={t.form.description} help={t.form.descriptionHelp} disabled={isSubmitting} />
              <FormImageField current={session?.image} />
              <FormFileField
                name="poster"
                kind="image"
                label={t.form.poster}
                chooseLabel={t.form.choosePoster}
                help={t.form.posterHelp}
                extensions={IMAGE_EXTENSIONS}
                current={session?.poster}
              />
              <FormFileField
                name="subtitles"
                kind="file"
                label={t.form.subtitles}
                chooseLabel={t.form.chooseSubtitles}
                help={t.form.subtitlesHelp}
                extensions={['vtt']}
                hasCurrent={session?.has_subtitles ?? false}
              />
              {creating && (
                <Typography variant="body2" color="text.secondary">
                  {t.form.lessonAfterSave}
                </Typography>
              )}
              <SessionScheduleFields sessionId={session?.id ?? null} />
              <FormSwitchField name="is_free_preview" label={t.form.isFreePreview} />
              <FormSwitchField name="is_active" label={t.form.isActive} />
              <FormRadioField name="comment_status" label={t.form.commentStatus} options={t.form.commentStatuses} />
            </Stack>
            {isSubmitting && <UploadProgress />}
            <FormStatusAlert />
            <FormButtons cancelTo={CATALOG_PATHS.sessions} submitting={isSubmitting} />
          </Form>
        </Paper>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/product-sessions/add-session` and `/dashboard/product-sessions/:editProductSessiontId`
 * (manage-product-sessions): the session form with the course picker, after loading the courses
 * (and the session when editing). With no course at all the add page says to make one first.
 */
export default function SessionFormPage() {
  const id = useEditId('editProductSessiontId');
  const products = useGetAdminProductsQuery({ page: 1, per_page: PICKER_SIZE, sort: 'title' });
  const { data } = useGetAdminSessionQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const heading = id === null ? t.dashboard.addSession : t.dashboard.editSession;
  const loading = !products.data || (id !== null && !data);
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <PageHeader
        title={heading}
        parents={[{ label: t.dashboard.sessions, to: CATALOG_PATHS.sessions }]}
        actions={
          id !== null &&
          (data?.data.kind === 'quiz' ? (
            <Button component={Link} to={QUIZ_PATHS.settings(id)} variant="outlined" startIcon={<Icon name="Tune" />}>
              {quizStrings.links.quiz}
            </Button>
          ) : data?.data.kind === 'assignment' ? (
            // An assignment's rules (issue 37 item 3) are set on its own page once it is saved.
            <Button component={Link} to={ASSIGNMENT_PATHS.settings(id)} variant="outlined" startIcon={<Icon name="Tune" />}>
              {assignmentDashboardStrings.links.settings}
            </Button>
          ) : null)
        }
      />
      {loading ? (
        <FormSkeleton />
      ) : id === null && products.data!.data.length === 0 ? (
        <NoProducts />
      ) : (
        // A new key per session, so formik starts from that session's values.
        <>
          <SessionForm key={id ?? 'new'} session={data?.data ?? null} products={products.data!.data} />
          {id !== null && <LessonUpload sessionId={id} />}
          {id !== null && <SessionUnlocksSection sessionId={id} />}
        </>
      )}
    </Box>
  );
}
