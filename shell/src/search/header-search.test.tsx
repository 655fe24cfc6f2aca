import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter, useLocation } from '@shop/router';
import { HeaderSearch } from './header-search';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderBox(url = '/') {
  render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[url]}>
        <HeaderSearch />
        <Where />
      </MemoryRouter>
    </AppThemeProvider>,
  );
}

const where = () => screen.getByTestId('location').textContent;
const submitButton = () => within(screen.getByRole('search')).getByRole('button', { name: 'جست‌وجو' });
const box = () => screen.getByRole('searchbox', { name: 'جست‌وجو در سایت' });

describe('HeaderSearch', () => {
  it('is a search landmark that submits Persian text to /search?q=', async () => {
    const user = userEvent.setup();
    renderBox();
    expect(screen.getByRole('search', { name: 'جست‌وجو در سایت' })).toBeTruthy();
    await user.type(box(), '  آموزش تایپ‌اسکریپت{Enter}');
    await waitFor(() => expect(where()).toBe(`/search?${new URLSearchParams({ q: 'آموزش تایپ‌اسکریپت' })}`));
    expect(new URLSearchParams(where()!.split('?')[1]).get('q')).toBe('آموزش تایپ‌اسکریپت');
  });

  it('submits with the search button too, and ignores a blank box', async () => {
    const user = userEvent.setup();
    renderBox('/posts');
    await user.type(box(), '   ');
    await user.click(submitButton());
    expect(where()).toBe('/posts');
    await user.clear(box());
    await user.type(box(), 'ری‌اکت');
    await user.click(submitButton());
    await waitFor(() => expect(where()).toBe(`/search?${new URLSearchParams({ q: 'ری‌اکت' })}`));
  });

  it('shows the query of the results page it is on', () => {
    renderBox(`/search?${new URLSearchParams({ q: 'پادکست' })}`);
    expect((box() as HTMLInputElement).value).toBe('پادکست');
  });

  it('opens from its icon on phones and closes on Escape', async () => {
    const user = userEvent.setup();
    renderBox();
    const toggle = screen.getAllByRole('button', { name: 'جست‌وجو' }).find((button) => button.hasAttribute('aria-expanded'))!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
