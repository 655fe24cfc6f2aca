/**
 * Scoring a quiz answer (issue 37 items 1 and 2): every type, all-or-nothing points, a zero-point
 * question answered right counted right, short answers compared after Persian normalization, and
 * an answer checked against its question before it is saved.
 */
import type { QuestionKey } from '../../../src/modules/learning/quiz-scoring';
import { fitAnswer, normalizeAnswerText, scoreAnswer, scorePercent } from '../../../src/modules/learning/quiz-scoring';

const key = (overrides: Partial<QuestionKey>): QuestionKey => ({ type: 'single_choice', points: 2, options: [], matches: [], correct_boolean: null, accepted_answers: [], ...overrides });
const choices = [
  { id: 'a', text: 'الف', is_correct: true },
  { id: 'b', text: 'ب', is_correct: false },
  { id: 'c', text: 'پ', is_correct: true },
];

describe('quiz scoring', () => {
  it('reads Arabic letters, any digits, zero-width non-joiners, diacritics, spaces and case as the same short answer', () => {
    const forms = ['می‌روم ۲', 'مي روم 2', 'میروم٢', 'مِی‌رَوَم 2', ' MI ', 'كتاب', 'ـکتـاب'];
    expect(forms.map(normalizeAnswerText)).toEqual(['میروم2', 'میروم2', 'میروم2', 'میروم2', 'mi', 'کتاب', 'کتاب']);
    const short = key({ type: 'short_answer', accepted_answers: ['می‌روم', 'خواهم رفت'] });
    expect(scoreAnswer(short, { text: 'مي روم' })).toEqual({ is_correct: true, points_awarded: 2 });
    expect(scoreAnswer(short, { text: 'خواهم‌رفت' })).toEqual({ is_correct: true, points_awarded: 2 });
    expect(scoreAnswer(short, { text: 'رفتم' })).toEqual({ is_correct: false, points_awarded: 0 });
    expect(scoreAnswer(short, { text: '   ' })).toEqual({ is_correct: false, points_awarded: 0 });
  });

  it('gives all the points for the right answer of each type and none otherwise, a missing answer included', () => {
    const multiple = key({ type: 'multiple_choice', options: choices });
    expect(scoreAnswer(multiple, { option_ids: ['c', 'a'] }).is_correct).toBe(true);
    expect(scoreAnswer(multiple, { option_ids: ['a'] }).is_correct).toBe(false);
    expect(scoreAnswer(multiple, { option_ids: ['a', 'b', 'c'] }).is_correct).toBe(false);
    expect(scoreAnswer(key({ options: choices.slice(0, 2) }), { option_ids: ['a'] })).toEqual({ is_correct: true, points_awarded: 2 });
    expect(scoreAnswer(key({ type: 'true_false', correct_boolean: false }), { value: false }).is_correct).toBe(true);
    expect(scoreAnswer(key({ type: 'true_false', correct_boolean: false }), { value: true }).is_correct).toBe(false);
    const ordering = key({ type: 'ordering', options: choices });
    expect(scoreAnswer(ordering, { option_ids: ['a', 'b', 'c'] }).is_correct).toBe(true);
    expect(scoreAnswer(ordering, { option_ids: ['b', 'a', 'c'] }).is_correct).toBe(false);
    const matching = key({ type: 'matching', options: choices.slice(0, 2), matches: [{ id: 'x', text: '۱' }, { id: 'y', text: '۲' }] });
    expect(scoreAnswer(matching, { matches: { a: 'x', b: 'y' } }).is_correct).toBe(true);
    expect(scoreAnswer(matching, { matches: { a: 'x' } }).is_correct).toBe(false);
    expect(scoreAnswer(ordering, null)).toEqual({ is_correct: false, points_awarded: 0 });
  });

  it('counts a zero-point question answered right as right, and a quiz worth nothing as 100 %', () => {
    expect(scoreAnswer(key({ type: 'true_false', correct_boolean: true, points: 0 }), { value: true })).toEqual({ is_correct: true, points_awarded: 0 });
    expect(scorePercent(0, 0)).toBe(100);
    expect(scorePercent(5, 7)).toBe(71);
  });

  it('keeps only the field a type reads and refuses an answer that does not fit its question', () => {
    expect(fitAnswer(key({ options: choices }), { option_ids: ['b'], value: true })).toEqual({ answer: { option_ids: ['b'] } });
    expect(fitAnswer(key({ options: choices }), { option_ids: ['z'] })).toHaveProperty('errors.option_ids');
    expect(fitAnswer(key({ type: 'multiple_choice', options: choices }), { option_ids: ['a', 'a'] })).toHaveProperty('errors.option_ids');
    expect(fitAnswer(key({ type: 'multiple_choice', options: choices }), { option_ids: [] })).toEqual({ answer: { option_ids: [] } });
    expect(fitAnswer(key({ type: 'ordering', options: choices }), { option_ids: ['a', 'b'] })).toHaveProperty('errors.option_ids');
    expect(fitAnswer(key({ type: 'short_answer' }), { value: true })).toHaveProperty('errors.text');
    expect(fitAnswer(key({ type: 'matching', options: choices, matches: [{ id: 'x', text: '۱' }] }), { matches: { a: 'q' } })).toHaveProperty('errors.matches');
  });
});
