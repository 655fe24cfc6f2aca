/** @jest-environment-options {"url": "http://127.0.0.1:25230"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TiptapEditorHTMLElement } from '@tiptap/react';
import { siteInformationApi } from '@shop/api-client';
import { aUser, renderPage, startApiServer, stubLayoutForEditor } from '@shop/test-utils';
import supportModule from '../module';
import { aSiteInformation } from './site-information-fixture';
import TermsEditorPage from './terms-editor-page';

stubLayoutForEditor();

let stored = '<h2>شرایط استفاده</h2><p>با احترام به دیگران بنویسید.</p>';
let saveAnswer: ((html: string) => { status: number; body: unknown }) | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25230, ({ method, url, json }) => {
    if (url.pathname === '/api/site-information') return { data: aSiteInformation({ terms_and_conditions: stored }) };
    if (url.pathname !== '/api/dashboard/terms-and-conditions') return undefined;
    if (method === 'PUT') {
      const html = (json as { terms_and_conditions: string }).terms_and_conditions;
      if (saveAnswer) return saveAnswer(html);
      stored = html;
      return { message: 'قوانین و مقررات ذخیره شد.', data: { terms_and_conditions: stored } };
    }
    return { data: { terms_and_conditions: stored } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  stored = '<h2>شرایط استفاده</h2><p>با احترام به دیگران بنویسید.</p>';
  saveAnswer = null;
});

const puts = () => api.seen.filter((r) => r.method === 'PUT').map((r) => r.json);
const renderTerms = () => renderPage(<TermsEditorPage />, { url: '/dashboard/terms-and-conditions', user: aUser({ status: 'super' }) });
/** The editor's text box, once Tiptap has loaded (it loads on demand). */
const editorBox = () => screen.findByRole('textbox', { name: 'متن قوانین و مقررات' }, { timeout: 10_000 });
/**
 * The Tiptap editor behind the text box. jsdom has no layout, so typing into a contenteditable is
 * not reliable there; tests write through the editor's own commands, as its keyboard handling does.
 */
const editorOf = (box: HTMLElement) => (box as TiptapEditorHTMLElement).editor!;

/** Opens the toolbar's link or image dialog; its address field is left to right, and «افزودن …» applies it. */
async function openAddressDialog(name: 'پیوند' | 'تصویر') {
  await userEvent.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  const address = within(dialog).getByRole('textbox', { name: `نشانی ${name}` });
  expect(address.getAttribute('dir')).toBe('ltr');
  const apply = () => userEvent.click(within(dialog).getByRole('button', { name: `افزودن ${name}` }));
  /** Writes an address the dialog takes, applies it and waits for the dialog to close. */
  const applyAddress = async (value: string) => {
    await userEvent.clear(address);
    await userEvent.type(address, value);
    await apply();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };
  return { dialog, address, apply, applyAddress };
}

describe('terms editor (/dashboard/terms-and-conditions)', () => {
  it('is a dashboard route behind manage-terms, in the navigation', () => {
    expect(supportModule.dashboardRoutes.find((route) => route.path === '/dashboard/terms-and-conditions')?.permission).toBe('manage-terms');
    expect(supportModule.dashboardNav.find((item) => item.path === '/dashboard/terms-and-conditions')).toMatchObject({ label: 'قوانین و مقررات', icon: 'Gavel' });
  });

  it('loads the stored terms into a right-to-left editor with a Persian toolbar', async () => {
    renderTerms();
    const box = await editorBox();
    expect(box.getAttribute('dir')).toBe('rtl');
    expect(within(box).getByRole('heading', { level: 2, name: 'شرایط استفاده' })).toBeTruthy();
    expect(within(box).getByText('با احترام به دیگران بنویسید.')).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'ابزارهای قالب‌بندی' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'درشت', 'کج', 'زیرخط', 'خط‌خورده', 'کد', 'تیتر', 'زیرتیتر', 'فهرست', 'فهرست شماره‌دار', 'نقل‌قول', 'بلوک کد', 'خط جداکننده', 'چپ‌به‌راست', 'پیوند', 'تصویر',
    ]);
    expect(screen.getByRole('link', { name: 'مشاهده صفحه' }).getAttribute('href')).toBe('/terms-and-conditions');
  });

  it('formats with the toolbar, saves with a PUT and shows the HTML the server stored', async () => {
    const { store } = renderTerms();
    // The public page's copy of the site information, which the save must refresh.
    void store.dispatch(siteInformationApi.endpoints.getSiteInformation.initiate());
    const box = await editorBox();
    const editor = editorOf(box);
    act(() => void editor.chain().focus('end').insertContent('<p>بند تازه</p>').run());
    const start = editor.state.doc.content.size - 'بند تازه'.length - 1;
    act(() => void editor.commands.setTextSelection({ from: start, to: start + 'بند'.length }));
    await userEvent.click(screen.getByRole('button', { name: 'درشت' }));
    expect(screen.getByRole('button', { name: 'درشت' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'فهرست' }));
    act(() => void editor.chain().focus('end').insertContent('<p>دام <img src="x" onerror="alert(1)"></p>').run());
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

    expect(await screen.findByText('قوانین و مقررات ذخیره شد.')).toBeTruthy();
    expect(puts()).toEqual([
      {
        terms_and_conditions:
          '<h2>شرایط استفاده</h2><p>با احترام به دیگران بنویسید.</p><ul><li><p><strong>بند</strong> تازه</p></li></ul><p>دام </p>',
      },
    ]);
    await waitFor(() => expect(within(box).getByRole('list')).toBeTruthy());
    expect(within(box).getByText('بند').tagName).toBe('STRONG');
    await waitFor(() =>
      expect(api.seen.filter((r) => r.url.pathname === '/api/site-information')).toHaveLength(2),
    );
  });

  it('shows the editor’s HTML as the server answered it, not as it was sent', async () => {
    saveAnswer = () => ({ status: 200, body: { message: 'ذخیره شد', data: { terms_and_conditions: '<p>متن پاک‌شده</p>' } } });
    renderTerms();
    const box = await editorBox();
    act(() => void editorOf(box).chain().focus('end').insertContent('<p>متن خام</p>').run());
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await within(box).findByText('متن پاک‌شده')).toBeTruthy();
    expect(within(box).queryByText('شرایط استفاده')).toBeNull();
  });

  it("shows the server's 422 under the editor and keeps what was written", async () => {
    saveAnswer = () => ({
      status: 422,
      body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { terms_and_conditions: ['قوانین و مقررات نباید اسکریپت داشته باشد'] } },
    });
    renderTerms();
    const box = await editorBox();
    act(() => void editorOf(box).chain().focus('end').insertContent('<p>بند سوم</p>').run());
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('قوانین و مقررات نباید اسکریپت داشته باشد')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(within(box).getByText('بند سوم')).toBeTruthy();
  });

  it('adds a link to the selected text with an http(s) address, and refuses a javascript: one', async () => {
    renderTerms();
    const box = await editorBox();
    const editor = editorOf(box);
    act(() => void editor.commands.setTextSelection({ from: 1, to: 1 + 'شرایط'.length }));
    const { dialog, address, apply, applyAddress } = await openAddressDialog('پیوند');
    await userEvent.type(address, 'javascript:alert(1)');
    await apply();
    expect(within(dialog).getByText('نشانی پیوند باید با https://، http://، mailto: یا / شروع شود.')).toBeTruthy();
    await applyAddress('https://example.com/rules');
    const link = within(box).getByRole('link', { name: 'شرایط' });
    expect(link.getAttribute('href')).toBe('https://example.com/rules');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(editor.getHTML()).toContain('<h2><a rel="noopener noreferrer nofollow" href="https://example.com/rules">شرایط</a> استفاده</h2>');
    // Adding a link does not save the page.
    expect(puts()).toEqual([]);
  });

  it('adds an image by an https or /media/ address with its alternative text, and links to a page of the site (issue 32 item 4)', async () => {
    renderTerms();
    const box = await editorBox();
    const editor = editorOf(box);
    act(() => void editor.chain().focus('end').run());
    const image = await openAddressDialog('تصویر');
    await userEvent.type(image.address, 'http://example.com/a.png');
    await image.apply();
    expect(within(image.dialog).getByText('نشانی تصویر باید با https:// یا /media/ شروع شود.')).toBeTruthy();
    await userEvent.type(within(image.dialog).getByRole('textbox', { name: 'متن جایگزین تصویر' }), 'مهر سایت');
    await image.applyAddress('/media/terms/seal.webp');
    expect(within(box).getByRole('img', { name: 'مهر سایت' }).getAttribute('src')).toBe('/media/terms/seal.webp');

    act(() => void editor.commands.setTextSelection({ from: 1, to: 1 + 'شرایط'.length }));
    await (await openAddressDialog('پیوند')).applyAddress('/frequently-asked-questions');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('قوانین و مقررات ذخیره شد.')).toBeTruthy();
    expect(puts()).toEqual([
      {
        terms_and_conditions:
          '<h2><a rel="noopener noreferrer nofollow" href="/frequently-asked-questions">شرایط</a> استفاده</h2>' +
          '<p>با احترام به دیگران بنویسید.<img src="/media/terms/seal.webp" alt="مهر سایت"></p>',
      },
    ]);
  });

  it('writes code blocks and the paragraphs marked «چپ‌به‌راست» left to right (dir="ltr")', async () => {
    renderTerms();
    const box = await editorBox();
    const editor = editorOf(box);
    act(() => void editor.chain().focus('end').run());
    await userEvent.click(screen.getByRole('button', { name: 'چپ‌به‌راست' }));
    expect(screen.getByRole('button', { name: 'چپ‌به‌راست' }).getAttribute('aria-pressed')).toBe('true');
    act(() => void editor.chain().focus('end').insertContent('<p>npm start</p>').run());
    await userEvent.click(screen.getByRole('button', { name: 'بلوک کد' }));
    expect(screen.getByRole('button', { name: 'بلوک کد' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('قوانین و مقررات ذخیره شد.')).toBeTruthy();
    expect(puts()).toEqual([
      { terms_and_conditions: '<h2>شرایط استفاده</h2><p dir="ltr">با احترام به دیگران بنویسید.</p><pre dir="ltr"><code>npm start</code></pre>' },
    ]);
  });
});
