/** @jest-environment-options {"url": "http://127.0.0.1:25973"} */
import { screen, within } from '@testing-library/react';
import type { CourseLearningAnalytics } from '@shop/contracts';
import { renderDashboardForm, startApiServer } from '@shop/test-utils';
import LearningAnalyticsPage from './learning-analytics-page';

const analytics: CourseLearningAnalytics = {
  product_id: 1,
  title: 'دوره ری‌اکت',
  buyers: 1200,
  active_buyers: 1100,
  sessions: [
    { id: 5, title: 'آشنایی', position: 1, kind: 'lesson', reached: 1200, done: 900, reached_percent: 100, done_percent: 75 },
    { id: 6, title: 'هوک‌ها', position: 2, kind: 'lesson', reached: 600, done: 300, reached_percent: 50, done_percent: 25 },
    { id: 7, title: 'آزمون پایانی', position: 3, kind: 'quiz', reached: 240, done: 120, reached_percent: 20, done_percent: 10 },
  ],
  quizzes: [
    {
      product_session_id: 7, title: 'آزمون پایانی', pass_percent: 60, score_policy: 'best', attempted: 200, attempts: 310, passed: 120, pass_rate: 60, average_best_percent: 71,
      questions: [
        { question_id: 12, text: 'ری‌اکت کتابخانه است.', type: 'true_false', position: 2, deleted: false, answers: 310, right: 62, unanswered: 4, right_percent: 20 },
        { question_id: 11, text: 'هوک useState چه می‌دهد؟', type: 'single_choice', position: 1, deleted: false, answers: 310, right: 279, unanswered: 0, right_percent: 90 },
        { question_id: 9, text: 'پرسش کنارگذاشته', type: 'short_answer', position: null, deleted: true, answers: 0, right: 0, unanswered: 0, right_percent: null },
      ],
    },
  ],
};

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25973, ({ url }) => (url.pathname === '/api/dashboard/products/1/learning-analytics' ? { data: analytics } : undefined));
});
afterAll(() => api.close());

const renderPage = (id = 1) =>
  renderDashboardForm(`/dashboard/products/${id}/learning-analytics`, { '/dashboard/products/:productId/learning-analytics': <LearningAnalyticsPage /> });
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe("what staff learn of a course (issue 37 item 6)", () => {
  it('shows the funnel of sessions with reached and done written out in Persian digits', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'گزارش یادگیری «دوره ری‌اکت»' })).toBeTruthy();
    expect(screen.getByText('۱٬۲۰۰ خریدار، ۱٬۱۰۰ نفر با دسترسی فعال')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'مسیر خریداران در جلسه‌ها' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'جلسهٔ ۱آشنایی' + 'رسیده: ۱٬۲۰۰ نفر (۱۰۰٪)کامل: ۹۰۰ نفر (۷۵٪)',
      'جلسهٔ ۲هوک‌ها' + 'رسیده: ۶۰۰ نفر (۵۰٪)کامل: ۳۰۰ نفر (۲۵٪)',
      'جلسهٔ ۳آزمون پایانیآزمون' + 'رسیده: ۲۴۰ نفر (۲۰٪)کامل: ۱۲۰ نفر (۱۰٪)',
    ]);
  });

  it("lists each quiz's pass rate and its questions, lowest share of right answers first", async () => {
    renderPage();
    const quizzes = await screen.findByRole('table', { name: 'قبولی در آزمون‌ها' });
    expect(cellsOf(quizzes)).toEqual([['آزمون پایانی', '۲۰۰', '۳۱۰', '۱۲۰', '۶۰٪', '۷۱٪', '۶۰٪، بهترین نمره']]);
    const questions = screen.getByRole('table', { name: 'پرسش‌های «آزمون پایانی»' });
    expect(cellsOf(questions)).toEqual([
      ['ری‌اکت کتابخانه است.', 'درست یا نادرست', '۳۱۰', '۶۲ از ۳۱۰ (۲۰٪)', '۴'],
      ['هوک useState چه می‌دهد؟', 'چندگزینه‌ای (یک پاسخ)', '۳۱۰', '۲۷۹ از ۳۱۰ (۹۰٪)', '۰'],
      ['پرسش کنارگذاشته (دیگر در آزمون نیست)', 'پاسخ کوتاه', '۰', '۰ از ۰ (—)', '۰'],
    ]);
  });

  it('says so in Persian when the course is unknown', async () => {
    renderPage(2);
    expect((await screen.findByRole('alert')).textContent).toContain('این دوره پیدا نشد.');
  });
});
