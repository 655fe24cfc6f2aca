import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { QuizAnswer, QuizAnswerResult, QuizAttemptQuestion } from '@shop/contracts';
import { AppThemeProvider } from '@shop/ui-kit';
import { QuestionField, type QuestionFieldProps } from './question-field';

/** A question of an attempt as the API sends it while the attempt is open. */
function aQuestion(overrides: Partial<QuizAttemptQuestion> = {}): QuizAttemptQuestion {
  return {
    position: 3,
    type: 'single_choice',
    body: '<p>پایتخت ایران کدام شهر است؟</p>',
    image: null,
    audio: null,
    points: 2,
    options: [
      { id: 'a', text: 'شیراز' },
      { id: 'b', text: 'تهران' },
      { id: 'c', text: 'تبریز' },
    ],
    matches: [],
    answer: null,
    result: null,
    ...overrides,
  };
}

/** A result as the API sends it after submitting, when the quiz shows answers. */
function aResult(overrides: Partial<QuizAnswerResult> = {}): QuizAnswerResult {
  return { is_correct: true, points_awarded: 2, correct_option_ids: [], correct_boolean: null, accepted_answers: [], correct_matches: {}, ...overrides };
}

/** The page's part: it keeps the answer the field hands it and gives it back. */
function Page({ initial, onChange, ...props }: Omit<QuestionFieldProps, 'answer' | 'total'> & { initial: QuizAnswer | null }) {
  const [answer, setAnswer] = useState(initial);
  return (
    <QuestionField
      {...props}
      total={5}
      answer={answer}
      onChange={(next) => {
        onChange(next);
        setAnswer(next);
      }}
    />
  );
}

/** Renders the question in the RTL theme, third of five; returns the `onChange` calls. */
function show(question: QuizAttemptQuestion, { answer = null, disabled, error }: { answer?: QuizAnswer | null; disabled?: boolean; error?: string } = {}) {
  const onChange = jest.fn<void, [QuizAnswer]>();
  render(
    <AppThemeProvider>
      <Page question={question} initial={answer} onChange={onChange} disabled={disabled} error={error} />
    </AppThemeProvider>,
  );
  return onChange;
}

/** A user who tries to click a locked input (MUI turns off pointer events on it, which user-event would refuse). */
const pushy = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const section = () => screen.getByRole('region', { name: 'پرسش ۳ از ۵' });
const lastAnswer = (onChange: jest.Mock<void, [QuizAnswer]>) => onChange.mock.calls.at(-1)?.[0];

describe('QuestionField: answering each type (issue 37 item 1)', () => {
  it('single choice: shows the number, points and body in Persian, and a radio click answers its one id', async () => {
    const onChange = show(aQuestion());
    expect(within(section()).getByRole('heading', { name: 'پرسش ۳ از ۵' })).toBeTruthy();
    expect(within(section()).getByText('۲ امتیاز')).toBeTruthy();
    expect(section().textContent).not.toMatch(/[0-9]/);
    const group = screen.getByRole('radiogroup', { name: 'پرسش ۳ از ۵ پایتخت ایران کدام شهر است؟' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['شیراز', 'تهران', 'تبریز']);
    await userEvent.click(within(group).getByRole('radio', { name: 'تهران' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['b'] });
    expect((screen.getByRole('radio', { name: 'تهران' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'شیراز' }));
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['a'] });
    expect(screen.queryByText('پاسخ درست')).toBeNull();
  });

  it('multiple choice: every tick answers all ticked ids in the options’ order', async () => {
    const onChange = show(aQuestion({ type: 'multiple_choice', points: 12, body: '<p>کدام‌ها شهرند؟</p>' }));
    expect(within(section()).getByText('۱۲ امتیاز')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'پرسش ۳ از ۵ کدام‌ها شهرند؟' });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'تبریز' }));
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['c'] });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'شیراز' }));
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['a', 'c'] });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'تبریز' }));
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['a'] });
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('true/false: «درست» and «نادرست» answer a boolean', async () => {
    const onChange = show(aQuestion({ type: 'true_false', options: [], body: '<p>زمین گرد است.</p>', points: 1 }));
    expect(within(section()).getByText('۱ امتیاز')).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'پرسش ۳ از ۵ زمین گرد است.' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    await userEvent.click(within(group).getByRole('radio', { name: 'نادرست' }));
    expect(lastAnswer(onChange)).toEqual({ value: false });
    await userEvent.click(within(group).getByRole('radio', { name: 'درست' }));
    expect(lastAnswer(onChange)).toEqual({ value: true });
  });

  it('short answer: each keystroke answers the text, at most 500 characters, with a count in Persian digits', async () => {
    const onChange = show(aQuestion({ type: 'short_answer', options: [], body: '<p>پایتخت ایران؟</p>' }));
    const group = screen.getByRole('group', { name: 'پرسش ۳ از ۵ پایتخت ایران؟' });
    const box = within(group).getByRole('textbox', { name: 'پاسخ شما' });
    expect(box.getAttribute('maxlength')).toBe('500');
    expect(screen.getByText('پاسخ را کوتاه بنویسید؛ ۰ از ۵۰۰ نویسه.')).toBeTruthy();
    await userEvent.type(box, 'تهران');
    expect(onChange).toHaveBeenCalledTimes(5);
    expect(onChange.mock.calls[0]![0]).toEqual({ text: 'ت' });
    expect(lastAnswer(onChange)).toEqual({ text: 'تهران' });
    expect(screen.getByText('پاسخ را کوتاه بنویسید؛ ۵ از ۵۰۰ نویسه.')).toBeTruthy();
  });

  it('ordering: starts in the options’ order; a move answers every id in the new order and keeps the keyboard on the item', async () => {
    const onChange = show(aQuestion({ type: 'ordering', body: '<p>از شمال به جنوب بچینید.</p>' }));
    const list = screen.getByRole('list', { name: 'پرسش ۳ از ۵ از شمال به جنوب بچینید.' });
    const items = () => within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items()).toEqual(['۱.شیراز', '۲.تهران', '۳.تبریز']);
    expect((screen.getByRole('button', { name: 'انتقال «شیراز» به بالا' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'انتقال «تبریز» به پایین' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'انتقال «تبریز» به بالا' }));
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['a', 'c', 'b'] });
    expect(items()).toEqual(['۱.شیراز', '۲.تبریز', '۳.تهران']);
    expect(screen.getByRole('status').textContent).toBe('«تبریز» اکنون ۲ از ۳ است.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'انتقال «تبریز» به بالا' }));

    // With the keyboard: Enter on the focused button moves it again, to the top, where «بالا» is
    // disabled, so the focus goes to its «پایین»; Space moves it back down.
    await userEvent.keyboard('{Enter}');
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['c', 'a', 'b'] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'انتقال «تبریز» به پایین' }));
    await userEvent.keyboard(' ');
    expect(lastAnswer(onChange)).toEqual({ option_ids: ['a', 'c', 'b'] });
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('ordering: shows a saved order as it was given', () => {
    show(aQuestion({ type: 'ordering' }), { answer: { option_ids: ['b', 'c', 'a'] } });
    expect(within(screen.getByRole('list', { name: /^پرسش ۳ از ۵/ })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['۱.تهران', '۲.تبریز', '۳.شیراز']);
  });

  it('matching: a select per prompt, each choice answering every prompt matched so far', async () => {
    const onChange = show(
      aQuestion({
        type: 'matching',
        body: '<p>هر شهر را به استانش وصل کنید.</p>',
        points: 4,
        options: [
          { id: 'p1', text: 'شیراز' },
          { id: 'p2', text: 'تبریز' },
        ],
        matches: [
          { id: 'm1', text: 'آذربایجان شرقی' },
          { id: 'm2', text: 'فارس' },
        ],
      }),
    );
    expect(within(section()).getByText('۴ امتیاز')).toBeTruthy();
    const group = screen.getByRole('group', { name: 'پرسش ۳ از ۵ هر شهر را به استانش وصل کنید.' });
    await userEvent.click(within(group).getByRole('combobox', { name: 'شیراز' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'فارس' }));
    expect(lastAnswer(onChange)).toEqual({ matches: { p1: 'm2' } });
    expect(within(group).getByRole('combobox', { name: 'شیراز' }).textContent).toBe('فارس');
    await userEvent.click(within(group).getByRole('combobox', { name: 'تبریز' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'آذربایجان شرقی' }));
    expect(lastAnswer(onChange)).toEqual({ matches: { p1: 'm2', p2: 'm1' } });
  });

  it('shows the question’s image and audio, lazily', () => {
    show(aQuestion({ image: '/media/quiz/map.png', audio: '/media/quiz/clip.mp3' }));
    const image = section().querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/quiz/map.png');
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('loading')).toBe('lazy');
    const audio = section().querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/media/quiz/clip.mp3');
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('preload')).toBe('none');
    expect(audio.getAttribute('aria-label')).toBe('صدای پرسش ۳');
  });

  it('shows the server’s error under the field and describes the group with it', () => {
    show(aQuestion({ type: 'multiple_choice' }), { error: 'دست‌کم یک گزینه را انتخاب کنید.' });
    expect(screen.getByRole('group', { name: /^پرسش ۳ از ۵/, description: 'دست‌کم یک گزینه را انتخاب کنید.' })).toBeTruthy();
  });

  it('disabled: every input is locked and a click answers nothing', async () => {
    const onChange = show(aQuestion({ type: 'ordering' }), { disabled: true });
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
    await pushy().click(screen.getByRole('button', { name: 'انتقال «تهران» به بالا' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(screen.getByRole('list', { name: /^پرسش ۳ از ۵/ })).getAllByRole('listitem')[0]!.textContent).toBe('۱.شیراز');
  });

  it('disabled: radios are locked too', async () => {
    const onChange = show(aQuestion(), { disabled: true });
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    await pushy().click(screen.getByRole('radio', { name: 'تهران' }));
    expect(onChange).not.toHaveBeenCalled();
    expect((screen.getByRole('radio', { name: 'تهران' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('QuestionField: the result after submitting (issue 37 item 1)', () => {
  it('a right single choice: «پاسخ درست» with its tick, the points given, the right option marked, inputs locked', async () => {
    const onChange = show(aQuestion({ result: aResult({ correct_option_ids: ['b'] }) }), { answer: { option_ids: ['b'] } });
    expect(within(section()).getByText('پاسخ درست')).toBeTruthy();
    expect(within(section()).getByText('۲ از ۲ امتیاز')).toBeTruthy();
    expect(within(section()).getByText('پاسخ درست').querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'تهران گزینه درست' })).toBeTruthy();
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    await pushy().click(screen.getByRole('radio', { name: 'شیراز' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('پاسخ نادرست')).toBeNull();
  });

  it('a wrong multiple choice: «پاسخ نادرست», no points, the right options and the wrong pick marked', () => {
    show(aQuestion({ type: 'multiple_choice', result: aResult({ is_correct: false, points_awarded: 0, correct_option_ids: ['b', 'c'] }) }), { answer: { option_ids: ['a', 'b'] } });
    expect(within(section()).getByText('پاسخ نادرست').querySelector('svg')).toBeTruthy();
    expect(within(section()).getByText('۰ از ۲ امتیاز')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'شیراز انتخاب نادرست' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'تهران گزینه درست' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'تبریز گزینه درست' })).toBeTruthy();
    expect(screen.queryByText('پاسخ درست')).toBeNull();
  });

  it('a wrong true/false: the right value marked, and a note when nothing was answered', () => {
    show(aQuestion({ type: 'true_false', options: [], result: aResult({ is_correct: false, points_awarded: 0, correct_boolean: false }) }));
    expect(within(section()).getByText('پاسخ نادرست')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'نادرست گزینه درست' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'درست' })).toBeTruthy();
    expect(screen.getByText('به این پرسش پاسخ ندادید.')).toBeTruthy();
  });

  it('a wrong short answer: the accepted forms are listed and the field is locked', () => {
    show(aQuestion({ type: 'short_answer', options: [], result: aResult({ is_correct: false, points_awarded: 0, accepted_answers: ['تهران', 'طهران'] }) }), { answer: { text: 'شیراز' } });
    expect(within(section()).getByText('پاسخ نادرست')).toBeTruthy();
    expect(screen.getByText('پاسخ‌های پذیرفته:')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['تهران', 'طهران']);
    const box = screen.getByRole('textbox', { name: 'پاسخ شما' }) as HTMLInputElement;
    expect(box.value).toBe('شیراز');
    expect(box.disabled).toBe(true);
  });

  it('a wrong ordering: the buyer’s order stays, the right order is listed, the buttons are locked', () => {
    show(aQuestion({ type: 'ordering', result: aResult({ is_correct: false, points_awarded: 0, correct_option_ids: ['c', 'b', 'a'] }) }), { answer: { option_ids: ['b', 'c', 'a'] } });
    expect(within(section()).getByText('پاسخ نادرست')).toBeTruthy();
    const [given, right] = screen.getAllByRole('list');
    expect(within(given!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['۱.تهران', '۲.تبریز', '۳.شیراز']);
    expect(screen.getByText('ترتیب درست:')).toBeTruthy();
    expect(within(right!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['۱. تبریز', '۲. تهران', '۳. شیراز']);
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('a wrong matching: each prompt says «درست» or its right match', () => {
    show(
      aQuestion({
        type: 'matching',
        options: [
          { id: 'p1', text: 'شیراز' },
          { id: 'p2', text: 'تبریز' },
        ],
        matches: [
          { id: 'm1', text: 'آذربایجان شرقی' },
          { id: 'm2', text: 'فارس' },
          { id: 'm3', text: 'گیلان' },
        ],
        result: aResult({ is_correct: false, points_awarded: 0, correct_matches: { p1: 'm2', p2: 'm1' } }),
      }),
      { answer: { matches: { p1: 'm2', p2: 'm3' } } },
    );
    expect(within(section()).getByText('پاسخ نادرست')).toBeTruthy();
    const shiraz = screen.getByRole('combobox', { name: 'شیراز' });
    const tabriz = screen.getByRole('combobox', { name: 'تبریز' });
    expect(shiraz.getAttribute('aria-disabled')).toBe('true');
    expect(shiraz.closest('.MuiFormControl-root')!.textContent).toContain('درست');
    expect(shiraz.closest('.MuiFormControl-root')!.textContent).not.toContain('پاسخ درست');
    expect(tabriz.textContent).toBe('گیلان');
    expect(tabriz.closest('.MuiFormControl-root')!.textContent).toContain('پاسخ درست: آذربایجان شرقی');
  });

  it('a zero-point question: «بدون امتیاز», and a right answer still shows as right', () => {
    show(aQuestion({ type: 'true_false', options: [], points: 0, result: aResult({ points_awarded: 0, correct_boolean: true }) }), { answer: { value: true } });
    expect(within(section()).getAllByText('بدون امتیاز')).toHaveLength(2);
    expect(within(section()).getByText('پاسخ درست')).toBeTruthy();
    expect(screen.queryByText('پاسخ نادرست')).toBeNull();
    expect(screen.queryByText(/از ۰ امتیاز/)).toBeNull();
    expect(screen.getByRole('radio', { name: 'درست گزینه درست' })).toBeTruthy();
  });
});
