/** @jest-environment-options {"url": "http://127.0.0.1:25127"} */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectUploadProgress } from '@shop/api-client';
import PostFormPage from './post-form-page';
import PodcastFormPage from './podcast-form-page';
import { suggestSlug } from '@shop/forms';
import { multipartFields, renderDashboardForm, startApiServer, useBrowserFormData, type RecordedRequest } from '@shop/test-utils';

useBrowserFormData();

type Answer = { status: number; body: unknown };
let saveAnswer: Answer = { status: 201, body: { data: { id: 9 } } };
const saved: Array<{ request: RecordedRequest; fields: Record<string, string> }> = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25127, async (request) => {
    const { method, url } = request;
    if (url.pathname === '/api/dashboard/posts/3' && method === 'GET') {
      return {
        data: {
          id: 3, title: 'نوشته قدیمی', slug: 'old-post', description: '<p>متن</p>', image: '/media/posts/3.webp', is_active: true,
          comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
        },
      };
    }
    if (/^\/api\/dashboard\/(posts|podcasts)(\/\d+)?$/.test(url.pathname) && (method === 'POST' || method === 'PUT')) {
      saved.push({ request, fields: await multipartFields(request) });
      return saveAnswer;
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  saved.splice(0);
  saveAnswer = { status: 201, body: { data: { id: 9 } } };
});

/** Mounts the form pages (and the lists they return to) as the shell's dashboard would. */
const renderForm = (url: string) =>
  renderDashboardForm(url, {
    '/dashboard/posts': <h1>فهرست نوشته‌ها</h1>,
    '/dashboard/podcasts': <h1>فهرست پادکست‌ها</h1>,
    '/dashboard/posts/add-post': <PostFormPage />,
    '/dashboard/posts/:editPostId': <PostFormPage />,
    '/dashboard/podcasts/add-podcast': <PodcastFormPage />,
  });

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function fillPost() {
  await userEvent.type(field('عنوان'), 'آموزش تست ۲');
  await userEvent.click(screen.getByRole('button', { name: 'پیشنهاد نامک از روی عنوان' }));
  await userEvent.type(field('متن (HTML)'), '<p>سلام</p>');
  await userEvent.upload(screen.getByLabelText('تصویر'), png());
}

describe('post form (/dashboard/posts/add-post)', () => {
  it('checks fields on blur with the shared Persian messages', async () => {
    renderForm('/dashboard/posts/add-post');
    await userEvent.click(field('عنوان'));
    await userEvent.tab();
    expect(await screen.findByText('عنوان الزامی است')).toBeTruthy();
    await userEvent.type(field('نامک (در نشانی صفحه)'), 'Hello World');
    await userEvent.tab();
    expect(await screen.findByText('نامک فقط باید شامل حروف کوچک انگلیسی و رقم باشد که با یک خط تیره از هم جدا شوند')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('تصویر'), new File(['x'], 'cover.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('پسوند تصویر باید یکی از این موارد باشد: jpg، jpeg، png، webp')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('توضیحات الزامی است')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('sends the fields and the image as multipart with progress, then opens the list', async () => {
    const { store, progress } = renderForm('/dashboard/posts/add-post');
    await fillPost();
    expect(field('نامک (در نشانی صفحه)').value).toBe('amvzsh-tst-2');
    await userEvent.click(screen.getByRole('switch', { name: 'فعال (در سایت نمایش داده شود)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'بسته' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست نوشته‌ها' })).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.request.method).toBe('POST');
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/posts');
    expect(saved[0]!.fields).toEqual({
      title: 'آموزش تست ۲',
      slug: 'amvzsh-tst-2',
      description: '<p>سلام</p>',
      is_active: 'false',
      comment_status: 'closed',
      image: 'cover.png 4 image/png',
    });
    expect(progress).toContain(100);
    expect(selectUploadProgress(store.getState())).toBe(0);
  });

  it("shows the server's 422 field errors under the fields and keeps what was typed", async () => {
    saveAnswer = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { slug: ['این نامک قبلاً استفاده شده است.'] } } };
    renderForm('/dashboard/posts/add-post');
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('این نامک قبلاً استفاده شده است.')).toBeTruthy();
    expect(field('نامک (در نشانی صفحه)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(field('عنوان').value).toBe('آموزش تست ۲');
    expect(field('متن (HTML)').value).toBe('<p>سلام</p>');
    expect(screen.getByText('انتخاب شد: cover.png')).toBeTruthy();
  });

  it("shows a 415/413 answer's message and lets the user send again", async () => {
    saveAnswer = { status: 415, body: { message: 'فایل انتخاب‌شده تصویر نیست.' } };
    renderForm('/dashboard/posts/add-post');
    await fillPost();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect((await screen.findByRole('alert')).textContent).toBe('فایل انتخاب‌شده تصویر نیست.');
    saveAnswer = { status: 201, body: { data: { id: 9 } } };
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست نوشته‌ها' })).toBeTruthy();
    expect(saved).toHaveLength(2);
    expect(saved[1]!.fields.image).toBe('cover.png 4 image/png');
  });

  it('edits with PUT, keeping the current image when none is chosen', async () => {
    renderForm('/dashboard/posts/3');
    expect(await screen.findByDisplayValue('نوشته قدیمی')).toBeTruthy();
    expect(screen.getByText('اگر فایلی انتخاب نکنید، فایل فعلی می‌ماند.')).toBeTruthy();
    await userEvent.clear(field('عنوان'));
    await userEvent.type(field('عنوان'), 'نوشته به‌روز');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست نوشته‌ها' })).toBeTruthy();
    expect(saved[0]!.request.method).toBe('PUT');
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/posts/3');
    expect(saved[0]!.fields).toEqual({ title: 'نوشته به‌روز', slug: 'old-post', description: '<p>متن</p>', is_active: 'true', comment_status: 'open' });
  });
});

describe('podcast form (/dashboard/podcasts/add-podcast)', () => {
  it('requires the audio on create and sends it as `file`', async () => {
    renderForm('/dashboard/podcasts/add-podcast');
    await userEvent.type(field('عنوان'), 'اپیزود تازه');
    await userEvent.type(field('نامک (در نشانی صفحه)'), 'new-episode');
    await userEvent.type(field('متن (HTML)'), '<p>یادداشت</p>');
    await userEvent.upload(screen.getByLabelText('تصویر'), png());
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('فایل صوتی الزامی است')).toBeTruthy();
    expect(saved).toEqual([]);
    await userEvent.upload(screen.getByLabelText('فایل صوتی'), new File([new Uint8Array(10)], 'episode.mp3', { type: 'audio/mpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست پادکست‌ها' })).toBeTruthy();
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/podcasts');
    expect(saved[0]!.fields.file).toBe('episode.mp3 10 audio/mpeg');
  });
});

describe('suggestSlug', () => {
  it('transliterates a Persian title into a valid slug', () => {
    expect(suggestSlug('  آموزش React — قسمت ۳!  ')).toBe('amvzsh-react-ghsmt-3');
    expect(suggestSlug('؟؟')).toBe('');
  });
});
