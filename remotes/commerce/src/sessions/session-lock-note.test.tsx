import { screen, within } from '@testing-library/react';
import { formatJalaliDate } from '@shop/format';
import { renderPage } from '@shop/test-utils';
import { aSessionSummary } from '../products/fixtures';
import { ProductSessionsList } from '../products/product-sessions-list';
import { SessionLockNote } from './session-lock-note';

const OPENS_AT = '2026-12-02T20:30:00.000Z';

describe('a session its schedule still closes (issue 37 item 5)', () => {
  it('says on the course page when or what opens each locked session, and leaves open ones with their date', () => {
    renderPage(
      <ProductSessionsList
        productId={1}
        sessions={[
          aSessionSummary({ id: 11, title: 'نصب ابزارها', can_view: true }),
          aSessionSummary({ id: 12, title: 'آرایه‌ها', position: 2, can_view: true, lock: { opens_at: OPENS_AT, days_after_purchase: 7, prerequisite: null } }),
          aSessionSummary({ id: 13, title: 'رویدادها', position: 3, can_view: true, lock: { opens_at: OPENS_AT, days_after_purchase: null, prerequisite: null } }),
          aSessionSummary({ id: 14, title: 'جمع‌بندی', position: 4, can_view: true, lock: { opens_at: null, days_after_purchase: null, prerequisite: { id: 15, title: 'آزمون پایانی', kind: 'quiz' } } }),
        ]}
      />,
      { url: '/products/1' },
    );
    const day = formatJalaliDate(OPENS_AT);
    const rows = screen.getAllByRole('link');
    expect(rows[0]!.textContent).not.toContain('باز می‌شود');
    expect(rows[1]!.textContent).toContain(`۷ روز پس از خرید باز می‌شود: ${day}`);
    expect(rows[2]!.textContent).toContain(`از ${day} باز می‌شود`);
    expect(rows[3]!.textContent).toContain('پس از قبولی در «آزمون پایانی» باز می‌شود');
    expect(within(rows[1]!).getByTitle('قفل تا زمان باز شدن')).toBeTruthy();
    expect(rows[1]!.textContent).not.toMatch(/[0-9]/);
  });

  it('links the prerequisite lesson on the session page and shows the date and the description', () => {
    renderPage(
      <SessionLockNote
        productId={3}
        lock={{ opens_at: OPENS_AT, days_after_purchase: null, prerequisite: { id: 21, title: 'تابع‌ها', kind: 'lesson' } }}
        description="<p>پیمایش آرایه‌ها</p>"
      />,
      { url: '/products/3/22' },
    );
    const note = screen.getByText('این جلسه هنوز باز نشده است').closest<HTMLElement>('[role="status"]')!;
    expect(note).not.toBeNull();
    expect(note.textContent).toContain(`از ${formatJalaliDate(OPENS_AT)} باز می‌شود`);
    expect(note.textContent).toContain('پس از انجام جلسهٔ «تابع‌ها» باز می‌شود');
    expect(within(note).getByRole('link', { name: 'تابع‌ها' }).getAttribute('href')).toBe('/products/3/21');
    expect(screen.getByText('پیمایش آرایه‌ها')).toBeTruthy();
  });
});
