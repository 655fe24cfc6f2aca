import { quizAnswerSchema, quizQuestionSchema, quizSettingsSchema } from './quiz-schemas';
import { validate } from './validate';

describe('quiz schemas (issue 37)', () => {
  it('reads a question with Persian digits in its points, its options defaulting to not right', async () => {
    const result = await validate(quizQuestionSchema, { type: 'single_choice', body: '<p>پرسش</p>', points: '۳', options: [{ text: 'الف', is_correct: true }, { text: 'ب' }] });
    expect(result).toMatchObject({ ok: true, value: { points: 3, options: [{ text: 'الف', is_correct: true }, { text: 'ب', is_correct: false }], matches: [], image: null } });
  });

  it('puts each refusal of a question on its field, in Persian', async () => {
    const noBody = await validate(quizQuestionSchema, { type: 'true_false', body: ' ', points: 1, correct_boolean: true });
    expect(!noBody.ok && noBody.errors.body).toEqual(['متن پرسش الزامی است']);
    const twoRight = await validate(quizQuestionSchema, { type: 'single_choice', body: 'x', points: 1, options: [{ text: 'الف', is_correct: true }, { text: 'ب', is_correct: true }] });
    expect(!twoRight.ok && twoRight.errors.options).toEqual(['یک گزینه را به‌عنوان پاسخ درست مشخص کنید']);
    const image = await validate(quizQuestionSchema, { type: 'true_false', body: 'x', points: 1, correct_boolean: true, image: 'https://evil.example/x.png' });
    expect(!image.ok && image.errors.image).toEqual(['تصویر معتبر نیست']);
  });

  it('reads a quiz’s rules with empty limits as none, and refuses no questions or a question twice', async () => {
    expect(await validate(quizSettingsSchema, { pass_percent: '۶۰', time_limit_minutes: '', max_attempts: null, question_ids: [3, 1] })).toMatchObject({
      ok: true,
      value: { pass_percent: 60, time_limit_minutes: null, max_attempts: null, score_policy: 'best', show_answers: true, question_ids: [3, 1] },
    });
    const none = await validate(quizSettingsSchema, { pass_percent: 60, question_ids: [] });
    expect(!none.ok && none.errors.question_ids).toEqual(['دست‌کم ۱ و حداکثر ۲۰۰ پرسش برگزینید']);
    const twice = await validate(quizSettingsSchema, { pass_percent: 101, question_ids: [1, 1] });
    expect(!twice.ok && twice.errors).toMatchObject({ pass_percent: ['نمره قبولی (درصد) نباید بیشتر از ۱۰۰ باشد'], question_ids: ['یک پرسش دو بار در آزمون آمده است'] });
  });

  it('takes an answer of any shape a question reads and refuses a malformed one', async () => {
    expect((await validate(quizAnswerSchema, { matches: { a1: 'b2' } })).ok).toBe(true);
    const bad = await validate(quizAnswerSchema, { matches: ['a'], text: 'x'.repeat(501) });
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(['matches', 'text']);
  });
});
