import { renderToString } from 'react-dom/server';
import { render, screen, waitFor } from '@testing-library/react';
import { AppThemeProvider, COLOR_MODE_STORAGE_KEY } from '@shop/ui-kit';
import { ThemeSwitch } from './theme-switch';

describe('ThemeSwitch', () => {
  afterEach(() => localStorage.clear());

  it('presses no mode in the server-rendered HTML, which cannot know the visitor\'s stored mode (issue 32 item 8)', () => {
    const html = renderToString(
      <AppThemeProvider>
        <ThemeSwitch />
      </AppThemeProvider>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    const group = page.querySelector('[aria-label="پوسته"]')!;
    expect(group.querySelectorAll('button')).toHaveLength(3);
    expect(group.querySelectorAll('[aria-pressed="true"]')).toHaveLength(0);
    expect(page.querySelector('button[aria-label="پوسته"]')).not.toBeNull();
  });

  it('presses the stored mode once in the browser', async () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    render(
      <AppThemeProvider>
        <ThemeSwitch />
      </AppThemeProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'روشن' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'تیره' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'پوسته: روشن' })).toBeTruthy();
  });
});
