import { Form, Formik } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { TermsInput } from '@shop/contracts';
import { FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { FormButtons, FormRichTextField, FormStatusAlert, showSaveFailure } from '@shop/forms';
import { Link } from '@shop/router';
import { termsSchema } from '@shop/validation';
import { Box, Button, Icon, Paper, enqueueSnackbar } from '@shop/ui-kit';
import { useGetDashboardTermsQuery, useSaveTermsMutation } from './site-administration-api';
import { t } from '../strings';

/** The public page the terms show on. */
const PUBLIC_TERMS = '/terms-and-conditions';

/** The terms form: the rich-text editor and save; after a save the editor shows the HTML as the server stored it. */
function TermsForm({ terms }: { terms: TermsInput }) {
  const [save] = useSaveTermsMutation();
  return (
    <Formik<TermsInput>
      initialValues={terms}
      initialStatus={{}}
      validationSchema={termsSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          const { data } = await save(values).unwrap();
          helpers.resetForm({ values: data, status: {} });
          enqueueSnackbar(t.termsEditor.saved, { variant: 'success' });
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Form noValidate aria-label={t.termsEditor.title}>
            <FormRichTextField name="terms_and_conditions" label={t.termsEditor.field} disabled={isSubmitting} />
            <FormStatusAlert />
            <FormButtons cancelTo="/dashboard" submitting={isSubmitting} />
          </Form>
        </Paper>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/terms-and-conditions` (SPEC §2, permission `manage-terms`): the terms in a
 * right-to-left rich-text editor (`GET|PUT /api/dashboard/terms-and-conditions`). The server
 * sanitizes what it stores and answers it; `/terms-and-conditions` shows it at once.
 */
export default function TermsEditorPage() {
  const { data } = useGetDashboardTermsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data) return <FormSkeleton />;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageHeader
        title={t.termsEditor.title}
        intro={t.termsEditor.intro}
        actions={
          <Button component={Link} to={PUBLIC_TERMS} variant="outlined" startIcon={<Icon name="Visibility" />}>
            {t.termsEditor.view}
          </Button>
        }
      />
      <TermsForm terms={data.data} />
    </Box>
  );
}
