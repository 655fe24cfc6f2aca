import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { AssignmentResubmit, AssignmentSettings, AssignmentSettingsBody } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { FormButtons, FormNumberField, FormRadioField, FormRichTextField, FormStatusAlert, FormSwitchField, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { Link } from '@shop/router';
import { assignmentSettingsSchema, validate, type ValidationErrors } from '@shop/validation';
import { Box, Button, Icon, Paper, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { CATALOG_PATHS } from '../catalog/catalog-paths';
import { useGetAdminSessionQuery } from '../catalog/catalog-admin-api';
import { ASSIGNMENT_PATHS } from './assignment-paths';
import { assignmentDashboardStrings as s } from './assignment-dashboard-strings';
import { useGetDashboardAssignmentQuery, useSaveDashboardAssignmentMutation } from './assignments-admin-api';

const st = s.settings;

/** What the form holds: numbers as typed (any digits), the extensions as one comma-separated line. */
interface AssignmentValues {
  instructions: string;
  max_files: string;
  max_file_size_mb: string;
  allowed_types: string;
  pass_score: string;
  allow_resubmit: AssignmentResubmit;
  required_for_certificate: boolean;
}

const valuesOf = (a: AssignmentSettings): AssignmentValues => ({
  instructions: a.instructions,
  max_files: String(a.max_files),
  max_file_size_mb: String(a.max_file_size_mb),
  allowed_types: a.allowed_types.join('، '),
  pass_score: String(a.pass_score),
  allow_resubmit: a.allow_resubmit,
  required_for_certificate: a.required_for_certificate,
});

/** The request body as typed: the extensions split on Persian or Latin commas and spaces, without dots. */
const bodyOf = (values: AssignmentValues) => ({
  ...values,
  allowed_types: values.allowed_types
    .split(/[,،\s]+/)
    .map((type) => type.replace(/^\./, ''))
    .filter(Boolean),
});

/** Errors by path as the form shows them: any error about one extension under `allowed_types`. */
function shownErrors(errors: ValidationErrors): ValidationErrors {
  const shown: ValidationErrors = {};
  for (const [path, messages] of Object.entries(errors)) shown[path.startsWith('allowed_types') ? 'allowed_types' : path] ??= messages;
  return shown;
}

async function validateValues(values: AssignmentValues): Promise<FormikErrors<AssignmentValues>> {
  const result = await validate(assignmentSettingsSchema, bodyOf(values));
  return result.ok ? {} : (toFormikErrors(shownErrors(result.errors)) as FormikErrors<AssignmentValues>);
}

function AssignmentForm({ assignment }: { assignment: AssignmentSettings }) {
  const [save] = useSaveDashboardAssignmentMutation();
  const submit = async (values: AssignmentValues, helpers: FormikHelpers<AssignmentValues>) => {
    helpers.setStatus({});
    const checked = await validate(assignmentSettingsSchema, bodyOf(values));
    if (!checked.ok) return;
    try {
      const answer = await save({ sessionId: assignment.product_session_id, body: checked.value as AssignmentSettingsBody }).unwrap();
      helpers.resetForm({ values: valuesOf(answer.data), status: {} });
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      await showSaveFailure({ status, message, errors: shownErrors(fieldErrors) }, helpers);
    }
  };
  return (
    <Formik<AssignmentValues> initialValues={valuesOf(assignment)} initialStatus={{}} validate={validateValues} validateOnBlur validateOnChange onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={st.title}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Stack spacing={2.5} useFlexGap>
              <FormRichTextField name="instructions" label={st.instructions} disabled={isSubmitting} />
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
                <FormNumberField name="max_files" label={st.max_files} />
                <FormNumberField name="max_file_size_mb" label={st.max_file_size_mb} />
                <FormNumberField name="pass_score" label={st.pass_score} />
              </Box>
              <FormTextField name="allowed_types" label={st.allowed_types} help={st.allowedTypesHelp} ltr />
              <FormRadioField name="allow_resubmit" label={st.allow_resubmit} options={s.resubmit} />
              <FormSwitchField name="required_for_certificate" label={st.required_for_certificate} />
            </Stack>
          </Paper>
          <FormStatusAlert />
          <FormButtons cancelTo={`${CATALOG_PATHS.sessions}/${assignment.product_session_id}`} submitting={isSubmitting} submitLabel={st.save} />
        </Form>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/product-sessions/:sessionId/assignment` (manage-product-sessions; issue 37 item 3):
 * an assignment session's rules: instructions (rich text), how many files of what size and which
 * extensions a submission may have, the pass score out of 100, when a buyer may send again and
 * whether the certificate waits for it. A session that is not an assignment answers 404.
 */
export default function AssignmentSettingsPage() {
  const sessionId = useIdParam('sessionId');
  const { data } = useGetDashboardAssignmentQuery(sessionId, { refetchOnMountOrArgChange: true });
  const session = useGetAdminSessionQuery(sessionId).data?.data;
  const assignment = data?.data;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageHeader
        title={session ? st.titleOf(session.title) : st.title}
        intro={st.intro}
        parents={[{ label: st.sessions, to: CATALOG_PATHS.sessions }, ...(session ? [{ label: session.title, to: `${CATALOG_PATHS.sessions}/${session.id}` }] : [])]}
        actions={
          assignment && (
            <Button component={Link} to={`${ASSIGNMENT_PATHS.queue}?product_id=${assignment.product_id}`} variant="outlined" startIcon={<Icon name="UploadFile" />}>
              {st.queueLink}
            </Button>
          )
        }
      />
      {assignment ? <AssignmentForm key={assignment.product_session_id} assignment={assignment} /> : <FormSkeleton />}
    </Box>
  );
}
