import { useId, useState } from 'react';
import { Form, Formik } from 'formik';
import { skipToken } from '@shop/api-client';
import type { QuestionType, QuizQuestion } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { FormNumberField, FormRichTextField, FormSelectField, FormStatusAlert } from '@shop/forms';
import { QUESTION_TYPES } from '@shop/validation';
import { Button, CircularProgress, Stack, Typography, enqueueSnackbar, useMediaQuery, useTheme } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@shop/ui-kit/lazy';
import { QuestionAnswerFields } from './question-answer-fields';
import { QuestionMediaFields } from './question-media-fields';
import { blankQuestion, checkedBody, questionValues, showQuestionFailure, validateQuestion, type QuestionFormValues } from './question-values';
import { quizStrings } from './quiz-dashboard-strings';
import { useCreateQuizQuestionMutation, useGetQuizQuestionQuery, useUpdateQuizQuestionMutation } from './quizzes-admin-api';

const s = quizStrings.form;
const TYPE_OPTIONS = QUESTION_TYPES.map((type: QuestionType) => ({ value: type, label: quizStrings.types[type] }));

/** Props of the form inside the dialog. */
interface QuestionFormProps {
  productId: number;
  /** The question being edited (its current version), or null for a new one. */
  question: QuizQuestion | null;
  heading: string;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

/** Sends the checked question (POST a new one, PUT an edit) and says what happened, or shows the refusal in the form. */
function useSaveQuestion({ productId, question, onBusy, onDone }: Pick<QuestionFormProps, 'productId' | 'question' | 'onBusy' | 'onDone'>) {
  const [create] = useCreateQuizQuestionMutation();
  const [update] = useUpdateQuizQuestionMutation();
  return async (values: QuestionFormValues, helpers: Parameters<typeof showQuestionFailure>[1]) => {
    helpers.setStatus({});
    const checked = await checkedBody(values);
    if (!('body' in checked)) return;
    onBusy(true);
    try {
      if (question) {
        const answer = await update({ questionId: question.id, productId, body: checked.body }).unwrap();
        // Every answer given before this edit is now on an earlier version: it keeps its score until a regrade.
        const earlier = answer.data.answers_on_older_versions;
        enqueueSnackbar(earlier > 0 ? s.pastAttemptsKept(formatNumber(earlier)) : answer.message, { variant: earlier > 0 ? 'info' : 'success' });
      } else {
        const answer = await create({ productId, body: checked.body }).unwrap();
        enqueueSnackbar(answer.message, { variant: 'success' });
      }
      onDone();
    } catch (error) {
      await showQuestionFailure(error, helpers);
    } finally {
      onBusy(false);
    }
  };
}

/** The question's fields, checked with the shared `quizQuestionSchema`, and the dialog's buttons. */
function QuestionForm({ productId, question, heading, onBusy, onDone, onCancel }: QuestionFormProps) {
  const save = useSaveQuestion({ productId, question, onBusy, onDone });
  return (
    <Formik<QuestionFormValues>
      initialValues={question ? questionValues(question) : blankQuestion()}
      initialStatus={{}}
      validate={validateQuestion}
      validateOnBlur
      validateOnChange
      onSubmit={save}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={heading}>
          <DialogContent dividers>
            <Stack spacing={2} useFlexGap>
              {question && (
                <Typography variant="body2" color="text.secondary">
                  {s.editing(quizStrings.version(formatNumber(question.version)))}
                </Typography>
              )}
              <FormSelectField name="type" label={s.type} options={TYPE_OPTIONS} disabled={question !== null || isSubmitting} help={question ? s.typeFixed : undefined} />
              <FormRichTextField name="body" label={s.body} help={s.bodyHelp} disabled={isSubmitting} />
              <FormNumberField name="points" label={s.points} help={s.pointsHelp} />
              <QuestionAnswerFields />
              <QuestionMediaFields />
            </Stack>
            <FormStatusAlert />
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={isSubmitting}>
              {s.cancel}
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? s.saving : question ? s.save : s.create}
            </Button>
          </DialogActions>
        </Form>
      )}
    </Formik>
  );
}

/**
 * The dialog that adds a question to course `productId`'s bank or edits one (issue 37 item 1;
 * manage-product-sessions), full screen on a phone: the type (fixed once made: the server refuses
 * another), the body in the shared rich-text field, the points (any digits) and the type's answer
 * fields, an optional image and audio clip (each uploaded when chosen, previewed, removable),
 * checked with the shared `quizQuestionSchema`. An edit loads the question's current
 * version and keeps each option's id (a regrade maps earlier answers by it). The server's 422 shows
 * under each field (`options[1].text` under the second option); a save toasts the server's message,
 * or, after an edit of a question earlier attempts answered, that those keep their scores until a
 * regrade; then the dialog closes.
 * @param editing the question to edit, or null to add one; the dialog shows while `open`
 */
export function QuestionFormDialog({ productId, editing, open, onClose }: { productId: number; editing: number | null; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const { data, isFetching } = useGetQuizQuestionQuery(open && editing !== null ? editing : skipToken, { refetchOnMountOrArgChange: true });
  const question = editing !== null && data?.data.id === editing ? data.data : null;
  const loading = open && editing !== null && (!question || isFetching);
  const heading = editing === null ? s.add : s.edit;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{heading}</DialogTitle>
      {loading ? (
        <DialogContent dividers>
          <Stack sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress aria-label={s.loading} />
          </Stack>
        </DialogContent>
      ) : (
        // While an edit's dialog closes, its question is no longer read: nothing is shown.
        (editing === null || question) && (
          <QuestionForm key={question ? `${question.id}-${question.version}` : 'new'} productId={productId} question={question} heading={heading} onBusy={setBusy} onDone={onClose} onCancel={onClose} />
        )
      )}
    </Dialog>
  );
}
