/** @jest-environment-options {"url": "http://127.0.0.1:25957"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, QuizQuestion, QuizRegradePreview } from '@shop/contracts';
import { findRichTextBox, renderDashboardForm, startApiServer, stubLayoutForEditor, typeInEditor } from '@shop/test-utils';
import QuestionBankPage from './question-bank-page';

stubLayoutForEditor();

const course: Product = {
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true,
};
const aQuestion = (overrides: Partial<QuizQuestion> = {}): QuizQuestion => ({
  id: 11, product_id: 1, version: 1, type: 'single_choice', body: '<p>هوک <strong>useState</strong> چه می‌دهد؟</p>', points: 2,
  options: [{ id: 'a1', text: 'یک حالت', is_correct: true }, { id: 'b2', text: 'یک رویداد', is_correct: false }],
  matches: [], correct_boolean: null, accepted_answers: [], image: null, audio: null, answers_on_older_versions: 0,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...overrides,
});
const preview: QuizRegradePreview = {
  question_id: 12, version: 3, answers: 5, answers_changed: 2, attempts_changed: 2,
  changes: [
    { attempt_id: 40, user_id: 7, user_name: 'سارا محمدی', product_session_id: 5, percent_before: 40, percent_after: 80, passed_before: false, passed_after: true },
    { attempt_id: 41, user_id: 8, user_name: 'علی رضایی', product_session_id: 5, percent_before: 100, percent_after: 50, passed_before: true, passed_after: false },
  ],
};

let bank: QuizQuestion[] = [];
let saveRefusal: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25957, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/products/1' && method === 'GET') return { data: course };
    if (url.pathname === '/api/dashboard/products/1/quiz-questions') {
      if (method === 'GET') {
        const type = url.searchParams.get('type');
        const q = url.searchParams.get('q');
        const data = bank.filter((question) => (!type || question.type === type) && (!q || question.body.includes(q)));
        return { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length } };
      }
      if (saveRefusal) return saveRefusal;
      const question = aQuestion({ ...(json as Partial<QuizQuestion>), id: 99 });
      bank = [...bank, question];
      return { status: 201, body: { message: 'پرسش به بانک پرسش‌های دوره افزوده شد.', data: question } };
    }
    const one = /^\/api\/dashboard\/quiz-questions\/(\d+)(\/regrade)?$/.exec(url.pathname);
    const found = one && bank.find((question) => question.id === Number(one[1]));
    if (!one || !found) return undefined;
    if (one[2]) return method === 'GET' ? { data: preview } : { message: 'بازنمره‌دهی انجام شد؛ نمرهٔ ۲ آزمون تغییر کرد.', data: preview };
    if (method === 'GET') return { data: found };
    if (method === 'DELETE') {
      bank = bank.filter((question) => question !== found);
      return { message: 'پرسش از بانک و از آزمون‌ها برداشته شد؛ آزمون‌های پیشین آن را نگه می‌دارند.' };
    }
    if (saveRefusal) return saveRefusal;
    const edited = { ...found, ...(json as Partial<QuizQuestion>), version: found.version + 1, answers_on_older_versions: 3 };
    bank = bank.map((question) => (question === found ? edited : question));
    return { message: 'پرسش ویرایش شد.', data: edited };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  bank = [];
  saveRefusal = null;
});

const renderBank = (url = '/dashboard/products/1/quiz-questions') => renderDashboardForm(url, { '/dashboard/products/:productId/quiz-questions': <QuestionBankPage /> });
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.json }));
const table = () => screen.getByRole('table', { name: 'پرسش‌های این دوره' });
const rowsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
const dialog = () => screen.getByRole('dialog', { name: /پرسش/ });
const field = (name: string) => within(dialog()).getByRole('textbox', { name }) as HTMLInputElement;
const fill = async (name: string, text: string) => {
  await userEvent.clear(field(name));
  await userEvent.type(field(name), text);
};

/** Opens «پرسش تازه» and writes the body in its rich-text editor. */
async function startQuestion(body: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'پرسش تازه' }));
  await userEvent.click(await findRichTextBox('متن پرسش'));
  await typeInEditor(body);
}

describe("a course's question bank (issue 37)", () => {
  it("lists the course's questions under its title, filtered by type and searched", async () => {
    bank = [
      aQuestion(),
      aQuestion({ id: 12, type: 'true_false', body: '<p>ری‌اکت کتابخانه است.</p>', points: 1, version: 3, options: [], correct_boolean: true, answers_on_older_versions: 4 }),
    ];
    renderBank();
    expect(await screen.findByRole('heading', { level: 1, name: 'بانک پرسش‌های «دوره ری‌اکت»' })).toBeTruthy();
    await waitFor(() => expect(rowsOf(table())).toEqual([
      ['هوک useState چه می‌دهد؟', 'چندگزینه‌ای (یک پاسخ)', '۲', '۱', ''],
      ['ری‌اکت کتابخانه است.۴ پاسخ به نسخه‌های پیشین', 'درست یا نادرست', '۱', '۳', 'بازنمره‌دهی'],
    ]));
    expect(screen.getByText('۲ پرسش')).toBeTruthy();
    // Only a question answered on earlier versions offers a regrade.
    expect(screen.getAllByRole('button', { name: /^بازنمره‌دهی پرسش/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'نوع پرسش' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'درست یا نادرست' }));
    await waitFor(() => expect(rowsOf(table())).toHaveLength(1));
    expect(api.seen.at(-1)!.url.searchParams.get('type')).toBe('true_false');

    await userEvent.type(screen.getByRole('searchbox', { name: 'جست‌وجو در متن پرسش‌ها' }), 'هوک');
    await waitFor(() => expect(within(table()).getByText('پرسشی با این مشخصات پیدا نشد.')).toBeTruthy());
    expect(api.seen.at(-1)!.url.searchParams.get('q')).toBe('هوک');
  });

  it('says the bank is empty', async () => {
    renderBank();
    await waitFor(() => expect(within(table()).getByText('هنوز پرسشی در بانک این دوره نیست؛ با «پرسش تازه» نخستین را بسازید.')).toBeTruthy());
  });

  it('adds a single-choice question: the shared rules first, then the body it sends', async () => {
    renderBank();
    await startQuestion('پایتخت ایران کجاست؟');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن پرسش' }));
    expect((await within(dialog()).findAllByText('متن گزینه الزامی است')).length).toBe(2);
    expect(field('گزینهٔ ۱').getAttribute('aria-invalid')).toBe('true');

    await fill('امتیاز', '۳');
    await userEvent.type(field('گزینهٔ ۱'), 'اصفهان');
    await userEvent.type(field('گزینهٔ ۲'), 'تهران');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن گزینه' }));
    await userEvent.type(field('گزینهٔ ۳'), 'شیراز');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن پرسش' }));
    expect(await within(dialog()).findByText('یک گزینه را به‌عنوان پاسخ درست مشخص کنید')).toBeTruthy();
    expect(writes()).toEqual([]);
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'گزینهٔ ۳ پاسخ درست است' }));
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'گزینهٔ ۲ پاسخ درست است' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن پرسش' }));
    expect(await screen.findByText('پرسش به بانک پرسش‌های دوره افزوده شد.')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/dashboard/products/1/quiz-questions',
        body: {
          type: 'single_choice', body: '<p>پایتخت ایران کجاست؟</p>', points: 3,
          options: [{ text: 'اصفهان', is_correct: false }, { text: 'تهران', is_correct: true }, { text: 'شیراز', is_correct: false }],
          matches: [], correct_boolean: null, accepted_answers: [], image: null, audio: null,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowsOf(table())).toEqual([['پایتخت ایران کجاست؟', 'چندگزینه‌ای (یک پاسخ)', '۳', '۱', '']]));
  });

  it('adds a matching question: prompts and their matches in pairs', async () => {
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'پرسش تازه' }));
    await userEvent.click(within(dialog()).getByRole('combobox', { name: 'نوع پرسش' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'جورکردنی' }));
    await userEvent.click(await findRichTextBox('متن پرسش'));
    await typeInEditor('هر هوک را با کارش جور کنید.');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن جفت' }));
    const pairs = [['useState', 'حالت'], ['useEffect', 'اثر جانبی'], ['useRef', 'ارجاع']];
    for (const [index, [prompt, match]] of pairs.entries()) {
      await userEvent.type(field(`گزینهٔ ${'۱۲۳'[index]}`), prompt!);
      await userEvent.type(field(`پاسخ گزینهٔ ${'۱۲۳'[index]}`), match!);
    }
    await userEvent.click(within(dialog()).getByRole('button', { name: 'حذف جفت ۲' }));
    expect(field('گزینهٔ ۲').value).toBe('useRef');
    expect(field('پاسخ گزینهٔ ۲').value).toBe('ارجاع');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن پرسش' }));
    expect(await screen.findByText('پرسش به بانک پرسش‌های دوره افزوده شد.')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/dashboard/products/1/quiz-questions',
        body: {
          type: 'matching', body: '<p>هر هوک را با کارش جور کنید.</p>', points: 1,
          options: [{ text: 'useState', is_correct: false }, { text: 'useRef', is_correct: false }],
          matches: [{ text: 'حالت' }, { text: 'ارجاع' }],
          correct_boolean: null, accepted_answers: [], image: null, audio: null,
        },
      },
    ]);
  });

  it("shows the server's 422 under its field, and an edit keeps the options' ids and says past attempts keep their scores", async () => {
    bank = [aQuestion()];
    saveRefusal = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { 'options[1].text': ['این گزینه با گزینهٔ دیگری یکی است.'], type: ['نوع پرسش پس از ساختن آن عوض نمی‌شود؛ پرسش تازه‌ای بسازید.'] } } };
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'ویرایش پرسش «هوک useState چه می‌دهد؟»' }));
    expect(await within(dialog()).findByText('ویرایش، نسخهٔ تازه‌ای پس از نسخهٔ ۱ می‌سازد.')).toBeTruthy();
    expect(within(dialog()).getByRole('combobox', { name: 'نوع پرسش' }).getAttribute('aria-disabled')).toBe('true');
    await fill('گزینهٔ ۲', 'یک ارجاع');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'ذخیرهٔ پرسش' }));
    const error = await within(dialog()).findByText('این گزینه با گزینهٔ دیگری یکی است.');
    expect(field('گزینهٔ ۲').getAttribute('aria-describedby')).toBe(error.id);
    expect(field('گزینهٔ ۲').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText('نوع پرسش پس از ساختن آن عوض نمی‌شود؛ پرسش تازه‌ای بسازید.')).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(field('گزینهٔ ۲').value).toBe('یک ارجاع');

    saveRefusal = null;
    await userEvent.click(within(dialog()).getByRole('button', { name: 'ذخیرهٔ پرسش' }));
    expect(await screen.findByText(/^پرسش ویرایش شد\. ۳ پاسخ آزمون‌های پیشین نمره‌ای را که با نسخه‌های پیشین گرفته‌اند نگه می‌دارند تا پرسش را بازنمره‌دهی کنید/)).toBeTruthy();
    const puts = writes().filter((w) => w.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]).toEqual({
      method: 'PUT',
      path: '/api/dashboard/quiz-questions/11',
      body: {
        type: 'single_choice', body: '<p>هوک <strong>useState</strong> چه می‌دهد؟</p>', points: 2,
        options: [{ id: 'a1', text: 'یک حالت', is_correct: true }, { id: 'b2', text: 'یک ارجاع', is_correct: false }],
        matches: [], correct_boolean: null, accepted_answers: [], image: null, audio: null,
      },
    });
    await waitFor(() => expect(rowsOf(table())[0]![3]).toBe('۲'));
  });

  it('previews a regrade in a dialog and applies it', async () => {
    bank = [aQuestion({ id: 12, version: 3, answers_on_older_versions: 5 })];
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'بازنمره‌دهی پرسش «هوک useState چه می‌دهد؟»' }));
    const regrade = await screen.findByRole('dialog', { name: 'بازنمره‌دهی پرسش «هوک useState چه می‌دهد؟»' });
    const changes = await within(regrade).findByRole('table', { name: 'آزمون‌هایی که نمره‌شان تغییر می‌کند' });
    expect(rowsOf(changes)).toEqual([
      ['سارا محمدی', '۴۰٪ ← ۸۰٪', 'مردود ← قبول'],
      ['علی رضایی', '۱۰۰٪ ← ۵۰٪', 'قبول ← مردود'],
    ]);
    const figures = [...regrade.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['پاسخ‌های بررسی‌شده', '۵'],
      ['پاسخ‌هایی که امتیازشان تغییر می‌کند', '۲'],
      ['آزمون‌هایی که نمره‌شان تغییر می‌کند', '۲'],
    ]);
    expect(writes()).toEqual([]);
    await userEvent.click(within(regrade).getByRole('button', { name: 'اعمال بازنمره‌دهی' }));
    expect(await screen.findByText('بازنمره‌دهی انجام شد؛ نمرهٔ ۲ آزمون تغییر کرد.')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', path: '/api/dashboard/quiz-questions/12/regrade', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a question after a confirmation', async () => {
    bank = [aQuestion(), aQuestion({ id: 12, body: '<p>دومی</p>' })];
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'حذف پرسش «دومی»' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف پرسش «دومی»؟' });
    expect(writes()).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'حذف پرسش' }));
    expect(await screen.findByText('پرسش از بانک و از آزمون‌ها برداشته شد؛ آزمون‌های پیشین آن را نگه می‌دارند.')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/dashboard/quiz-questions/12', body: undefined }]);
    await waitFor(() => expect(rowsOf(table())).toHaveLength(1));
  });
});
