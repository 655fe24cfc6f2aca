import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { DashboardAssignmentSubmissionDetail } from '@shop/contracts';
import { RichText, useIdParam } from '@shop/content-ui';
import { FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { FormButtons, FormNumberField, FormStatusAlert, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { FEEDBACK_MAX, assignmentGradeSchema, validate } from '@shop/validation';
import { Alert, Box, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { ASSIGNMENT_PATHS } from './assignment-paths';
import { assignmentDashboardStrings as s } from './assignment-dashboard-strings';
import { useGetAssignmentSubmissionQuery, useGradeAssignmentSubmissionMutation } from './assignments-admin-api';
import { AssignmentFileList } from '../../learning/assignment-file-list';

const g = s.grading;

/** What the grading form holds: the score as typed (any digits) and the feedback. */
interface GradeValues {
  score: string;
  feedback: string;
}

const valuesOf = (submission: DashboardAssignmentSubmissionDetail): GradeValues => ({
  score: submission.score === null ? '' : String(submission.score),
  feedback: submission.feedback ?? '',
});

/** Errors of the shared `assignmentGradeSchema` for what is typed. */
async function validateGrade(values: GradeValues): Promise<FormikErrors<GradeValues>> {
  const result = await validate(assignmentGradeSchema, values);
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<GradeValues>);
}

/** The score and feedback form; saving grades (or corrects the grade), mails the buyer and toasts the server's message. */
function GradeForm({ submission }: { submission: DashboardAssignmentSubmissionDetail }) {
  const [grade] = useGradeAssignmentSubmissionMutation();
  const save = async (values: GradeValues, helpers: FormikHelpers<GradeValues>) => {
    helpers.setStatus({});
    const checked = await validate(assignmentGradeSchema, values);
    if (!checked.ok) return;
    try {
      const answer = await grade({ id: submission.id, body: checked.value }).unwrap();
      helpers.resetForm({ values: valuesOf(answer.data), status: {} });
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
    }
  };
  return (
    <Formik<GradeValues> initialValues={valuesOf(submission)} initialStatus={{}} validate={validateGrade} validateOnBlur validateOnChange onSubmit={save}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={g.title}>
          <Stack spacing={2} useFlexGap>
            <Box sx={{ maxWidth: 240 }}>
              <FormNumberField name="score" label={g.score} help={g.passScore(formatNumber(submission.pass_score))} />
            </Box>
            <FormTextField name="feedback" label={g.feedback} multiline minRows={4} maxLength={FEEDBACK_MAX} />
          </Stack>
          <FormStatusAlert />
          <FormButtons cancelTo={ASSIGNMENT_PATHS.queue} submitting={isSubmitting} submitLabel={submission.status === 'graded' ? g.regrade : g.save} />
        </Form>
      )}
    </Formik>
  );
}

/** The submission: who sent it when, the assignment's instructions, the text and the files. */
function SubmissionView({ submission }: { submission: DashboardAssignmentSubmissionDetail }) {
  return (
    <Stack spacing={3} useFlexGap>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color={submission.status === 'submitted' ? 'warning' : submission.passed ? 'success' : 'default'} label={s.status[submission.status]} />
        <Typography color="text.secondary">{g.sentAt(formatJalaliDate(submission.created_at, { withTime: true }))}</Typography>
        {submission.score !== null && (
          <Typography sx={{ fontWeight: 600 }}>
            {formatNumber(submission.score)} — {submission.passed ? g.passed : g.failed}
          </Typography>
        )}
      </Stack>
      {submission.graded_by_name && submission.graded_at && (
        <Typography variant="body2" color="text.secondary">
          {g.gradedBy(submission.graded_by_name, formatJalaliDate(submission.graded_at, { withTime: true }))}
        </Typography>
      )}
      <Paper component="section" variant="outlined" aria-label={g.instructions} sx={{ p: 2, borderRadius: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {g.instructions}
        </Typography>
        <RichText html={submission.instructions} />
      </Paper>
      <Paper component="section" variant="outlined" aria-label={g.answer} sx={{ p: 2, borderRadius: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {g.answer}
        </Typography>
        {submission.text ? <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{submission.text}</Typography> : <Typography color="text.secondary">{g.noText}</Typography>}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
          {g.files}
        </Typography>
        {submission.files.length === 0 ? <Typography color="text.secondary">{g.noFiles}</Typography> : <AssignmentFileList files={submission.files} />}
      </Paper>
    </Stack>
  );
}

/**
 * `/dashboard/assignments/:submissionId` (manage-product-sessions; issue 37 item 3): a submission
 * to grade: its buyer, text and files (downloads through links signed for this staff member), the
 * assignment's instructions and pass score, and a form of a score out of 100 (any digits) and
 * feedback; saving is audited and mails the buyer, and a pass makes the session done for them.
 */
export default function AssignmentGradingPage() {
  const submissionId = useIdParam('submissionId');
  const { data, isError } = useGetAssignmentSubmissionQuery(submissionId, { refetchOnMountOrArgChange: true });
  const submission = data?.data;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageHeader title={submission ? g.titleOf(submission.session_title, submission.user_name) : g.title} parents={[{ label: g.queue, to: ASSIGNMENT_PATHS.queue }]} />
      {isError ? (
        <Alert severity="error">{s.queue.failedToLoad}</Alert>
      ) : submission ? (
        <Stack spacing={3} useFlexGap>
          <SubmissionView submission={submission} />
          <GradeForm key={`${submission.id}-${submission.graded_at ?? ''}`} submission={submission} />
        </Stack>
      ) : (
        <FormSkeleton />
      )}
    </Box>
  );
}
