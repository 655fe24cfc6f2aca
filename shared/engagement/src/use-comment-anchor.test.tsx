/** @jest-environment-options {"url": "http://127.0.0.1:25123"} */
import { useEffect, useState } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from '@shop/router';
import { COMMENT_ANCHOR_WAIT_MS, useCommentAnchor } from './use-comment-anchor';

/** A page whose comment appears `delay` ms after it mounts (as when the tree is fetched). */
function Page({ delay }: { delay: number | null }) {
  useCommentAnchor();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (delay === null) return undefined;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return shown ? <article id="comment-42">دیدگاه</article> : <p>در حال بارگذاری</p>;
}

const scrolledInto: Array<{ id: string; options: unknown }> = [];
const scrolledTo: unknown[] = [];
beforeAll(() => {
  // jsdom lays nothing out, so it has no scrolling: record what would scroll instead.
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element, options?: unknown) {
    scrolledInto.push({ id: this.id, options });
  };
  window.scrollTo = ((options: unknown) => void scrolledTo.push(options)) as typeof window.scrollTo;
});
beforeEach(() => {
  scrolledInto.splice(0);
  scrolledTo.splice(0);
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const renderAt = (url: string, delay: number | null) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Page delay={delay} />
    </MemoryRouter>,
  );

describe('useCommentAnchor', () => {
  it('scrolls smoothly to a comment that appears after a delay', async () => {
    renderAt('/posts/3#comment-42', 700);
    expect(scrolledInto).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(700);
    });
    expect(scrolledInto).toEqual([{ id: 'comment-42', options: { behavior: 'smooth', block: 'start' } }]);
    await act(async () => {
      jest.advanceTimersByTime(COMMENT_ANCHOR_WAIT_MS);
    });
    expect(scrolledTo).toEqual([]);
  });

  it('falls back to the top of the app when the comment is not there after 2 s', async () => {
    renderAt('/posts/3#comment-42', null);
    await act(async () => {
      jest.advanceTimersByTime(1999);
    });
    expect(scrolledTo).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(scrolledTo).toEqual([{ top: 0, behavior: 'smooth' }]);
    expect(scrolledInto).toEqual([]);
  });

  it('still scrolls to a comment that appears just before the 2 s are up', async () => {
    renderAt('/posts/3#comment-42', COMMENT_ANCHOR_WAIT_MS - 50);
    await act(async () => {
      jest.advanceTimersByTime(COMMENT_ANCHOR_WAIT_MS - 50);
    });
    await act(async () => {
      jest.advanceTimersByTime(100);
    });
    expect(scrolledInto.map((s) => s.id)).toEqual(['comment-42']);
    expect(scrolledTo).toEqual([]);
  });

  it('ignores other hashes such as the profile tabs', async () => {
    renderAt('/profile#home', 0);
    renderAt('/posts/3#comment-abc', 0);
    await act(async () => {
      jest.advanceTimersByTime(COMMENT_ANCHOR_WAIT_MS * 2);
    });
    expect(scrolledInto).toEqual([]);
    expect(scrolledTo).toEqual([]);
  });
});
