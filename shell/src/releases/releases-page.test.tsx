/** @jest-environment-options {"url": "http://127.0.0.1:25741/dashboard/releases"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPER_ONLY, type RemoteRelease, type RemoteReleaseStatus } from '@shop/contracts';
import { aUser, currentLocation, startApiServer, type RecordedRequest } from '@shop/test-utils';
import { RequirePermission } from '../auth/guards';
import { renderInShell } from '../testing/render-in-shell';
import ReleasesPage from './releases-page';

/** A version as the page's sentences set it: a first-strong isolate, so it reads left to right in a Persian line. */
const v = (version: string) => `\u2068${version}\u2069`;
const ALREADY_ACTIVE = 'نسخهٔ 1.3.0+aaaaaaa همین حالا فعال است.';
const SHARE_REFUSED = 'سهم این آزمایش را سرور نپذیرفت.';

function aRelease(overrides: Partial<RemoteRelease> & Pick<RemoteRelease, 'id' | 'version'>): RemoteRelease {
  return {
    remote: 'content',
    package_version: overrides.version.split('+')[0]!,
    commit: '0123456789abcdef0123456789abcdef01234567',
    released_by: 'مدیر سایت',
    released_at: '2026-11-20T08:00:00.000Z',
    contracts_version: '1.0.0',
    singletons: { react: '19.3.1' },
    size_bytes: 819_200,
    pruned: false,
    ...overrides,
  };
}

/** Where each remote stands at the start of every test, in REMOTE_NAMES order. */
function initialStatuses(): RemoteReleaseStatus[] {
  return [
    {
      remote: 'content',
      active_version: '1.4.0+3f9c2a1',
      previous_version: '1.3.0+aaaaaaa',
      canary: { version: '1.5.0+bbbbbbb', share: 10, started_at: '2026-11-22T11:00:00.000Z', page_views: 1250, load_errors: 3, window_minutes: 10 },
      preview_version: null,
      releases: [
        aRelease({ id: 4, version: '1.5.0+bbbbbbb', commit: 'bbbbbbb9876543210', released_at: '2026-11-22T11:00:00.000Z', size_bytes: 2_516_582 }),
        aRelease({ id: 3, version: '1.4.0+3f9c2a1', released_by: 'توکن انتشار (ci)' }),
        aRelease({ id: 2, version: '1.3.0+aaaaaaa', commit: null }),
        aRelease({ id: 1, version: '1.2.0+ccccccc', pruned: true }),
      ],
    },
    // Never released: the remote's own build, nothing to roll back to.
    { remote: 'commerce', active_version: null, canary: null, preview_version: null, releases: [] },
    {
      remote: 'users-permissions',
      active_version: null,
      canary: null,
      preview_version: null,
      releases: [aRelease({ id: 5, remote: 'users-permissions', version: '2.0.0+ddddddd' })],
    },
    // Its first release promoted: a rollback goes back to the remote's own build.
    {
      remote: 'support',
      active_version: '1.0.0+eeeeeee',
      previous_version: null,
      canary: null,
      preview_version: null,
      releases: [aRelease({ id: 6, remote: 'support', version: '1.0.0+eeeeeee' })],
    },
  ];
}

/** The fake server's state, changed by the writes as the real one would. */
let statuses: RemoteReleaseStatus[] = initialStatuses();
let api: Awaited<ReturnType<typeof startApiServer>>;

function answerWrite({ method, url, json }: RecordedRequest): unknown {
  const [, remote, action] = url.pathname.match(/^\/api\/dashboard\/releases\/([a-z-]+)\/([a-z]+)$/) ?? [];
  const status = statuses.find((item) => item.remote === remote);
  if (!status) return undefined;
  const body = (json ?? {}) as { version?: string; share?: number };
  switch (`${method} ${action}`) {
    case 'POST promote':
      if (body.version === '1.3.0+aaaaaaa') return { status: 409, body: { message: ALREADY_ACTIVE } };
      Object.assign(status, { previous_version: status.active_version, active_version: body.version });
      break;
    case 'POST rollback':
      Object.assign(status, { active_version: status.previous_version, previous_version: undefined });
      break;
    case 'POST canary':
      if (body.share === 42) return { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { share: [SHARE_REFUSED] } } };
      status.canary = { version: body.version!, share: body.share!, started_at: '2026-11-23T08:00:00.000Z', page_views: 0, load_errors: 0, window_minutes: 10 };
      break;
    case 'DELETE canary':
      status.canary = null;
      break;
    case 'PUT preview':
      status.preview_version = body.version!;
      break;
    case 'DELETE preview':
      status.preview_version = null;
      break;
    default:
      return undefined;
  }
  return { data: status };
}

beforeAll(async () => {
  api = await startApiServer(25741, (request) => {
    if (request.url.pathname === '/api/dashboard/releases') return { data: statuses };
    return answerWrite(request);
  });
});
afterAll(() => api.close());
beforeEach(() => {
  statuses = initialStatuses();
  api.seen.splice(0);
});

const listRequests = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/dashboard/releases').length;
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname} ${r.text}`);

async function renderReleases(user = aUser({ status: 'super' })) {
  let result: ReturnType<typeof renderInShell> | undefined;
  await act(async () => {
    result = renderInShell(
      '/dashboard/releases',
      {
        '/dashboard/releases': (
          <RequirePermission permission={SUPER_ONLY}>
            <ReleasesPage />
          </RequirePermission>
        ),
      },
      user,
    );
  });
  return result!;
}

/** A remote's section, once the list has come. */
const section = async (name: string) => screen.findByRole('region', { name });

describe('ReleasesPage (issue 35 item 5)', () => {
  it("shows each remote's active version, canary, rollback target and versions, in Persian digits and Jalali dates", async () => {
    await renderReleases();
    expect(screen.getByRole('heading', { level: 1, name: 'انتشار ریموت‌ها' })).toBeTruthy();
    const content = await section('محتوا');
    expect(screen.getAllByRole('region').map((region) => within(region).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'محتوا',
      'فروشگاه',
      'کاربران و دسترسی‌ها',
      'پشتیبانی',
    ]);
    expect(content.textContent).toContain('نسخه فعال1.4.0+3f9c2a1');
    expect(content.textContent).toContain('نسخه 1.5.0+bbbbbbb برای ۱۰٪ بازدیدکنندگان');
    expect(within(content).getByText('در ۱۰ دقیقه گذشته: ۱٬۲۵۰ بازدید صفحه، ۳ خطای بارگذاری')).toBeTruthy();
    expect(within(content).getByText('از ۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰')).toBeTruthy();
    // The preview is the user's alone, for 24 hours, and the page says so.
    expect(within(content).getByText(/فقط برای شماست: تا ۲۴ ساعت/)).toBeTruthy();

    const table = within(content).getByRole('table', { name: 'نسخه‌های محتوا' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '1.5.0+bbbbbbbدر آزمایش',
      '1.4.0+3f9c2a1فعال',
      '1.3.0+aaaaaaa',
      '1.2.0+cccccccحذف‌شده',
    ]);
    const newest = within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(newest.slice(1, 6)).toEqual(['1.5.0', 'bbbbbbb', 'مدیر سایت', '۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰', '۲٫۴ مگابایت']);
    expect(within(rows[1]!).getAllByRole('cell')[5]!.textContent).toBe('۸۰۰ کیلوبایت');
    expect(within(rows[2]!).getAllByRole('cell')[2]!.textContent).toBe('—');
    // A pruned version offers nothing; the active one cannot be promoted or tried again.
    expect(within(rows[3]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(rows[3]!).queryByRole('switch')).toBeNull();
    expect((within(rows[1]!).getByRole('button', { name: 'فعال کردن نسخه 1.4.0+3f9c2a1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(rows[0]!).getByRole('button', { name: 'فعال کردن نسخه 1.5.0+bbbbbbb' }) as HTMLButtonElement).disabled).toBe(false);

    const commerce = await section('فروشگاه');
    expect(commerce.textContent).toContain('نسخه فعالساخت خودِ ریموت');
    expect(within(commerce).getByText('آزمایشی در جریان نیست.')).toBeTruthy();
    expect(within(commerce).getByText('هنوز نسخه‌ای از این ریموت منتشر نشده است؛ سایت ساخت خودِ ریموت را نشان می‌دهد.')).toBeTruthy();
    expect(listRequests()).toBe(1);
  });

  it('promotes a version only once the dialog naming the remote and both versions is confirmed', async () => {
    const user = userEvent.setup();
    await renderReleases();
    const content = await section('محتوا');
    await user.click(within(content).getByRole('button', { name: 'فعال کردن نسخه 1.5.0+bbbbbbb' }));
    let dialog = await screen.findByRole('dialog', { name: `فعال کردن نسخه ${v('1.5.0+bbbbbbb')} برای ریموت محتوا` });
    expect(dialog.textContent).toContain(`نسخه فعال کنونی (${v('1.4.0+3f9c2a1')})`);
    expect(dialog.textContent).toContain('آزمایش این نسخه هم پایان می‌یابد.');
    await user.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([]);

    await user.click(within(content).getByRole('button', { name: 'فعال کردن نسخه 1.5.0+bbbbbbb' }));
    dialog = await screen.findByRole('dialog');
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'فعال کردن' }));
    expect(await screen.findByText(`نسخه ${v('1.5.0+bbbbbbb')} برای ریموت محتوا فعال شد.`)).toBeTruthy();
    expect(writes()).toEqual(['POST /api/dashboard/releases/content/promote {"version":"1.5.0+bbbbbbb"}']);
    // The answer updates the list: no second request.
    await waitFor(() => expect(content.textContent).toContain('نسخه فعال1.5.0+bbbbbbb'));
    expect(content.textContent).toContain('نسخه پیشین1.4.0+3f9c2a1');
    expect(listRequests()).toBe(1);
  });

  it("refuses a canary's share outside 1..99 in Persian without sending it, and shows the server's refusal of a share under the field", async () => {
    const user = userEvent.setup();
    await renderReleases();
    const content = await section('محتوا');
    await user.click(within(content).getByRole('button', { name: 'آزمایش نسخه 1.3.0+aaaaaaa روی سهمی از بازدیدکنندگان' }));
    const dialog = await screen.findByRole('dialog', { name: `آزمایش نسخه ${v('1.3.0+aaaaaaa')} برای ریموت محتوا` });
    // The running canary is named: this one takes its place.
    expect(dialog.textContent).toContain(`آزمایش کنونی (نسخه ${v('1.5.0+bbbbbbb')} برای ۱۰٪ بازدیدکنندگان)`);
    const share = within(dialog).getByRole('textbox', { name: 'سهم بازدیدکنندگان (درصد)' }) as HTMLInputElement;
    expect(share.value).toBe('۱۰');
    const start = within(dialog).getByRole('button', { name: 'شروع آزمایش' });

    await user.clear(share);
    await user.type(share, '0');
    await user.click(start);
    expect(await within(dialog).findByText('سهم بازدیدکنندگان نباید کمتر از ۱ باشد')).toBeTruthy();
    await user.clear(share);
    await user.type(share, '100');
    await user.click(start);
    expect(await within(dialog).findByText('سهم بازدیدکنندگان نباید بیشتر از ۹۹ باشد')).toBeTruthy();
    expect(writes()).toEqual([]);

    await user.clear(share);
    await user.type(share, '42');
    await user.click(start);
    expect(await within(dialog).findByText(SHARE_REFUSED)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.clear(share);
    await user.type(share, '۲۵');
    await user.click(start);
    expect(await screen.findByText(`نسخه ${v('1.3.0+aaaaaaa')} برای ۲۵٪ بازدیدکنندگان ریموت محتوا آزمایش می‌شود.`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toEqual([
      'POST /api/dashboard/releases/content/canary {"version":"1.3.0+aaaaaaa","share":42}',
      'POST /api/dashboard/releases/content/canary {"version":"1.3.0+aaaaaaa","share":25}',
    ]);
    expect(content.textContent).toContain('نسخه 1.3.0+aaaaaaa برای ۲۵٪ بازدیدکنندگان');
    // One message for the refused share: under the field, no toast of the error catalogue.
    expect(screen.queryByText('اطلاعات وارد شده معتبر نیست.')).toBeNull();
  });

  it('ends a canary after confirmation', async () => {
    const user = userEvent.setup();
    await renderReleases();
    const content = await section('محتوا');
    await user.click(within(content).getByRole('button', { name: 'پایان آزمایش: ریموت محتوا' }));
    const dialog = await screen.findByRole('dialog', { name: 'پایان آزمایش ریموت محتوا' });
    expect(dialog.textContent).toContain(`نسخه ${v('1.5.0+bbbbbbb')} دیگر به ۱۰٪ بازدیدکنندگان ریموت محتوا داده نمی‌شود`);
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'پایان آزمایش' }));
    expect(await screen.findByText('آزمایش ریموت محتوا پایان یافت.')).toBeTruthy();
    expect(writes()).toEqual(['DELETE /api/dashboard/releases/content/canary ']);
    await waitFor(() => expect(within(content).getByText('آزمایشی در جریان نیست.')).toBeTruthy());
  });

  it("disables the rollback with nothing to roll back to, and names the remote's own build as the target when it is", async () => {
    const user = userEvent.setup();
    await renderReleases();
    const commerce = await section('فروشگاه');
    expect((within(commerce).getByRole('button', { name: 'بازگشت به نسخه پیشین: ریموت فروشگاه' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(commerce).getByText('نسخه‌ای برای بازگشت نیست.')).toBeTruthy();

    const support = await section('پشتیبانی');
    expect(support.textContent).toContain('نسخه پیشینساخت خودِ ریموت');
    await user.click(within(support).getByRole('button', { name: 'بازگشت به نسخه پیشین: ریموت پشتیبانی' }));
    const dialog = await screen.findByRole('dialog', { name: 'بازگشت ریموت پشتیبانی به نسخه پیشین' });
    expect(dialog.textContent).toContain(`از ${v('1.0.0+eeeeeee')} به ساخت خودِ ریموت برمی‌گردد`);
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'بازگشت' }));
    expect(await screen.findByText(`ریموت پشتیبانی به ${v('ساخت خودِ ریموت')} بازگشت.`)).toBeTruthy();
    expect(writes()).toEqual(['POST /api/dashboard/releases/support/rollback ']);
    await waitFor(() => expect(support.textContent).toContain('نسخه فعالساخت خودِ ریموت'));
    expect((within(support).getByRole('button', { name: 'بازگشت به نسخه پیشین: ریموت پشتیبانی' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("turns the user's own preview of a version on (PUT) and off (DELETE)", async () => {
    const user = userEvent.setup();
    await renderReleases();
    const content = await section('محتوا');
    const name = 'پیش‌نمایش برای من: نسخه 1.3.0+aaaaaaa';
    expect((within(content).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(content).getByRole('switch', { name }));
    expect(await screen.findByText(`تا ۲۴ ساعت صفحه‌های ریموت محتوا را با نسخه ${v('1.3.0+aaaaaaa')} می‌بینید؛ فقط خودتان.`)).toBeTruthy();
    await waitFor(() => expect((within(content).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(true));
    expect(content.textContent).toContain('پیش‌نمایش شما1.3.0+aaaaaaa');
    await user.click(within(content).getByRole('switch', { name }));
    expect(await screen.findByText('پیش‌نمایش ریموت محتوا پایان یافت؛ همان نسخه‌ای را می‌بینید که بازدیدکنندگان می‌گیرند.')).toBeTruthy();
    await waitFor(() => expect((within(content).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(false));
    expect(writes()).toEqual([
      'PUT /api/dashboard/releases/content/preview {"version":"1.3.0+aaaaaaa"}',
      'DELETE /api/dashboard/releases/content/preview ',
    ]);
  });

  it("shows a 409's Persian message once, and asks for the list again", async () => {
    const user = userEvent.setup();
    await renderReleases();
    const content = await section('محتوا');
    await user.click(within(content).getByRole('button', { name: 'فعال کردن نسخه 1.3.0+aaaaaaa' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'فعال کردن' }));
    expect(await screen.findByText(ALREADY_ACTIVE)).toBeTruthy();
    await waitFor(() => expect(listRequests()).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText(ALREADY_ACTIVE)).toHaveLength(1);
    expect(screen.queryByText('خطایی رخ داد.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends staff back to /dashboard, asking for nothing', async () => {
    await renderReleases(aUser({ status: 'staff', permissions: [{ id: 1, name: 'manage-posts' }] }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
    expect(await screen.findByText('شما به این بخش دسترسی ندارید.')).toBeTruthy();
    expect(listRequests()).toBe(0);
  });
});
