import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentRouter } from './document-router';
import { defineIslands, Island, IslandsProvider } from './islands';
import { MemoryRouter, useLocation, useSearchParams } from './index';

function markerOf(html: string) {
  return new DOMParser().parseFromString(html, 'text/html').body.firstElementChild as HTMLElement;
}

describe('Island', () => {
  it('on the server’s render, wraps its children in a marker naming what to hydrate and when', () => {
    const html = renderToString(
      <IslandsProvider>
        <Island target={{ owner: 'shell', part: 'theme-switch' }} hydrate="interaction">
          <p>پوسته</p>
        </Island>
      </IslandsProvider>,
    );
    const marker = markerOf(html);
    expect(JSON.parse(marker.getAttribute('data-island')!)).toEqual({ owner: 'shell', part: 'theme-switch' });
    expect(marker.getAttribute('data-hydrate')).toBe('interaction');
    // No box of its own: the layout stays as it was.
    expect(marker.style.display).toBe('contents');
    expect(marker.innerHTML).toBe('<p>پوسته</p>');
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

function Likes({ id, count }: { id: number; count: number }) {
  return (
    <button type="button">
      {id}: {count}
    </button>
  );
}

describe('defineIslands', () => {
  const { components, marked } = defineIslands('content', { Likes });
  function Sessions() {
    return (
      <section>
        <marked.Likes id={1} count={0} />
      </section>
    );
  }
  const outer = defineIslands('commerce', { Sessions }, { Sessions: 'signed-in' });

  it('marks each island with its remote, name and JSON props, rendering it exactly as the browser will', () => {
    expect(components).toEqual({ Likes });
    const html = renderToString(
      <IslandsProvider>
        <marked.Likes id={3} count={12} />
      </IslandsProvider>,
    );
    const marker = markerOf(html);
    expect(JSON.parse(marker.getAttribute('data-island')!)).toEqual({ owner: 'content', island: 'Likes', props: { id: 3, count: 12 } });
    expect(marker.getAttribute('data-hydrate')).toBe('interaction');
    expect(marker.innerHTML).toBe(renderToString(<Likes id={3} count={12} />));
  });

  it('takes the hydration each island asks for, and marks an island inside another not at all', () => {
    const html = renderToString(
      <IslandsProvider>
        <outer.marked.Sessions />
      </IslandsProvider>,
    );
    const marker = markerOf(html);
    expect(marker.getAttribute('data-hydrate')).toBe('signed-in');
    // The browser hydrates the outer island with its children as they render alone.
    expect(marker.querySelectorAll('[data-island]')).toHaveLength(0);
  });

  it('in the client-rendered app, renders the components alone', () => {
    expect(renderToString(<marked.Likes id={2} count={5} />)).toBe(renderToString(<Likes id={2} count={5} />));
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

  it('hydrates as the server rendered, without the hash, then gives the island the hash (issue 22 item 4)', async () => {
    function Anchored() {
      const { hash } = useLocation();
      return <article id="comment-7" data-highlighted={hash === '#comment-7' || undefined} />;
    }
    // The server never sees the hash: its HTML is the page without it.
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <MemoryRouter initialEntries={['/posts/3']}>
        <Anchored />
      </MemoryRouter>,
    );
    document.body.append(container);
    window.history.replaceState(null, '', '/posts/3#comment-7');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(
        container,
        <DocumentRouter>
          <Anchored />
        </DocumentRouter>,
      );
    });
    // React does not patch an attribute that differs from the server's HTML; a matching first render needs no patch.
    await waitFor(() => expect(container.querySelector('#comment-7')!.getAttribute('data-highlighted')).toBe('true'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });
});
