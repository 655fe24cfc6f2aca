/** @jest-environment-options {"url": "http://127.0.0.1:25842"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPER_ONLY, type SalesAgent } from '@shop/contracts';
import { aUser, renderDashboardForm, startApiServer } from '@shop/test-utils';
import commerceModule from '../../module';
import SalesAgentsPage from './sales-agents-page';

const TAKEN = 'این کد همکاری از قبل وجود دارد.';
const anAgent = (overrides: Partial<SalesAgent> = {}): SalesAgent => ({
  id: 1, user: { id: 9, full_name: 'علی رضایی', email: 'ali@example.com' }, code: 'STAFF10', percent: 10, is_active: true,
  link: 'https://shop.example/?ref=STAFF10', created_at: '2026-11-20T08:30:00Z', ...overrides,
});

let agents: SalesAgent[] = [];
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25842, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/users') {
      const sara = aUser({ id: 8, full_name: 'سارا محمدی', email: 'sara@example.com' });
      return { data: [sara], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } };
    }
    if (url.pathname === '/api/dashboard/sales-agents' && method === 'GET') return { data: agents };
    if (url.pathname === '/api/dashboard/sales-agents' && method === 'POST') {
      const body = json as { user_id: number; code: string; percent: number; is_active: boolean };
      if (agents.some((agent) => agent.code === body.code)) return { status: 422, body: { message: TAKEN, errors: { code: [TAKEN] } } };
      const agent = anAgent({ id: 2, user: { id: body.user_id, full_name: 'سارا محمدی', email: 'sara@example.com' }, code: body.code, percent: body.percent, is_active: body.is_active, link: `https://shop.example/?ref=${body.code}` });
      agents = [agent, ...agents];
      return { status: 201, body: { message: 'همکار فروش ذخیره شد.', data: agent } };
    }
    const edit = /^\/api\/dashboard\/sales-agents\/(\d+)$/.exec(url.pathname);
    if (edit && method === 'PUT') {
      const body = json as { code: string; percent: number; is_active: boolean };
      agents = agents.map((agent) => (agent.id === Number(edit[1]) ? { ...agent, ...body } : agent));
      return { message: 'همکار فروش ذخیره شد.', data: agents.find((agent) => agent.id === Number(edit[1])) };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  agents = [anAgent(), anAgent({ id: 3, user: { id: 10, full_name: 'مریم احمدی', email: 'maryam@example.com' }, code: 'MARYAM5', percent: 5, is_active: false, link: 'https://shop.example/?ref=MARYAM5' })];
});

const open = () => renderDashboardForm('/dashboard/sales-agents', { '/dashboard/sales-agents': <SalesAgentsPage /> });
const table = () => screen.getByRole('table', { name: 'فهرست همکاران فروش' });
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
const field = (name: string) => screen.getByRole('textbox', { name });
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.json]);

describe('sales agents (/dashboard/sales-agents, issue 36 item 4)', () => {
  it('lists each agent: name, email, code, percent, link with its copy button and an active chip', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'همکاران فروش' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['نام', 'ایمیل', 'کد', 'درصد', 'پیوند همکاری', 'وضعیت', 'عملیات']);
    expect(rows().map((row) => row.slice(0, 6))).toEqual([
      ['علی رضایی', 'ali@example.com', 'STAFF10', '۱۰٪', 'https://shop.example/?ref=STAFF10', 'فعال'],
      ['مریم احمدی', 'maryam@example.com', 'MARYAM5', '۵٪', 'https://shop.example/?ref=MARYAM5', 'غیرفعال'],
    ]);
    expect(screen.getByText('۲ همکار')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'کپی پیوند STAFF10' }));
    expect(await screen.findByText('پیوند همکاری کپی شد.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('https://shop.example/?ref=STAFF10');
  });

  it('adds an agent picked with the user picker, showing the 422 on the code in Persian, then the new agent', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const form = screen.getByRole('form', { name: 'افزودن همکار فروش' });
    await userEvent.click(within(form).getByRole('button', { name: 'افزودن همکار' }));
    expect(await screen.findByText('کاربر الزامی است')).toBeTruthy();
    expect(screen.getByText('کد همکار فروش الزامی است')).toBeTruthy();
    expect(screen.getByText('درصد پورسانت الزامی است')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'جست‌وجوی کاربر (ایمیل، نام یا موبایل)' }), { target: { value: 'سارا' } });
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/dashboard/users')).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'کاربر' }));
    await userEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: 'سارا محمدی — sara@example.com' }));
    await userEvent.type(field('کد همکار فروش'), 'staff10');
    await userEvent.type(field('درصد پورسانت'), '۱۵');
    await userEvent.click(within(form).getByRole('button', { name: 'افزودن همکار' }));
    expect(await screen.findByText(TAKEN)).toBeTruthy();
    expect(noteOf(field('کد همکار فروش'))).toBe(TAKEN);
    expect(field('کد همکار فروش').getAttribute('aria-invalid')).toBe('true');
    expect((field('درصد پورسانت') as HTMLInputElement).value).toBe('۱۵');

    await userEvent.clear(field('کد همکار فروش'));
    await userEvent.type(field('کد همکار فروش'), 'sara 20');
    await userEvent.click(within(form).getByRole('button', { name: 'افزودن همکار' }));
    expect(await screen.findByText('همکار فروش ذخیره شد.')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.slice(0, 6)).toEqual(['سارا محمدی', 'sara@example.com', 'SARA20', '۱۵٪', 'https://shop.example/?ref=SARA20', 'فعال']);
    expect((field('کد همکار فروش') as HTMLInputElement).value).toBe('');
    // The shared schema upper-cases the code and reads the percent's Persian digits.
    expect(writes()).toEqual([
      ['POST', '/api/dashboard/sales-agents', { user_id: 8, code: 'STAFF10', percent: 15, is_active: true }],
      ['POST', '/api/dashboard/sales-agents', { user_id: 8, code: 'SARA20', percent: 15, is_active: true }],
    ]);
  });

  it('edits an agent’s code, percent and active switch, without the user', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'ویرایش همکار فروش مریم احمدی' }));
    const form = screen.getByRole('form', { name: 'ویرایش همکار فروش: مریم احمدی' });
    expect(within(form).queryByRole('combobox', { name: 'کاربر' })).toBeNull();
    expect((field('کد همکار فروش') as HTMLInputElement).value).toBe('MARYAM5');
    await userEvent.clear(field('درصد پورسانت'));
    await userEvent.type(field('درصد پورسانت'), '8');
    await userEvent.click(within(form).getByRole('switch', { name: 'فعال (کد و پیوندش پذیرفته شود)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'ذخیره تغییرات' }));
    expect(await screen.findByText('همکار فروش ذخیره شد.')).toBeTruthy();
    await waitFor(() => expect(rows()[1]!.slice(2, 6)).toEqual(['MARYAM5', '۸٪', 'https://shop.example/?ref=MARYAM5', 'فعال']));
    expect(writes()).toEqual([['PUT', '/api/dashboard/sales-agents/3', { code: 'MARYAM5', percent: 8, is_active: true }]]);
    expect(screen.getByRole('form', { name: 'افزودن همکار فروش' })).toBeTruthy();
  });

  it('is a super-only page of the contract, with its navigation item', () => {
    expect(commerceModule.dashboardRoutes.find((r) => r.path === '/dashboard/sales-agents')?.permission).toBe(SUPER_ONLY);
    expect(commerceModule.dashboardNav.find((item) => item.path === '/dashboard/sales-agents')).toMatchObject({ label: 'همکاران فروش', permission: SUPER_ONLY });
  });
});
