/**
 * How a quiz answer is checked and scored (issue 37 items 1, 2 and 7), from one version of its
 * question: pure functions, the same for submitting, for the server's deadline and for a regrade.
 * A right answer gets all the question's points, any other none (a zero-point question answered
 * right is still right). Short answers are compared after {@link normalizeAnswerText}.
 */
import type { QuestionOption, QuestionType, QuizAnswer, QuizQuestionOption } from '@shop/contracts';
import { normalizeDigits } from '@shop/validation';
import { LEARNING_MESSAGES } from './messages';

/** The parts of a question version that scoring reads. */
export interface QuestionKey {
  type: QuestionType;
  points: number;
  options: QuizQuestionOption[];
  matches: QuestionOption[];
  correct_boolean: boolean | null;
  accepted_answers: string[];
}

/** Arabic letters typed for their Persian forms, and hamza-carrying alefs. */
const LETTERS: Record<string, string> = { 'ي': 'ی', 'ى': 'ی', 'ئ': 'ی', 'ك': 'ک', 'أ': 'ا', 'إ': 'ا', 'ٱ': 'ا', 'ة': 'ه', 'ۀ': 'ه', 'ؤ': 'و' };
/** Diacritics (harakat, tanwin, shadda, sukun, superscript alef), tatweel, zero-width (non-)joiners and marks, spaces. */
const IGNORED = /[\u064B-\u065F\u0670\u0640\u200B-\u200F\u2066-\u2069\s]/gu;

/**
 * A short answer as compared: Unicode NFKC, Latin digits, Persian letters for Arabic ones, no
 * diacritics, zero-width characters or spaces, lower case; e.g. «مي‌روم ۲» and «میروم 2» are the same.
 */
export function normalizeAnswerText(text: string): string {
  return normalizeDigits(text.normalize('NFKC'))
    .replace(/[يىئكأإٱةۀؤ]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(IGNORED, '')
    .toLowerCase();
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const sameSet = (a: readonly string[], b: readonly string[]) => new Set(a).size === a.length && a.length === b.length && b.every((value) => a.includes(value));

/** True when `answer` is the right answer to `key`; a missing answer is wrong. */
export function isRightAnswer(key: QuestionKey, answer: QuizAnswer | null): boolean {
  if (!answer) return false;
  const ids = answer.option_ids ?? [];
  switch (key.type) {
    case 'single_choice':
    case 'multiple_choice':
      return sameSet(ids, key.options.filter((option) => option.is_correct).map((option) => option.id));
    case 'true_false':
      return typeof answer.value === 'boolean' && answer.value === key.correct_boolean;
    case 'short_answer': {
      const given = normalizeAnswerText(answer.text ?? '');
      return given !== '' && key.accepted_answers.some((accepted) => normalizeAnswerText(accepted) === given);
    }
    case 'ordering':
      return sameList(ids, key.options.map((option) => option.id));
    case 'matching':
      return key.options.every((prompt, index) => answer.matches?.[prompt.id] === key.matches[index]?.id);
  }
}

/** The score of `answer` by `key`: right or not, and the points given (all or none). */
export function scoreAnswer(key: QuestionKey, answer: QuizAnswer | null): { is_correct: boolean; points_awarded: number } {
  const is_correct = isRightAnswer(key, answer);
  return { is_correct, points_awarded: is_correct ? key.points : 0 };
}

/** A quiz score in whole percent, rounded down; 100 when nothing could be scored (all questions worth 0). */
export function scorePercent(score: number, maxScore: number): number {
  return maxScore === 0 ? 100 : Math.floor((score * 100) / maxScore);
}

/**
 * Checks that `answer` fits a question of `key`'s type and options (issue 37 item 7), keeping only
 * the field that type reads.
 * @returns the answer to save, or the field errors (Persian) to answer 422 with
 */
export function fitAnswer(key: QuestionKey, answer: QuizAnswer): { answer: QuizAnswer } | { errors: Record<string, string[]> } {
  const optionIds = key.options.map((option) => option.id);
  const ids = answer.option_ids;
  const refuse = (field: keyof QuizAnswer, message: string) => ({ errors: { [field]: [message] } });
  switch (key.type) {
    case 'single_choice':
      if (!ids || ids.length !== 1 || !optionIds.includes(ids[0]!)) return refuse('option_ids', LEARNING_MESSAGES.oneOptionExpected);
      return { answer: { option_ids: ids } };
    case 'multiple_choice':
      if (!ids || new Set(ids).size !== ids.length || !ids.every((id) => optionIds.includes(id))) return refuse('option_ids', LEARNING_MESSAGES.optionsOfQuestion);
      return { answer: { option_ids: ids } };
    case 'ordering':
      if (!ids || !sameSet(ids, optionIds)) return refuse('option_ids', LEARNING_MESSAGES.everyItemOrdered);
      return { answer: { option_ids: ids } };
    case 'true_false':
      if (typeof answer.value !== 'boolean') return refuse('value', LEARNING_MESSAGES.booleanExpected);
      return { answer: { value: answer.value } };
    case 'short_answer':
      if (typeof answer.text !== 'string') return refuse('text', LEARNING_MESSAGES.textExpected);
      return { answer: { text: answer.text } };
    case 'matching': {
      const matchIds = key.matches.map((match) => match.id);
      const pairs = Object.entries(answer.matches ?? {});
      if (!answer.matches || !pairs.every(([prompt, match]) => optionIds.includes(prompt) && matchIds.includes(match))) {
        return refuse('matches', LEARNING_MESSAGES.matchesOfQuestion);
      }
      return { answer: { matches: answer.matches } };
    }
  }
}
