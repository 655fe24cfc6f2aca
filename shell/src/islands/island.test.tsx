import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentRouter, useLocation, useSearchParams } from '@shop/router';
import { Island, IslandsProvider } from './island';

describe('Island', () => {
  it('on the server’s render, wraps its children in a marker naming what to hydrate and when', () => {
    const html = renderToString(
      <IslandsProvider>
        <Island target={{ owner: 'content', page: '/posts' }} hydrate="interaction">
          <p>نوشته‌ها</p>
        </Island>
      </IslandsProvider>,
    );
    const marker = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild as HTMLElement;
    expect(JSON.parse(marker.getAttribute('data-island')!)).toEqual({ owner: 'content', page: '/posts' });
    expect(marker.getAttribute('data-hydrate')).toBe('interaction');
    // No box of its own: the layout stays as it was.
    expect(marker.style.display).toBe('contents');
    expect(marker.innerHTML).toBe('<p>نوشته‌ها</p>');
  });

  it('in the client-rendered app, is its children alone', () => {
    const html = renderToString(
      <Island target={{ owner: 'shell', part: 'theme-switch' }} hydrate="interaction">
        <p>پوسته</p>
      </Island>,
    );
    expect(html).toBe('<p>پوسته</p>');
  });
});

function Filter() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  return (
    <button type="button" onClick={() => setParams({ filter: 'oldest' })}>
      {pathname} {params.get('filter') ?? 'همه'}
    </button>
  );
}

describe('DocumentRouter', () => {
  it('keeps a navigation within the same path in the island, through the History API', async () => {
    window.history.replaceState(null, '', '/posts');
    render(
      <DocumentRouter>
        <Filter />
      </DocumentRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: '/posts همه' }));
    expect(window.location.search).toBe('?filter=oldest');
    expect(screen.getByRole('button').textContent).toBe('/posts oldest');
    // Back: the island follows the address bar.
    act(() => {
      window.history.back();
    });
    await screen.findByRole('button', { name: '/posts همه' });
  });
});
