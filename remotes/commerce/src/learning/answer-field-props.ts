import type { QuizAnswer, QuizAttemptQuestion } from '@shop/contracts';

/**
 * What `QuestionField` hands the input of one question type (issue 37 item 1): the question, the
 * buyer's answer and where a new one goes, whether the input is locked (disabled, or the result is
 * shown), and the ids that name the input's group (the question's number and body) and describe it
 * (the server's error, when there is one).
 */
export interface AnswerFieldProps {
  question: QuizAttemptQuestion;
  answer: QuizAnswer | null;
  onChange: (answer: QuizAnswer) => void;
  disabled: boolean;
  /** Space-separated ids for `aria-labelledby`. */
  labelledBy: string;
  /** The error's id for `aria-describedby`, or undefined without an error. */
  describedBy: string | undefined;
}
