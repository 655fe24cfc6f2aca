/** @jest-environment-options {"url": "http://127.0.0.1:25960"} */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, QuizQuestion } from '@shop/contracts';
import { renderDashboardForm, startApiServer, stubLayoutForEditor } from '@shop/test-utils';
import QuestionBankPage from './question-bank-page';
import { sampleCsv } from './question-import-dialog';

stubLayoutForEditor();

const course: Product = {
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true,
};
const imported: QuizQuestion = {
  id: 31, product_id: 1, version: 1, type: 'true_false', body: '<p>زمین گرد است.</p>', points: 1, options: [], matches: [], correct_boolean: true,
  accepted_answers: [], image: null, audio: null, answers_on_older_versions: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const rowErrors = {
  'row-3.options': ['ردیف ۳، ستون «گزینه‌ها»: یک گزینه را به‌عنوان پاسخ درست مشخص کنید'],
  'row-5.answer': ['ردیف ۵، ستون «پاسخ»: برای پرسش درست یا نادرست «درست» یا «نادرست» بنویسید.'],
};

let bank: QuizQuestion[] = [];
let importAnswer: { status: number; body: unknown } = { status: 201, body: {} };
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25960, ({ method, url }) => {
    if (url.pathname === '/api/dashboard/products/1' && method === 'GET') return { data: course };
    if (url.pathname === '/api/dashboard/products/1/quiz-questions' && method === 'GET') return { data: bank, meta: { current_page: 1, last_page: 1, per_page: 15, total: bank.length } };
    if (url.pathname === '/api/dashboard/products/1/quiz-questions/import' && method === 'POST') {
      if (importAnswer.status === 201) bank = [imported];
      return importAnswer;
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  bank = [];
});

const renderBank = () => renderDashboardForm('/dashboard/products/1/quiz-questions', { '/dashboard/products/:productId/quiz-questions': <QuestionBankPage /> });
const dialog = () => screen.getByRole('dialog', { name: 'ورود پرسش‌ها از فایل CSV' });
// The test environment's fetch and FormData are Node's (jest.jsdom-env.js), which take Node's File only.
const aCsv = () => new NodeFile(['\uFEFFنوع,متن,امتیاز,پاسخ\nدرست یا نادرست,زمین گرد است.,۱,درست\n'], 'پرسش‌ها.csv', { type: 'text/csv' });
const imports = () => api.seen.filter((r) => r.url.pathname.endsWith('/import'));

async function openAndChoose() {
  renderBank();
  await userEvent.click(await screen.findByRole('button', { name: 'ورود از فایل CSV' }));
  const submit = within(dialog()).getByRole('button', { name: 'ورود پرسش‌ها' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(true);
  await userEvent.upload(within(dialog()).getByLabelText('انتخاب فایل CSV'), aCsv() as unknown as File);
  expect(within(dialog()).getByText('فایل برگزیده: پرسش‌ها.csv')).toBeTruthy();
  return submit;
}

describe('importing questions from a CSV file (issue 37 item 1)', () => {
  it('explains the format and offers a sample file made in the browser, one question of each type', async () => {
    const made: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      made.push(blob);
      return 'blob:sample';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderBank();
    await userEvent.click(await screen.findByRole('button', { name: 'ورود از فایل CSV' }));
    expect(within(dialog()).getByText(/گزینه‌های درست با \* در آغاز/)).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'دریافت فایل نمونه' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(made[0]!.type).toBe('text/csv;charset=utf-8');
    click.mockRestore();
    const lines = sampleCsv().trim().split('\r\n');
    expect(lines[0]).toBe('"نوع","متن","امتیاز","گزینه‌ها","پاسخ"');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      '"چندگزینه‌ای (یک پاسخ)"', '"چندگزینه‌ای (چند پاسخ)"', '"درست یا نادرست"', '"پاسخ کوتاه"', '"مرتب‌سازی"', '"جورکردنی"',
    ]);
  });

  it("lists each bad row's error in the dialog and keeps it open when the server refuses the file", async () => {
    importAnswer = { status: 422, body: { message: 'داده‌های ارسالی معتبر نیست', errors: rowErrors } };
    const submit = await openAndChoose();
    await userEvent.click(submit);
    const alert = await within(dialog()).findByRole('alert');
    expect(within(alert).getByText(/پرسشی افزوده نشد/)).toBeTruthy();
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...rowErrors['row-3.options'], ...rowErrors['row-5.answer']]);
    const [sent] = imports();
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(sent!.text).toContain('name="file"');
    expect(sent!.text).toContain('زمین گرد است.');
  });

  it("shows the server's message for a file it will not read (415)", async () => {
    importAnswer = { status: 415, body: { message: 'فایل CSV باید با کدگذاری UTF-8 ذخیره شده باشد.' } };
    await userEvent.click(await openAndChoose());
    expect(await within(dialog()).findByText('فایل CSV باید با کدگذاری UTF-8 ذخیره شده باشد.')).toBeTruthy();
  });

  it('on success toasts how many were imported, closes and shows the refreshed bank', async () => {
    importAnswer = { status: 201, body: { message: '۱ پرسش از فایل به بانک پرسش‌های دوره افزوده شد.', data: { imported: 1 } } };
    await userEvent.click(await openAndChoose());
    expect(await screen.findByText('۱ پرسش از فایل به بانک پرسش‌های دوره افزوده شد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ورود پرسش‌ها از فایل CSV' })).toBeNull());
    expect(await screen.findByText('زمین گرد است.')).toBeTruthy();
    expect(imports()).toHaveLength(1);
  });
});
