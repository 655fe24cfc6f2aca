import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { DashboardQuiz, QuizScorePolicy, QuizSettingsBody } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { FormButtons, FormNumberField, FormRadioField, FormStatusAlert, FormSwitchField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { Link } from '@shop/router';
import { quizSettingsSchema, validate, type ValidationErrors } from '@shop/validation';
import { Box, Button, Icon, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { CATALOG_PATHS } from '../catalog/catalog-paths';
import { useGetAdminSessionQuery } from '../catalog/catalog-admin-api';
import { QUIZ_PATHS } from './quiz-paths';
import { quizStrings } from './quiz-dashboard-strings';
import { QuizQuestionPicker, type ChosenQuestion } from './quiz-question-picker';
import { useGetDashboardQuizQuery, useSaveDashboardQuizMutation } from './quizzes-admin-api';

const st = quizStrings.settings;

/** What the quiz form holds: the numbers as typed (any digits; empty: no limit), the flags, and the chosen questions in order. */
export interface QuizSettingsValues {
  time_limit_minutes: string;
  max_attempts: string;
  pass_percent: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  show_answers: boolean;
  score_policy: QuizScorePolicy;
  questions: ChosenQuestion[];
}

/** The form's values of a quiz as the server has it. */
function valuesOf(quiz: DashboardQuiz): QuizSettingsValues {
  return {
    time_limit_minutes: quiz.time_limit_minutes === null ? '' : String(quiz.time_limit_minutes),
    max_attempts: quiz.max_attempts === null ? '' : String(quiz.max_attempts),
    pass_percent: String(quiz.pass_percent),
    shuffle_questions: quiz.shuffle_questions,
    shuffle_options: quiz.shuffle_options,
    show_answers: quiz.show_answers,
    score_policy: quiz.score_policy,
    questions: quiz.questions.map(({ id, type, body, points }) => ({ id, type, body, points })),
  };
}

/** The request body as typed: an empty limit as null, the questions as their ids in order. */
function bodyOf({ questions, time_limit_minutes, max_attempts, ...rules }: QuizSettingsValues) {
  return {
    ...rules,
    time_limit_minutes: time_limit_minutes.trim() === '' ? null : time_limit_minutes,
    max_attempts: max_attempts.trim() === '' ? null : max_attempts,
    question_ids: questions.map((question) => question.id),
  };
}

/** Errors by path as the form shows them: any error about the questions (`question_ids[2]`) under `question_ids`. */
function shownErrors(errors: ValidationErrors): ValidationErrors {
  const shown: ValidationErrors = {};
  for (const [path, messages] of Object.entries(errors)) shown[path.startsWith('question_ids') ? 'question_ids' : path] ??= messages;
  return shown;
}

/** Errors of the shared `quizSettingsSchema` for what is typed. */
async function validateSettings(values: QuizSettingsValues): Promise<FormikErrors<QuizSettingsValues>> {
  const result = await validate(quizSettingsSchema, bodyOf(values));
  return result.ok ? {} : (toFormikErrors(shownErrors(result.errors)) as FormikErrors<QuizSettingsValues>);
}

/** Saves the checked rules and questions, then shows the quiz as stored and toasts the server's message; a refusal shows in the form. */
function useSaveQuiz(sessionId: number) {
  const [save] = useSaveDashboardQuizMutation();
  return async (values: QuizSettingsValues, helpers: FormikHelpers<QuizSettingsValues>) => {
    helpers.setStatus({});
    const checked = await validate(quizSettingsSchema, bodyOf(values));
    if (!checked.ok) return;
    try {
      const answer = await save({ sessionId, body: checked.value as QuizSettingsBody }).unwrap();
      helpers.resetForm({ values: valuesOf(answer.data), status: {} });
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      await showSaveFailure({ status, message, errors: shownErrors(fieldErrors) }, helpers);
    }
  };
}

/** The quiz's rules and its questions, checked with the shared `quizSettingsSchema`. */
function QuizSettingsForm({ quiz }: { quiz: DashboardQuiz }) {
  const save = useSaveQuiz(quiz.product_session_id);
  return (
    <Formik<QuizSettingsValues> initialValues={valuesOf(quiz)} initialStatus={{}} validate={validateSettings} validateOnBlur validateOnChange onSubmit={save}>
      {({ isSubmitting, errors, touched, submitCount }) => {
        const questionsError = (submitCount > 0 || (touched as Record<string, unknown>).question_ids) && typeof (errors as Record<string, unknown>).question_ids === 'string';
        return (
          <Form noValidate aria-label={st.title}>
            <Stack spacing={3} useFlexGap>
              <Paper component="section" variant="outlined" aria-label={st.rules} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
                <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
                  {st.rules}
                </Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
                  <FormNumberField name="time_limit_minutes" label={st.time_limit_minutes} help={st.timeLimitHelp} />
                  <FormNumberField name="max_attempts" label={st.max_attempts} help={st.maxAttemptsHelp} />
                  <FormNumberField name="pass_percent" label={st.pass_percent} help={st.passPercentHelp} />
                </Box>
                <Stack sx={{ mt: 1 }}>
                  <FormSwitchField name="shuffle_questions" label={st.shuffle_questions} />
                  <FormSwitchField name="shuffle_options" label={st.shuffle_options} />
                  <FormSwitchField name="show_answers" label={st.show_answers} />
                </Stack>
                <Box sx={{ mt: 1 }}>
                  <FormRadioField name="score_policy" label={st.score_policy} options={st.scorePolicies} />
                </Box>
              </Paper>
              <QuizQuestionPicker productId={quiz.product_id} error={questionsError ? String((errors as Record<string, unknown>).question_ids) : null} />
            </Stack>
            <FormStatusAlert />
            <FormButtons cancelTo={`${CATALOG_PATHS.sessions}/${quiz.product_session_id}`} submitting={isSubmitting} submitLabel={st.save} />
          </Form>
        );
      }}
    </Formik>
  );
}

/**
 * `/dashboard/product-sessions/:sessionId/quiz` (manage-product-sessions; issue 37 item 2): a quiz
 * session's rules (time limit in minutes and attempts, empty for none; pass percent; shuffling;
 * showing answers after submitting; which attempt's score counts), numbers in any digits, and its
 * questions picked from the course's bank in order, with their total points; a link to the bank.
 * A session that is not a quiz answers 404 and the shell shows its error page.
 */
export default function QuizSettingsPage() {
  const sessionId = useIdParam('sessionId');
  const { data } = useGetDashboardQuizQuery(sessionId, { refetchOnMountOrArgChange: true });
  const session = useGetAdminSessionQuery(sessionId).data?.data;
  const quiz = data?.data;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 960 }}>
      <PageHeader
        title={session ? st.titleOf(session.title) : st.title}
        intro={st.intro}
        parents={[
          { label: st.sessions, to: CATALOG_PATHS.sessions },
          ...(session ? [{ label: session.title, to: `${CATALOG_PATHS.sessions}/${session.id}` }] : []),
        ]}
        actions={
          quiz && (
            <Button component={Link} to={QUIZ_PATHS.bank(quiz.product_id)} variant="outlined" startIcon={<Icon name="School" />}>
              {st.bankLink}
            </Button>
          )
        }
      />
      {/* A new key per quiz, so formik starts from that quiz's values. */}
      {quiz ? <QuizSettingsForm key={quiz.product_session_id} quiz={quiz} /> : <FormSkeleton />}
    </Box>
  );
}
