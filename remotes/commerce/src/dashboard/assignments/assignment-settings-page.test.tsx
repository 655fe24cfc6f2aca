/** @jest-environment-options {"url": "http://127.0.0.1:25994"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssignmentSettings, AssignmentSettingsBody, DashboardProductSession } from '@shop/contracts';
import { renderDashboardForm, startApiServer, stubLayoutForEditor } from '@shop/test-utils';
import AssignmentSettingsPage from './assignment-settings-page';

stubLayoutForEditor();

const session: DashboardProductSession = {
  id: 30, product_id: 1, product_title: 'دوره مقدماتی جاوااسکریپت', title: 'جلسه دوم: تابع‌ها (تکلیف)', slug: 'js-basics-functions', description: '<p>تکلیف</p>',
  position: 2, is_free_preview: false, kind: 'assignment', is_active: true, comment_status: 'open', image: null, has_file: false, file_type: null, file_size: null,
  media_status: 'none', media_progress: 0, media_error: null, media_kind: null, duration_seconds: null, poster: null, has_subtitles: false,
  likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
} as DashboardProductSession;
let assignment: AssignmentSettings;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25994, ({ url, method, json }) => {
    if (url.pathname === '/api/dashboard/product-sessions/30/assignment') {
      if (method === 'GET') return { data: assignment };
      assignment = { ...assignment, ...(json as AssignmentSettingsBody) };
      return { message: 'تنظیمات تکلیف ذخیره شد.', data: assignment };
    }
    if (url.pathname === '/api/dashboard/product-sessions/30' && method === 'GET') return { data: session };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  assignment = {
    product_session_id: 30, product_id: 1, instructions: '<p>تابع بنویسید.</p>', max_files: 3, max_file_size_mb: 10, allowed_types: ['pdf', 'zip'],
    pass_score: 60, allow_resubmit: 'until_passed', required_for_certificate: true,
  };
});

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe("an assignment's rules (issue 37 item 3)", () => {
  it('saves limits typed in Persian digits, extensions split on Persian commas, and the certificate switch', async () => {
    renderDashboardForm('/dashboard/product-sessions/30/assignment', { '/dashboard/product-sessions/:sessionId/assignment': <AssignmentSettingsPage /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'تکلیف «جلسه دوم: تابع‌ها (تکلیف)»' })).toBeTruthy();
    expect(field('بیشترین شمار فایل‌ها').value).toBe('۳');
    await userEvent.clear(field('بیشترین شمار فایل‌ها'));
    await userEvent.type(field('بیشترین شمار فایل‌ها'), '۲');
    await userEvent.clear(field('پسوندهای پذیرفته'));
    await userEvent.type(field('پسوندهای پذیرفته'), 'js، .pdf');
    await userEvent.click(screen.getByRole('radio', { name: 'همیشه' }));
    await userEvent.click(screen.getByRole('switch', { name: 'گواهی پایان دوره منتظر قبولی در این تکلیف بماند' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیرهٔ تکلیف' }));
    await waitFor(() => expect(api.seen.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(api.seen.find((r) => r.method === 'PUT')!.json).toEqual({
      instructions: '<p>تابع بنویسید.</p>', max_files: 2, max_file_size_mb: 10, allowed_types: ['js', 'pdf'], pass_score: 60, allow_resubmit: 'always', required_for_certificate: false,
    });
  });
});
