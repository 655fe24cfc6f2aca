import { Form, Formik } from 'formik';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import { LINK_TYPES, type Link, type LinkInput } from '@shop/contracts';
import { FormSkeleton, PageHeader, useEditId } from '@shop/dashboard-ui';
import { FormButtons, FormSelectField, FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { LINK_TEXT_MAX, SITE_TITLE_MAX, linkSchema } from '@shop/validation';
import { Box, Paper, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { useCreateLinkMutation, useGetDashboardLinkQuery, useUpdateLinkMutation } from './links-api';
import { PATHS } from '../paths';
import { t } from '../strings';

const TYPE_OPTIONS = LINK_TYPES.map((type) => ({ value: type, label: t.links.types[type] }));

/**
 * The add-link and edit-link form (SPEC §3 "Link"; `POST /api/dashboard/links`,
 * `PUT /api/dashboard/links/:id`) with the shared `linkSchema`: type, then title and text, named
 * after the type: a question and its answer, or a footer link's title and its address (left to
 * right; an http(s) URL or a path of this site). The server's 422 shows under the fields.
 */
function LinkForm({ link }: { link: Link | null }) {
  const navigate = useNavigate();
  const [create] = useCreateLinkMutation();
  const [update] = useUpdateLinkMutation();
  const heading = link === null ? t.links.add : t.links.edit;
  const initialValues: LinkInput = { title: link?.title ?? '', text: link?.text ?? '', type: link?.type ?? 'question' };
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <PageHeader title={heading} parents={[{ label: t.links.title, to: PATHS.links }]} />
      <Formik<LinkInput>
        initialValues={initialValues}
        initialStatus={{}}
        validationSchema={linkSchema}
        validateOnBlur
        validateOnChange
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          const body: LinkInput = { title: values.title.trim(), text: values.text.trim(), type: values.type };
          try {
            await (link === null ? create(body) : update({ id: link.id, body })).unwrap();
            enqueueSnackbar(t.links.saved, { variant: 'success' });
            navigate(PATHS.links);
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting, values }) => {
          const isLink = values.type === 'link';
          return (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
              <Form noValidate aria-label={heading}>
                <Stack spacing={2} useFlexGap>
                  <FormSelectField name="type" label={t.links.fields.type} options={TYPE_OPTIONS} />
                  <FormTextField name="title" label={isLink ? t.links.fields.linkTitle : t.links.fields.question} maxLength={SITE_TITLE_MAX} />
                  {isLink ? (
                    <FormTextField key="address" name="text" label={t.links.fields.address} help={t.links.fields.addressHelp} ltr maxLength={LINK_TEXT_MAX} autoComplete="url" />
                  ) : (
                    <FormTextField key="answer" name="text" label={t.links.fields.answer} multiline minRows={4} maxLength={LINK_TEXT_MAX} />
                  )}
                </Stack>
                <FormStatusAlert />
                <FormButtons cancelTo={PATHS.links} submitting={isSubmitting} />
              </Form>
            </Paper>
          );
        }}
      </Formik>
    </Box>
  );
}

/**
 * `/dashboard/links/add-link` and `/dashboard/links/:editLinkId` (permission `manage-links`): the
 * link form, after loading the link when editing (a missing one answers 404 and the shell shows its page).
 */
export default function LinkFormPage() {
  const id = useEditId('editLinkId');
  const { data } = useGetDashboardLinkQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  if (id !== null && !data) return <FormSkeleton />;
  // A new key per link, so formik starts from its values.
  return <LinkForm key={id ?? 'new'} link={data?.data ?? null} />;
}
