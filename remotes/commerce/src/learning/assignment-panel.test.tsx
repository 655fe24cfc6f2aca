/** @jest-environment-options {"url": "http://127.0.0.1:25991"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignmentOverview, AssignmentSubmission } from '@shop/contracts';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { aSessionDetail } from '../products/fixtures';
import { AssignmentPanel } from './assignment-panel';

const graded: AssignmentSubmission = {
  id: 4, product_session_id: 30, number: 1, text: 'نسخهٔ نخست', status: 'graded', score: 40, passed: false, feedback: 'خروجی درست نیست.',
  graded_at: '2026-03-02T10:00:00Z', created_at: '2026-03-01T10:00:00Z',
  files: [{ id: 'a'.repeat(32), name: 'app.js', size: 2048, type: 'text/javascript', url: `/api/media/assignment-files/${'a'.repeat(32)}?expires=1&signature=x`, url_expires_at: '2026-03-03T10:00:00Z' }],
};
const pendingFile = { id: 'b'.repeat(32), name: 'گزارش.pdf', size: 5000, type: 'application/pdf', url: '/api/media/assignment-files/b?expires=1&signature=y', url_expires_at: '2026-03-03T10:00:00Z' };
const overviewOf = (overrides: Partial<AssignmentOverview> = {}): AssignmentOverview => ({
  product_session_id: 30, instructions: '<p>تابع sumEven را بنویسید.</p>', max_files: 3, max_file_size_mb: 5, allowed_types: ['js', 'pdf'], pass_score: 60,
  allow_resubmit: 'until_passed', required_for_certificate: true, submissions: [graded], pending_files: [pendingFile], can_submit: true, passed: false, ...overrides,
});

let overview = overviewOf();
let refusal: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25991, ({ url, method }) => {
    if (url.pathname === '/api/product-sessions/30/assignment' && method === 'GET') return { data: overview };
    if (url.pathname === '/api/product-sessions/30/assignment/submissions' && method === 'POST') {
      if (refusal) return refusal;
      const sent: AssignmentSubmission = { ...graded, id: 5, number: 2, status: 'submitted', score: null, passed: null, feedback: null, text: 'نسخهٔ دوم', files: [pendingFile] };
      overview = overviewOf({ submissions: [sent, graded], pending_files: [], can_submit: false });
      return { status: 201, body: { message: 'پاسخ شما فرستاده شد.', data: sent } };
    }
    if (url.pathname === `/api/product-sessions/30/assignment/uploads/${pendingFile.id}` && method === 'DELETE') {
      overview = overviewOf({ pending_files: [] });
      return { message: 'فایل برداشته شد.' };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  overview = overviewOf();
  refusal = null;
});

const renderPanel = () =>
  renderPage(<AssignmentPanel session={aSessionDetail({ id: 30, kind: 'assignment', can_view: true, is_bought: true })} />, { url: '/products/1/30', user: aUser() });
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.json }));

describe("a buyer's assignment (issue 37 item 3)", () => {
  it('shows the instructions, the rules in Persian digits and a graded submission with its score and feedback', async () => {
    renderPanel();
    expect(await screen.findByText('تابع sumEven را بنویسید.')).toBeTruthy();
    expect(screen.getByText('نمرهٔ قبولی: ۶۰ از ۱۰۰')).toBeTruthy();
    expect(screen.getByText('حداکثر ۳ فایل، هر کدام تا ۵ مگابایت')).toBeTruthy();
    expect(screen.getByText('پسوندهای پذیرفته: js، pdf')).toBeTruthy();
    const first = screen.getByRole('listitem', { name: 'پاسخ ۱' });
    expect(within(first).getByText('نمره: ۴۰ از ۱۰۰')).toBeTruthy();
    expect(within(first).getByText('مردود')).toBeTruthy();
    expect(within(first).getByText('خروجی درست نیست.')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'app.js' }).getAttribute('href')).toBe(graded.files[0]!.url);
  });

  it('sends the text with the files uploaded, then shows the submission waiting and no form', async () => {
    renderPanel();
    const form = await screen.findByRole('form', { name: 'فرستادن پاسخ تازه' });
    expect(within(form).getByRole('link', { name: 'گزارش.pdf' })).toBeTruthy();
    await userEvent.type(within(form).getByRole('textbox', { name: 'متن پاسخ' }), 'نسخهٔ دوم');
    await userEvent.click(within(form).getByRole('button', { name: 'فرستادن پاسخ' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'POST', path: '/api/product-sessions/30/assignment/submissions', body: { text: 'نسخهٔ دوم', upload_ids: [pendingFile.id] } }]));
    expect(await screen.findByText('در انتظار نمره')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it("shows the server's refusal on its field, and drops a file not sent", async () => {
    refusal = { status: 422, body: { message: 'داده نامعتبر', errors: { text: ['متن پاسخ را بنویسید یا دست‌کم یک فایل بفرستید.'] } } };
    renderPanel();
    const form = await screen.findByRole('form', { name: 'فرستادن پاسخ تازه' });
    await userEvent.click(within(form).getByRole('button', { name: 'فرستادن پاسخ' }));
    expect(await within(form).findByText('متن پاسخ را بنویسید یا دست‌کم یک فایل بفرستید.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'برداشتن گزارش.pdf' }));
    await waitFor(() => expect(within(form).queryByRole('link', { name: 'گزارش.pdf' })).toBeNull());
    expect(writes().at(-1)).toMatchObject({ method: 'DELETE', path: `/api/product-sessions/30/assignment/uploads/${pendingFile.id}` });
  });

  it('offers no form once passed under «until passed», and says so', async () => {
    overview = overviewOf({ submissions: [{ ...graded, score: 85, passed: true, feedback: 'عالی' }], pending_files: [], can_submit: false, passed: true });
    renderPanel();
    expect(await screen.findByText('در این تکلیف قبول شده‌اید.')).toBeTruthy();
    expect(screen.getByText('قبول')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
