/** @jest-environment-options {"url": "http://127.0.0.1:26012"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForensicCannotSayReason, ForensicIdentification } from '@shop/contracts';
import { renderDashboardForm, startApiServer } from '@shop/test-utils';
import ForensicIdentificationPage from './forensic-identification-page';

const base: ForensicIdentification = {
  id: 5, session_id: 30, session_title: 'جلسه دوم: تابع‌ها', product_id: 1, product_title: 'دوره مقدماتی جاوااسکریپت',
  file_name: 'leak.mp4', file_size: 50 * 1024 * 1024, status: 'done', progress: 100, verdict: 'identified', reason: null,
  user: { id: 42, full_name: 'رضا کریمی', email: 'reza@example.com' },
  confidence: 0.99995, false_name_probability: 0.00004,
  evidence: {
    start_seconds: 65, seconds_compared: 200, crop: { x: 0.05, y: 0.05, width: 0.9, height: 0.9 }, crop_correlation: 0.93,
    segments_used: 50, candidates: 10_000, best_score: 41.234, runner_up_score: 3.1, false_name_bound: 0.0001,
  },
  error: null, created_by: { id: 1, full_name: 'مدیر سایت' }, created_at: '2026-03-01T10:00:00Z', finished_at: '2026-03-01T10:05:00Z', revocation: null,
};

/** What GET answers, in turn (the last one stays). */
let answers: ForensicIdentification[];
let revocationAnswer: { status: number; body: unknown } | null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(26012, ({ url, method, json }) => {
    if (url.pathname === '/api/dashboard/forensic-identifications/5' && method === 'GET') return { data: answers.length > 1 ? answers.shift() : answers[0] };
    if (url.pathname === '/api/dashboard/forensic-identifications/5/revocation' && method === 'POST') {
      if (revocationAnswer) return revocationAnswer;
      const revoked: ForensicIdentification = {
        ...answers[0]!,
        revocation: { revoked_at: '2026-03-02T08:00:00Z', revoked_by: { id: 1, full_name: 'مدیر سایت' }, reason: (json as { reason: string }).reason, grants_ended: 2 },
      };
      answers = [revoked];
      return { data: revoked };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  answers = [base];
  revocationAnswer = null;
});

const renderResult = () => renderDashboardForm('/dashboard/forensics/5', { '/dashboard/forensics/:identificationId': <ForensicIdentificationPage /> });
const writes = () => api.seen.filter((r) => r.method !== 'GET').map((r) => ({ path: r.url.pathname, body: r.json }));

describe('the result of a leaked-copy identification (issue 38 items 3 and 4)', () => {
  it('names the account with its email, a link to its page, the confidence in Persian digits, the bound in words and the evidence', async () => {
    renderResult();
    const named = await screen.findByRole('region', { name: 'این نسخه از این حساب برداشته شده است' });
    expect(within(named).getByText('رضا کریمی')).toBeTruthy();
    expect(within(named).getByText(/reza/)).toBeTruthy();
    expect(within(named).getByRole('link', { name: 'صفحهٔ این کاربر' }).getAttribute('href')).toBe('/dashboard/users/42');
    expect(within(named).getByText('اطمینان: ۹۹٫۹۹٪')).toBeTruthy();
    expect(within(named).getByText('احتمال نام‌بردن اشتباه کمتر از یک در ده هزار')).toBeTruthy();
    const evidence = screen.getByRole('region', { name: 'شواهد' });
    expect(within(evidence).getByText('نسخه از ۰۱:۰۵ درس آغاز می‌شود.')).toBeTruthy();
    expect(within(evidence).getByText('۰۳:۲۰ از نسخه سنجیده شد.')).toBeTruthy();
    expect(within(evidence).getByText('نسخه حدود ۸۱٪ از تصویر درس را نشان می‌دهد (۹۰٪ از پهنا و ۹۰٪ از بلندا).')).toBeTruthy();
    expect(within(evidence).getByText('۵۰ تکه از ویدیو در سنجش به کار رفت.')).toBeTruthy();
    expect(within(evidence).getByText('با ۱۰٬۰۰۰ حسابی که می‌توانستند این درس را ببینند سنجیده شد.')).toBeTruthy();
    expect(within(evidence).getByText('امتیاز این حساب ۴۱٫۲۳ است و امتیاز نزدیک‌ترین حساب پس از آن ۳٫۱.')).toBeTruthy();
    expect(screen.getByText('leak.mp4 (۵۰ مگابایت)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'لغو دسترسی این حساب' })).toBeTruthy();
  });

  it.each<[ForensicCannotSayReason, RegExp, RegExp]>([
    ['not-this-lesson', /گویا از درس دیگری است/, /جلسه‌ای را برگزینید که این نسخه از آن است/],
    ['too-little-evidence', /نشانهٔ پنهان در آن بسنده نیست/, /نسخهٔ بلندتری \(دست‌کم سه دقیقه\)/],
    ['not-marked', /این درس نشانهٔ پنهان نداشت/, /نشانه‌گذاری پنهان این دوره را روشن نگه دارید/],
  ])('explains a %s verdict in Persian, says what to try, and offers no revocation', async (reason, why, tryThis) => {
    answers = [{ ...base, verdict: 'cannot-say', reason, user: null, confidence: null, false_name_probability: null }];
    renderResult();
    expect(await screen.findByText('از این نسخه نمی‌توان گفت از کدام حساب است')).toBeTruthy();
    expect(screen.getByText(why)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'چه می‌توان کرد' })).getByText(tryThis)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'لغو دسترسی این حساب' })).toBeNull();
  });

  it.each<[number, string]>([
    [10_000, 'بالاترین امتیاز ۴۱٫۲۳ بود و امتیاز حساب پس از آن ۳٫۱.'],
    [1, 'امتیاز تنها حسابی که می‌توانست این درس را ببیند ۴۱٫۲۳ بود.'],
  ])('gives the scores of a copy that named nobody, among %d accounts, as the best ones (with one account, no next one)', async (candidates, scores) => {
    answers = [{ ...base, verdict: 'cannot-say', reason: 'too-little-evidence', user: null, confidence: null, false_name_probability: null, evidence: { ...base.evidence!, candidates } }];
    renderResult();
    const evidence = await screen.findByRole('region', { name: 'شواهد' });
    expect(within(evidence).getByText(scores)).toBeTruthy();
  });

  it('names no next account when the named one was the only one that could play the lesson', async () => {
    answers = [{ ...base, evidence: { ...base.evidence!, candidates: 1, runner_up_score: 0 } }];
    renderResult();
    const evidence = await screen.findByRole('region', { name: 'شواهد' });
    expect(within(evidence).getByText('امتیاز این حساب ۴۱٫۲۳ است؛ حساب دیگری نبود که با آن سنجیده شود.')).toBeTruthy();
  });

  it('shows a failure with the server\'s Persian reason', async () => {
    answers = [{ ...base, status: 'failed', verdict: null, user: null, confidence: null, false_name_probability: null, evidence: null, error: 'فایل ویدیو خوانده نشد.' }];
    renderResult();
    expect(await screen.findByText('سنجش این نسخه ناموفق بود.')).toBeTruthy();
    expect(screen.getByText('فایل ویدیو خوانده نشد.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'لغو دسترسی این حساب' })).toBeNull();
  });

  it('reads the identification again every 2 s while queued and processing, until it is done', async () => {
    const pending = { verdict: null, user: null, confidence: null, false_name_probability: null, evidence: null, finished_at: null } as const;
    answers = [{ ...base, ...pending, status: 'queued', progress: 0 }, { ...base, ...pending, status: 'processing', progress: 40 }, base];
    renderResult();
    expect(await screen.findByText(/نسخه در صف سنجش است/)).toBeTruthy();
    expect(await screen.findByText('در حال سنجش نسخه با تکه‌های نشانه‌دار درس: ۴۰٪', undefined, { timeout: 4_000 })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'پیشرفت سنجش' })).toBeTruthy();
    expect(await screen.findByText('اطمینان: ۹۹٫۹۹٪', undefined, { timeout: 4_000 })).toBeTruthy();
    const reads = api.seen.filter((r) => r.method === 'GET').length;
    expect(reads).toBe(3);
  }, 15_000);

  it('refuses a short reason in Persian, then revokes with {reason} and shows the revocation', async () => {
    renderResult();
    await userEvent.click(await screen.findByRole('button', { name: 'لغو دسترسی این حساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'لغو دسترسی رضا کریمی' });
    const reason = within(dialog).getByRole('textbox', { name: 'دلیل' });
    await userEvent.type(reason, 'اب');
    await userEvent.click(within(dialog).getByRole('button', { name: 'لغو دسترسی' }));
    expect(await within(dialog).findByText('دلیل باید دست‌کم ۳ نویسه باشد')).toBeTruthy();
    expect(writes()).toEqual([]);
    await userEvent.type(reason, 'ر فروش نسخه در کانال تلگرام');
    await userEvent.click(within(dialog).getByRole('button', { name: 'لغو دسترسی' }));
    await waitFor(() => expect(writes()).toEqual([{ path: '/api/dashboard/forensic-identifications/5/revocation', body: { reason: 'ابر فروش نسخه در کانال تلگرام' } }]));
    const revoked = await screen.findByRole('region', { name: 'دسترسی این حساب لغو شده است' });
    expect(within(revoked).getByText(/^به دست مدیر سایت در /)).toBeTruthy();
    expect(within(revoked).getByText('دلیل: ابر فروش نسخه در کانال تلگرام')).toBeTruthy();
    expect(within(revoked).getByText('۲ دسترسی به این دوره پایان یافت.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'لغو دسترسی این حساب' })).toBeNull();
  });

  it.each([
    [409, 'دسترسی این حساب پیش‌تر لغو شده است.'],
    [403, 'شما اجازهٔ لغو دسترسی ندارید.'],
  ])('shows a %i refusal in Persian and keeps the typed reason', async (status, message) => {
    revocationAnswer = { status, body: { message } };
    renderResult();
    await userEvent.click(await screen.findByRole('button', { name: 'لغو دسترسی این حساب' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: 'دلیل' });
    await userEvent.type(reason, 'فروش نسخه در کانال تلگرام');
    await userEvent.click(within(dialog).getByRole('button', { name: 'لغو دسترسی' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe('فروش نسخه در کانال تلگرام');
    expect(writes()).toHaveLength(1);
  });
});

describe('the bound on a wrong name in words', () => {
  it('says the largest power of ten the bound stays within, exactly 10⁻⁴ included', async () => {
    const { oneInWords, percentOf } = await import('./forensic-verdict');
    expect(oneInWords(0.0001)).toBe('ده هزار');
    expect(oneInWords(0.00001)).toBe('صد هزار');
    expect(oneInWords(0.002)).toBe('صد');
    expect(oneInWords(0)).toBe('یک میلیارد');
    expect(oneInWords(0.5)).toBeNull();
    expect(percentOf(0.9999)).toBe('۹۹٫۹۹');
  });
});
