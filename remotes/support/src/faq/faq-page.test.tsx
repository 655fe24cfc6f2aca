/** @jest-environment-options {"url": "http://127.0.0.1:25103"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Link } from '@shop/contracts';
import { currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import FaqPage from './faq-page';

const links: Link[] = [
  { id: 1, type: 'product-related-question', title: 'پس از خرید، دوره را چطور ببینم؟', text: 'دوره در پروفایل شما قرار می‌گیرد.' },
  { id: 2, type: 'product-related-question', title: 'امکان بازگشت وجه وجود دارد؟', text: 'تا هفت روز پس از خرید، بله.' },
  { id: 3, type: 'question', title: 'چطور با شما تماس بگیرم؟', text: 'از صفحه تماس با ما تیکت بفرستید.' },
];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25103, ({ url }) =>
    url.pathname === '/api/links' ? { data: links.filter((link) => link.type === url.searchParams.get('type')) } : undefined,
  );
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

describe('FaqPage (/frequently-asked-questions)', () => {
  it('opens on the about-products questions, answers folded until asked', async () => {
    renderPage(<FaqPage />, { url: '/frequently-asked-questions' });
    const question = await screen.findByRole('button', { name: 'پس از خرید، دوره را چطور ببینم؟' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('درباره دوره‌ها');
    expect(screen.getByRole('button', { name: 'امکان بازگشت وجه وجود دارد؟' })).toBeTruthy();
    expect(screen.queryByText('چطور با شما تماس بگیرم؟')).toBeNull();
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'پس از خرید، دوره را چطور ببینم؟' })).toBeNull();

    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    const answer = screen.getByRole('region', { name: 'پس از خرید، دوره را چطور ببینم؟' });
    expect(within(answer).getByText('دوره در پروفایل شما قرار می‌گیرد.')).toBeTruthy();
    fireEvent.click(question);
    expect(screen.queryByRole('region', { name: 'پس از خرید، دوره را چطور ببینم؟' })).toBeNull();
    expect(api.seen[0]!.url.searchParams.get('type')).toBe('product-related-question');
  });

  it('switches to the other questions and keeps the tab in the URL', async () => {
    renderPage(<FaqPage />, { url: '/frequently-asked-questions' });
    await screen.findByText('پس از خرید، دوره را چطور ببینم؟');
    fireEvent.click(screen.getByRole('tab', { name: 'سایر پرسش‌ها' }));
    expect(await screen.findByRole('button', { name: 'چطور با شما تماس بگیرم؟' })).toBeTruthy();
    expect(screen.queryByText('پس از خرید، دوره را چطور ببینم؟')).toBeNull();
    expect(currentLocation()).toBe('/frequently-asked-questions?tab=other');
    expect(api.seen.map((r) => r.url.searchParams.get('type'))).toEqual(['product-related-question', 'question']);

    fireEvent.click(screen.getByRole('tab', { name: 'درباره دوره‌ها' }));
    await waitFor(() => expect(currentLocation()).toBe('/frequently-asked-questions'));
    expect(screen.getByText('پس از خرید، دوره را چطور ببینم؟')).toBeTruthy();
  });

  it('says so when a tab has no questions yet', async () => {
    links.splice(2);
    renderPage(<FaqPage />, { url: '/frequently-asked-questions?tab=other' });
    expect(await screen.findByText('هنوز پرسشی در این بخش ثبت نشده است.')).toBeTruthy();
  });
});
