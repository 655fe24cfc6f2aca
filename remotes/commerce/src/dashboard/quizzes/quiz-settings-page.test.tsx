/** @jest-environment-options {"url": "http://127.0.0.1:25958"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardProductSession, DashboardQuiz, Product, QuizQuestion, QuizSettingsBody } from '@shop/contracts';
import { renderDashboardForm, startApiServer, stubLayoutForEditor } from '@shop/test-utils';
import ProductFormPage from '../catalog/product-form-page';
import SessionFormPage from '../catalog/session-form-page';
import QuizSettingsPage from './quiz-settings-page';

stubLayoutForEditor();

const course: Product = {
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true,
};
const session: DashboardProductSession = {
  id: 7, product_id: 1, product_title: 'دوره ری‌اکت', title: 'آزمون هوک‌ها', slug: 'hooks-quiz', description: '<p>آزمون</p>', position: 7,
  is_free_preview: false, kind: 'quiz', is_active: true, comment_status: 'open', image: null, has_file: false, file_type: null, file_size: null,
  media_status: 'none', media_progress: 0, media_error: null, media_kind: null, duration_seconds: null, poster: null, has_subtitles: false,
  likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
const aQuestion = (id: number, body: string, points: number): QuizQuestion => ({
  id, product_id: 1, version: 1, type: 'true_false', body: `<p>${body}</p>`, points, options: [], matches: [], correct_boolean: true,
  accepted_answers: [], image: null, audio: null, answers_on_older_versions: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
});
const bank = [aQuestion(1, 'پرسش یکم', 2), aQuestion(2, 'پرسش دوم', 3), aQuestion(3, 'پرسش سوم', 5)];
const quizOf = (settings: QuizSettingsBody): DashboardQuiz => {
  const questions = settings.question_ids.map((id) => bank.find((question) => question.id === id)!);
  return { ...settings, product_session_id: 7, product_id: 1, questions, total_points: questions.reduce((sum, q) => sum + q.points, 0) };
};

let quiz: DashboardQuiz;
let sessionKind: DashboardProductSession['kind'] = 'quiz';
let saveRefusal: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25958, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/product-sessions/7/quiz') {
      if (method === 'GET') return { data: quiz };
      if (saveRefusal) return saveRefusal;
      quiz = quizOf(json as QuizSettingsBody);
      return { message: 'تنظیمات آزمون ذخیره شد.', data: quiz };
    }
    if (url.pathname === '/api/dashboard/product-sessions/7' && method === 'GET') return { data: { ...session, kind: sessionKind } };
    if (url.pathname === '/api/dashboard/products/1/quiz-questions' && method === 'GET') {
      return { data: bank, meta: { current_page: 1, last_page: 1, per_page: 10, total: bank.length } };
    }
    if (url.pathname === '/api/dashboard/products' && method === 'GET') return { data: [course], meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 } };
    if (url.pathname === '/api/dashboard/products/1' && method === 'GET') return { data: course };
    if (url.pathname === '/api/dashboard/products/1/instalment-plans' && method === 'GET') return { data: [] };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  saveRefusal = null;
  sessionKind = 'quiz';
  quiz = quizOf({ time_limit_minutes: null, max_attempts: 3, pass_percent: 60, shuffle_questions: false, shuffle_options: false, show_answers: true, score_policy: 'best', question_ids: [1] });
});

const renderSettings = () => renderDashboardForm('/dashboard/product-sessions/7/quiz', { '/dashboard/product-sessions/:sessionId/quiz': <QuizSettingsPage /> });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const fill = async (name: string, text: string) => {
  await userEvent.clear(field(name));
  if (text) await userEvent.type(field(name), text);
};
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.json }));
const chosen = () => within(screen.getByRole('list', { name: 'پرسش‌های آزمون به ترتیب' })).getAllByRole('listitem').map((item) => item.textContent);

describe("a quiz's rules and questions (issue 37 item 2)", () => {
  it('saves the rules typed in Persian digits and the questions chosen from the bank, in order', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'آزمون «آزمون هوک‌ها»' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بانک پرسش‌های دوره' }).getAttribute('href')).toBe('/dashboard/products/1/quiz-questions');
    expect(field('تعداد دفعات مجاز').value).toBe('۳');
    expect(chosen()).toEqual(['۱پرسش یکمدرست یا نادرست، ۲ امتیاز']);
    expect(screen.getByText('۱ پرسش، جمع ۲ امتیاز')).toBeTruthy();

    await fill('مدت آزمون (دقیقه)', '۴۵');
    await fill('تعداد دفعات مجاز', '');
    await fill('نمره قبولی (درصد)', '۷۰');
    await userEvent.click(screen.getByRole('switch', { name: 'پرسش‌ها برای هر خریدار درهم بیایند' }));
    await userEvent.click(screen.getByRole('radio', { name: 'آخرین نمره' }));

    await userEvent.click(screen.getByRole('button', { name: 'افزودن از بانک پرسش‌ها' }));
    const picker = await screen.findByRole('dialog', { name: 'افزودن از بانک پرسش‌ها' });
    await waitFor(() => expect(within(picker).getAllByRole('row')).toHaveLength(4));
    // The question already in the quiz is not offered again.
    expect(within(picker).queryByRole('button', { name: 'افزودن «پرسش یکم» به آزمون' })).toBeNull();
    await userEvent.click(within(picker).getByRole('button', { name: 'افزودن «پرسش سوم» به آزمون' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'افزودن «پرسش دوم» به آزمون' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('۳ پرسش، جمع ۱۰ امتیاز')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'انتقال «پرسش دوم» به بالا' }));
    await userEvent.click(screen.getByRole('button', { name: 'برداشتن «پرسش یکم» از آزمون' }));
    expect(chosen()).toEqual(['۱پرسش دومدرست یا نادرست، ۳ امتیاز', '۲پرسش سومدرست یا نادرست، ۵ امتیاز']);
    expect(screen.getByText('۲ پرسش، جمع ۸ امتیاز')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ آزمون' }));
    expect(await screen.findByText('تنظیمات آزمون ذخیره شد.')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/dashboard/product-sessions/7/quiz',
        body: { time_limit_minutes: 45, max_attempts: null, pass_percent: 70, shuffle_questions: true, shuffle_options: false, show_answers: true, score_policy: 'last', question_ids: [2, 3] },
      },
    ]);
    expect(field('تعداد دفعات مجاز').value).toBe('');
    expect(field('مدت آزمون (دقیقه)').value).toBe('۴۵');
  });

  it("refuses a quiz without questions or with a pass mark past 100, then shows the server's 422 under the questions", async () => {
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'برداشتن «پرسش یکم» از آزمون' }));
    await fill('نمره قبولی (درصد)', '۱۲۰');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ آزمون' }));
    expect(await screen.findByText('دست‌کم ۱ و حداکثر ۲۰۰ پرسش برگزینید')).toBeTruthy();
    expect(screen.getByText('نمره قبولی (درصد) نباید بیشتر از ۱۰۰ باشد')).toBeTruthy();
    expect(writes()).toEqual([]);

    saveRefusal = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { question_ids: ['همهٔ پرسش‌های آزمون باید از بانک پرسش‌های همین دوره باشند.'] } } };
    await fill('نمره قبولی (درصد)', '50');
    await userEvent.click(screen.getByRole('button', { name: 'افزودن از بانک پرسش‌ها' }));
    const picker = await screen.findByRole('dialog', { name: 'افزودن از بانک پرسش‌ها' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'افزودن «پرسش یکم» به آزمون' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ آزمون' }));
    expect(await screen.findByText('همهٔ پرسش‌های آزمون باید از بانک پرسش‌های همین دوره باشند.')).toBeTruthy();
    expect(writes()).toHaveLength(1);
    expect((writes()[0]!.body as QuizSettingsBody).pass_percent).toBe(50);
  });
});

describe('links to the staff side of quizzes (issue 37)', () => {
  it("a quiz session's edit page links to its questions and rules", async () => {
    renderDashboardForm('/dashboard/product-sessions/7', { '/dashboard/product-sessions/:editProductSessiontId': <SessionFormPage /> });
    const quizLink = await screen.findByRole('link', { name: 'پرسش‌ها و تنظیمات آزمون' });
    expect(quizLink.getAttribute('href')).toBe('/dashboard/product-sessions/7/quiz');
  });

  it("a lesson's edit page has no quiz link", async () => {
    sessionKind = 'lesson';
    renderDashboardForm('/dashboard/product-sessions/7', { '/dashboard/product-sessions/:editProductSessiontId': <SessionFormPage /> });
    expect(await screen.findByDisplayValue('آزمون هوک‌ها')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'پرسش‌ها و تنظیمات آزمون' })).toBeNull();
  });

  it("a course's edit page links to its question bank", async () => {
    renderDashboardForm('/dashboard/products/1', { '/dashboard/products/:editProductId': <ProductFormPage /> });
    const bankLink = await screen.findByRole('link', { name: 'بانک پرسش‌های دوره' });
    expect(bankLink.getAttribute('href')).toBe('/dashboard/products/1/quiz-questions');
  });
});
