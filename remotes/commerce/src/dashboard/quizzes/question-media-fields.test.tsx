/** @jest-environment-options {"url": "http://127.0.0.1:25961"} */
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product, QuizQuestion } from '@shop/contracts';
import { findRichTextBox, renderDashboardForm, startApiServer, stubLayoutForEditor, typeInEditor } from '@shop/test-utils';
import QuestionBankPage from './question-bank-page';

stubLayoutForEditor();

const course: Product = {
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true,
};

let uploads = 0;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25961, ({ method, url, json, text }) => {
    if (url.pathname === '/api/dashboard/products/1' && method === 'GET') return { data: course };
    if (url.pathname === '/api/dashboard/products/1/quiz-questions') {
      if (method === 'GET') return { data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 } };
      const question = { ...(json as QuizQuestion), id: 5, product_id: 1, version: 1, answers_on_older_versions: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
      return { status: 201, body: { message: 'پرسش به بانک پرسش‌های دوره افزوده شد.', data: question } };
    }
    if (url.pathname === '/api/dashboard/quiz-media' && method === 'POST') {
      if (text.includes('filename="notes.txt"')) return { status: 415, body: { message: 'فایل باید تصویر (JPG، PNG، WebP) یا صدا (MP3، OGG، M4A، WAV) باشد.' } };
      uploads += 1;
      const kind = text.includes('Content-Type: audio/') ? 'audio' : 'image';
      return { status: 201, body: { data: { kind, path: kind === 'image' ? `/media/products/q${uploads}.webp` : `/media/products/q${uploads}.ogg` } } };
    }
    return undefined;
  });
});
afterAll(() => api.close());

// The test environment's fetch and FormData are Node's (jest.jsdom-env.js), which take Node's File only.
const fileOf = (name: string, type: string) => new NodeFile(['bytes'], name, { type }) as unknown as File;
const dialog = () => screen.getByRole('dialog', { name: 'پرسش تازه' });

describe("a question's image and audio clip (issue 37 item 1)", () => {
  it('uploads a chosen image and clip at once, previews them, removes one, and saves the paths with the question', async () => {
    renderDashboardForm('/dashboard/products/1/quiz-questions', { '/dashboard/products/:productId/quiz-questions': <QuestionBankPage /> });
    await userEvent.click(await screen.findByRole('button', { name: 'پرسش تازه' }));
    await userEvent.click(within(dialog()).getByRole('combobox', { name: 'نوع پرسش' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'درست یا نادرست' }));
    await userEvent.click(await findRichTextBox('متن پرسش'));
    await typeInEditor('این نقشهٔ ایران است.');
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'درست' }));

    const media = within(dialog()).getByRole('group', { name: 'تصویر و صدا (اختیاری)' });
    await userEvent.upload(within(media).getByLabelText('انتخاب فایل صوتی', { selector: 'input' }), fileOf('notes.txt', 'audio/mpeg'));
    expect(await within(media).findByText('فایل باید تصویر (JPG، PNG، WebP) یا صدا (MP3، OGG، M4A، WAV) باشد.')).toBeTruthy();

    await userEvent.upload(within(media).getByLabelText('انتخاب تصویر', { selector: 'input' }), fileOf('map.png', 'image/png'));
    const preview = (await within(media).findByRole('img', { name: 'پیش‌نمایش تصویر پرسش' })) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('/media/products/q1.webp');
    await userEvent.upload(within(media).getByLabelText('انتخاب فایل صوتی', { selector: 'input' }), fileOf('clip.ogg', 'audio/ogg'));
    await waitFor(() => expect(media.querySelector('audio')?.getAttribute('src')).toBe('/media/products/q2.ogg'));
    expect(media.querySelector('audio')!.hasAttribute('controls')).toBe(true);

    await userEvent.upload(within(media).getByLabelText('انتخاب تصویر', { selector: 'input' }), fileOf('map2.png', 'image/png'));
    await waitFor(() => expect(within(media).getByRole('img', { name: 'پیش‌نمایش تصویر پرسش' }).getAttribute('src')).toBe('/media/products/q3.webp'));
    await userEvent.click(within(media).getByRole('button', { name: 'حذف صدا' }));
    expect(media.querySelector('audio')).toBeNull();

    await userEvent.click(within(dialog()).getByRole('button', { name: 'افزودن پرسش' }));
    expect(await screen.findByText('پرسش به بانک پرسش‌های دوره افزوده شد.')).toBeTruthy();
    const saved = api.seen.find((r) => r.method === 'POST' && r.url.pathname === '/api/dashboard/products/1/quiz-questions');
    expect(saved!.json).toMatchObject({ type: 'true_false', correct_boolean: true, image: '/media/products/q3.webp', audio: null });
  });
});
