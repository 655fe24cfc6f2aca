/** @jest-environment-options {"url": "http://127.0.0.1:25992"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignmentGradeBody, DashboardAssignmentSubmissionDetail } from '@shop/contracts';
import { renderDashboardForm, startApiServer } from '@shop/test-utils';
import AssignmentGradingPage from './assignment-grading-page';

const fileUrl = `/api/media/assignment-files/${'c'.repeat(32)}?expires=1900000000&signature=staff`;
const waiting: DashboardAssignmentSubmissionDetail = {
  id: 9, product_id: 1, product_title: 'دوره مقدماتی جاوااسکریپت', product_session_id: 30, session_title: 'جلسه دوم: تابع‌ها (تکلیف)',
  user_id: 4, user_name: 'سارا احمدی', user_email: 'sara@example.com', number: 2, status: 'submitted', score: null, passed: null, files_count: 1,
  created_at: '2026-03-01T10:00:00Z', graded_at: null, text: 'تابع را با سه آرایه آزمودم.\nهمه درست بود.',
  files: [{ id: 'c'.repeat(32), name: 'sum-even.js', size: 3000, type: 'text/javascript', url: fileUrl, url_expires_at: '2026-03-03T10:00:00Z' }],
  feedback: null, graded_by_name: null, instructions: '<p>تابع sumEven را بنویسید.</p>', pass_score: 60, allow_resubmit: 'until_passed',
};

let submission: DashboardAssignmentSubmissionDetail;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25992, ({ url, method, json }) => {
    if (url.pathname === '/api/dashboard/assignment-submissions/9' && method === 'GET') return { data: submission };
    if (url.pathname === '/api/dashboard/assignment-submissions/9/grade' && method === 'POST') {
      const body = json as AssignmentGradeBody;
      if (body.score > 100) return { status: 422, body: { message: 'داده نامعتبر', errors: { score: ['نمره نباید بیشتر از ۱۰۰ باشد'] } } };
      submission = { ...submission, status: 'graded', score: body.score, passed: body.score >= 60, feedback: body.feedback, graded_by_name: 'مدیر سایت', graded_at: '2026-03-02T08:00:00Z' };
      return { message: 'نمره ثبت شد و به دانشجو ایمیل شد.', data: submission };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  submission = waiting;
});

const renderGrading = () => renderDashboardForm('/dashboard/assignments/9', { '/dashboard/assignments/:submissionId': <AssignmentGradingPage /> });
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.json }));

describe('grading an assignment submission (issue 37 item 3)', () => {
  it('shows the text, the instructions and a download of each file through its signed link', async () => {
    renderGrading();
    expect(await screen.findByRole('heading', { level: 1, name: 'پاسخ سارا احمدی به «جلسه دوم: تابع‌ها (تکلیف)»' })).toBeTruthy();
    expect(screen.getByText('در انتظار نمره')).toBeTruthy();
    const answer = screen.getByRole('region', { name: 'پاسخ دانشجو' });
    expect(within(answer).getByText(/تابع را با سه آرایه آزمودم/)).toBeTruthy();
    const link = within(answer).getByRole('link', { name: 'sum-even.js' });
    expect(link.getAttribute('href')).toBe(fileUrl);
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(answer).getByText('۳ کیلوبایت')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'شرح تکلیف' })).getByText('تابع sumEven را بنویسید.')).toBeTruthy();
    expect(screen.getByText('نمرهٔ قبولی: ۶۰ از ۱۰۰')).toBeTruthy();
  });

  it('grades with a score typed in Persian digits and feedback, then shows the grade and who gave it', async () => {
    renderGrading();
    const score = await screen.findByRole('textbox', { name: 'نمره (از ۱۰۰)' });
    await userEvent.type(score, '۷۵');
    await userEvent.type(screen.getByRole('textbox', { name: 'بازخورد' }), 'خوب بود؛ نام متغیرها را بهتر کنید.');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت نمره' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/api/dashboard/assignment-submissions/9/grade', body: { score: 75, feedback: 'خوب بود؛ نام متغیرها را بهتر کنید.' } }]));
    expect(await screen.findByText('نمره‌گرفته')).toBeTruthy();
    expect(screen.getByText('۷۵ — قبول')).toBeTruthy();
    expect(screen.getByText(/نمره‌داده‌شده به دست مدیر سایت/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ویرایش نمره' })).toBeTruthy();
  });

  it('refuses a score past 100 in Persian before sending anything', async () => {
    renderGrading();
    await userEvent.type(await screen.findByRole('textbox', { name: 'نمره (از ۱۰۰)' }), '۱۲۰');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت نمره' }));
    expect(await screen.findByText('نمره نباید بیشتر از ۱۰۰ باشد')).toBeTruthy();
    expect(writes()).toEqual([]);
  });
});
