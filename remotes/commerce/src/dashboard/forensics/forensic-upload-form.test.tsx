/** @jest-environment-options {"url": "http://127.0.0.1:26013"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardProductSession, Product } from '@shop/contracts';
import { renderDashboardForm, startApiServer } from '@shop/test-utils';
import ForensicIdentificationsPage from './forensic-identifications-page';

/**
 * tus-js-client is replaced by a fake that records the options it was given and, on `start`,
 * reports half the file sent and then the whole, with the upload URL a tus server gives
 * (the test API server cannot set the `Location` header a real tus exchange needs).
 */
const mockUploads: Array<{ file: File; options: Record<string, unknown> }> = [];
jest.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    constructor(
      private file: File,
      private options: { onProgress: (sent: number, total: number) => void; onSuccess: () => void },
    ) {
      mockUploads.push({ file, options: options as unknown as Record<string, unknown> });
    }
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload() {}
    abort = async () => undefined;
    start() {
      this.options.onProgress(this.file.size / 2, this.file.size);
      setTimeout(() => {
        this.url = 'http://127.0.0.1:26013/api/forensic-uploads/0f3c9a7e2b1d4c5e8f6a7b8c9d0e1f2a';
        this.options.onSuccess();
      }, 50);
    }
  },
}));

const course = { id: 1, title: 'دوره مقدماتی جاوااسکریپت' } as Product;
const session = { id: 30, title: 'جلسه دوم: تابع‌ها', product_id: 1 } as DashboardProductSession;
let startAnswer: { status: number; body: unknown } | null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(26013, ({ url, method }) => {
    const page = (data: unknown[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length } });
    if (url.pathname === '/api/csrf-cookie' || url.pathname === '/sanctum/csrf-cookie') return {};
    if (url.pathname === '/api/dashboard/products') return page([course]);
    if (url.pathname === '/api/dashboard/product-sessions') return page(url.searchParams.get('product_id') === '1' ? [session] : []);
    if (url.pathname === '/api/dashboard/forensic-identifications' && method === 'GET') return page([]);
    if (url.pathname === '/api/dashboard/forensic-identifications' && method === 'POST') return startAnswer ?? { status: 202, body: { data: { id: 77 } } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  mockUploads.splice(0);
  startAnswer = null;
});

/** Renders the page with the result route, chooses the course, the session and a video. */
async function fillForm(file = new File(['x'.repeat(1000)], 'leak.mp4', { type: 'video/mp4' })) {
  renderDashboardForm('/dashboard/forensics', { '/dashboard/forensics': <ForensicIdentificationsPage />, '/dashboard/forensics/:identificationId': <p>result page</p> });
  const form = screen.getByRole('form', { name: 'فرستادن نسخهٔ نشت‌کرده' });
  await userEvent.click(within(form).getByRole('combobox', { name: 'دوره' }));
  await userEvent.click(await screen.findByRole('option', { name: course.title }));
  await waitFor(() => expect(within(form).getByRole('combobox', { name: 'جلسه' }).getAttribute('aria-disabled')).toBeNull());
  await userEvent.click(within(form).getByRole('combobox', { name: 'جلسه' }));
  await userEvent.click(await screen.findByRole('option', { name: session.title }));
  fireEvent.change(within(form).getByLabelText('فایل ویدیو'), { target: { files: [file] } });
  return form;
}

const posts = () => api.seen.filter((r) => r.method === 'POST').map((r) => ({ path: r.url.pathname, body: r.json }));

describe('uploading a leaked copy (issue 38 item 3)', () => {
  it('uploads by tus with metadata session_id and filename, then starts the identification with {session_id, upload_id} and opens its result', async () => {
    const form = await fillForm();
    expect(within(form).getByText('leak.mp4 (۱ کیلوبایت)')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'فرستادن و شناسایی' }));
    await waitFor(() => expect(posts()).toEqual([{ path: '/api/dashboard/forensic-identifications', body: { session_id: 30, upload_id: '0f3c9a7e2b1d4c5e8f6a7b8c9d0e1f2a' } }]));
    expect(mockUploads).toHaveLength(1);
    expect(mockUploads[0]!.file.name).toBe('leak.mp4');
    expect(mockUploads[0]!.options).toMatchObject({ endpoint: '/api/forensic-uploads', metadata: { session_id: '30', filename: 'leak.mp4' } });
    expect(await screen.findByText('result page')).toBeTruthy();
  });

  it('asks for each choice in Persian before uploading anything', async () => {
    renderDashboardForm('/dashboard/forensics', { '/dashboard/forensics': <ForensicIdentificationsPage /> });
    await userEvent.click(screen.getByRole('button', { name: 'فرستادن و شناسایی' }));
    expect(await screen.findByText('دوره را برگزینید')).toBeTruthy();
    expect(screen.getByText('جلسه را برگزینید')).toBeTruthy();
    expect(screen.getByText('فایل ویدیو را برگزینید')).toBeTruthy();
    expect(mockUploads).toHaveLength(0);
  });

  it('shows the server\'s Persian refusal of the start and keeps the choices', async () => {
    startAnswer = { status: 422, body: { message: 'داده نامعتبر', errors: { session_id: ['این جلسه ویدیوی نشانه‌دار ندارد.'] } } };
    const form = await fillForm();
    await userEvent.click(within(form).getByRole('button', { name: 'فرستادن و شناسایی' }));
    expect(await within(form).findByText('این جلسه ویدیوی نشانه‌دار ندارد.')).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'جلسه' }).textContent).toContain(session.title);
    expect(within(form).getByText('leak.mp4 (۱ کیلوبایت)')).toBeTruthy();
    // Sending again reuses the whole upload instead of sending the file a second time.
    startAnswer = null;
    await userEvent.click(within(form).getByRole('button', { name: 'فرستادن و شناسایی' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(mockUploads).toHaveLength(1);
  });
});
