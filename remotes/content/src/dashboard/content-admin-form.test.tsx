/** @jest-environment-options {"url": "http://127.0.0.1:25127"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectUploadProgress } from '@shop/api-client';
import PostFormPage from './post-form-page';
import PodcastFormPage from './podcast-form-page';
import { suggestSlug } from '@shop/forms';
import { findRichTextBox, multipartFields, renderDashboardForm, startApiServer, stubLayoutForEditor, typeInEditor, useBrowserFormData, type RecordedRequest } from '@shop/test-utils';

useBrowserFormData();
stubLayoutForEditor();

/**
 * A stored description with everything the server's sanitizer keeps (server/src/lib/html.ts), as
 * the seed writes it (blocks on lines of their own) and as an older text typed as HTML might be.
 */
const RICH_DESCRIPTION = [
  '<h2>سرفصل‌ها</h2>',
  '<p dir="rtl" style="text-align:center">متن <strong>درشت</strong>، <em>کج</em>، <u>زیرخط</u>، <s>خط‌خورده</s> و <code>npm test</code><br />خط دوم</p>',
  '<ul><li>بند اول</li><li><a href="https://example.com/docs" rel="noopener noreferrer nofollow">مستندات</a></li></ul>',
  '<ol start="3"><li><p>بند سوم</p></li></ol>',
  '<h3>نمونه</h3><h4>جزئیات</h4>',
  '<pre dir="ltr"><code>const a = 1;</code></pre>',
  '<blockquote><p>نقل‌قول</p></blockquote>',
  '<hr />',
  '<p><img src="/media/posts/4-figure.webp" alt="نمودار" /> <a href="/posts/3">نوشته قبلی</a></p>',
].join('\n');

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
    if (url.pathname === '/api/dashboard/posts/4' && method === 'GET') {
      return {
        data: {
          id: 4, title: 'نوشته پرقالب', slug: 'rich-post', description: RICH_DESCRIPTION, image: '/media/posts/4.webp', is_active: true,
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
  await userEvent.click(await findRichTextBox('متن'));
  await typeInEditor('سلام');
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
    expect(within(field('متن')).getByText('سلام').tagName).toBe('P');
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
    await userEvent.click(await findRichTextBox('متن'));
    await typeInEditor('یادداشت');
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

/** The editor's toolbar, by its Persian name, and its buttons in reading order. */
const toolbar = () => screen.getByRole('toolbar', { name: 'ابزارهای قالب‌بندی' });
const TOOLBAR = ['درشت', 'کج', 'زیرخط', 'خط‌خورده', 'کد', 'تیتر', 'زیرتیتر', 'فهرست', 'فهرست شماره‌دار', 'نقل‌قول', 'بلوک کد', 'خط جداکننده', 'چپ‌به‌راست', 'پیوند', 'تصویر'];

describe('description editor (issue 32 item 4)', () => {
  it.each([
    ['post', '/dashboard/posts/add-post', 'فهرست نوشته‌ها'],
    ['podcast', '/dashboard/podcasts/add-podcast', 'فهرست پادکست‌ها'],
  ])('the %s form writes its description in a right-to-left editor with a Persian toolbar, bold text sent as <strong>', async (kind, url, list) => {
    renderForm(url);
    const box = await findRichTextBox('متن');
    expect(box.getAttribute('dir')).toBe('rtl');
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(within(toolbar()).getAllByRole('button').map((button) => button.textContent)).toEqual(TOOLBAR);
    await userEvent.type(field('عنوان'), 'عنوان تازه');
    await userEvent.type(field('نامک (در نشانی صفحه)'), 'fresh');
    await userEvent.click(box);
    await typeInEditor('سلام ');
    await userEvent.click(screen.getByRole('button', { name: 'درشت' }));
    expect(screen.getByRole('button', { name: 'درشت' }).getAttribute('aria-pressed')).toBe('true');
    await typeInEditor('دنیا');
    await userEvent.upload(screen.getByLabelText('تصویر'), png());
    if (kind === 'podcast') await userEvent.upload(screen.getByLabelText('فایل صوتی'), new File([new Uint8Array(10)], 'episode.mp3', { type: 'audio/mpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: list })).toBeTruthy();
    expect(saved[0]!.fields.description).toBe('<p>سلام <strong>دنیا</strong></p>');
  });

  it('loads a stored description intact and sends it back unchanged when it is not edited', async () => {
    renderForm('/dashboard/posts/4');
    const box = await findRichTextBox('متن');
    expect(within(box).getByRole('heading', { level: 2, name: 'سرفصل‌ها' })).toBeTruthy();
    expect(within(box).getByRole('heading', { level: 4, name: 'جزئیات' })).toBeTruthy();
    expect(within(box).getByText('درشت').tagName).toBe('STRONG');
    expect(within(box).getByText('خط‌خورده').tagName).toBe('S');
    expect(within(box).getByText('npm test').tagName).toBe('CODE');
    expect(within(box).getByRole('link', { name: 'مستندات' }).getAttribute('href')).toBe('https://example.com/docs');
    expect(within(box).getByRole('link', { name: 'نوشته قبلی' }).getAttribute('href')).toBe('/posts/3');
    expect(within(box).getByRole('img', { name: 'نمودار' }).getAttribute('src')).toBe('/media/posts/4-figure.webp');
    expect(within(box).getByText('const a = 1;').closest('pre')!.getAttribute('dir')).toBe('ltr');
    expect(within(box).getByText('خط‌خورده').closest('p')!.getAttribute('style')).toMatch(/^text-align: center;?$/);
    expect(within(box).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['بند اول', 'مستندات', 'بند سوم']);
    // Visited and left, not edited.
    await userEvent.click(box);
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست نوشته‌ها' })).toBeTruthy();
    // As the old text area sent it: multipart/form-data writes each line break as CRLF.
    expect(saved[0]!.fields.description).toBe(RICH_DESCRIPTION.replace(/\n/g, '\r\n'));
  });

  it('writes an edited description with only what the server keeps: each block, mark, link, image, direction and alignment', async () => {
    renderForm('/dashboard/posts/4');
    const box = await findRichTextBox('متن');
    await userEvent.click(box);
    await typeInEditor('«');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست نوشته‌ها' })).toBeTruthy();
    expect(saved[0]!.fields.description).toBe(
      [
        '<h2>«سرفصل‌ها</h2>',
        '<p dir="rtl" style="text-align: center;">متن <strong>درشت</strong>، <em>کج</em>، <u>زیرخط</u>، <s>خط‌خورده</s> و <code>npm test</code><br>خط دوم</p>',
        '<ul><li><p>بند اول</p></li><li><p><a rel="noopener noreferrer nofollow" href="https://example.com/docs">مستندات</a></p></li></ul>',
        '<ol start="3"><li><p>بند سوم</p></li></ol>',
        '<h3>نمونه</h3><h4>جزئیات</h4>',
        '<pre dir="ltr"><code>const a = 1;</code></pre>',
        '<blockquote><p>نقل‌قول</p></blockquote>',
        '<hr>',
        '<p><img src="/media/posts/4-figure.webp" alt="نمودار"> <a rel="noopener noreferrer nofollow" href="/posts/3">نوشته قبلی</a></p>',
      ].join(''),
    );
  });

  it('shows the required description error under the editor, and clears it once there is text', async () => {
    renderForm('/dashboard/posts/add-post');
    const box = await findRichTextBox('متن');
    await userEvent.click(box);
    await userEvent.tab();
    const error = await screen.findByText('توضیحات الزامی است');
    expect(box.getAttribute('aria-describedby')).toBe(error.id);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(box);
    await typeInEditor('متن');
    await waitFor(() => expect(screen.queryByText('توضیحات الزامی است')).toBeNull());
    expect(box.getAttribute('aria-invalid')).toBe('false');
    expect(saved).toEqual([]);
  });

  it('has one Tab stop in the toolbar: arrows move right to left, Alt+F10 comes from the text and Escape goes back', async () => {
    renderForm('/dashboard/posts/add-post');
    const box = await findRichTextBox('متن');
    const buttons = within(toolbar()).getAllByRole('button');
    const tabStops = () => buttons.filter((button) => button.tabIndex === 0);
    expect(tabStops()).toEqual([buttons[0]]);
    await userEvent.click(box);
    await userEvent.keyboard('{Alt>}{F10}{/Alt}');
    expect(document.activeElement).toBe(buttons[0]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[1]);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(buttons.at(-1));
    expect(tabStops()).toEqual([buttons.at(-1)]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(buttons[0]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(box));
    // A button pressed from the keyboard formats the text and hands the keys back to it.
    await userEvent.keyboard('{Alt>}{F10}{/Alt}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(box));
    await typeInEditor('درشت');
    expect(within(box).getByText('درشت').tagName).toBe('STRONG');
  });
});

describe('suggestSlug', () => {
  it('transliterates a Persian title into a valid slug', () => {
    expect(suggestSlug('  آموزش React — قسمت ۳!  ')).toBe('amvzsh-react-ghsmt-3');
    expect(suggestSlug('؟؟')).toBe('');
  });
});
