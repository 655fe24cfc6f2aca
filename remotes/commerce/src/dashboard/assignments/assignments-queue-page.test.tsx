/** @jest-environment-options {"url": "http://127.0.0.1:25993"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardAssignmentSubmission } from '@shop/contracts';
import { renderDashboardForm, startApiServer } from '@shop/test-utils';
import AssignmentsQueuePage from './assignments-queue-page';

const row = (id: number, overrides: Partial<DashboardAssignmentSubmission>): DashboardAssignmentSubmission => ({
  id, product_id: 1, product_title: 'دوره مقدماتی جاوااسکریپت', product_session_id: 30, session_title: 'جلسه دوم: تابع‌ها (تکلیف)', user_id: 4,
  user_name: 'سارا احمدی', user_email: 'sara@example.com', number: 1, status: 'submitted', score: null, passed: null, files_count: 1,
  created_at: '2026-03-01T10:00:00Z', graded_at: null, ...overrides,
});
const rows = [row(9, { number: 2 }), row(3, { status: 'graded', score: 40, passed: false, graded_at: '2026-02-20T10:00:00Z' })];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25993, ({ url }) => {
    if (url.pathname === '/api/dashboard/assignment-submissions/courses') return { data: [{ id: 1, title: 'دوره مقدماتی جاوااسکریپت' }] };
    if (url.pathname === '/api/dashboard/assignment-submissions') {
      const status = url.searchParams.get('status');
      const data = status ? rows.filter((r) => r.status === status) : rows;
      return { data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } };
    }
    return undefined;
  });
});
afterAll(() => api.close());

describe('the queue of assignment submissions (issue 37 item 3)', () => {
  it('lists ungraded submissions first with a way to grade each, and filters by status through the URL', async () => {
    renderDashboardForm('/dashboard/assignments', { '/dashboard/assignments': <AssignmentsQueuePage /> });
    const table = await screen.findByRole('table', { name: 'تکالیف' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('در انتظار نمره')).toBeTruthy();
    expect(within(first!).getByText('نوبت ۲')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'بررسی' }).getAttribute('href')).toBe('/dashboard/assignments/9');
    expect(within(second!).getByText('۴۰')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت' }));
    await userEvent.click(await screen.findByRole('option', { name: 'نمره‌گرفته' }));
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/dashboard/assignment-submissions' && r.url.searchParams.get('status') === 'graded')).toBe(true));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });
});
