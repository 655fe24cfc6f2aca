/**
 * Which versions a page gets and who renders it (issue 35 items 2, 3): a visitor's bucket against a
 * canary's share, and the isolated renderers of the sets other than the active one, at most
 * RENDER_WORKERS at once, the least recently used out, each stopped once idle, the ones a new canary
 * needs started before its first visitor.
 */
import type { LiveVersions } from '../../../src/modules/releases';
import type { PageRenderer } from '../../../src/plugins/app/page-renderer';
import { isolatedRenderers, releasesKey, releasesOfBucket, RENDER_WORKERS, type ActiveReleases } from '../../../src/plugins/app/page-releases';

const live = (content: Partial<LiveVersions['content']>, commerce: Partial<LiveVersions['commerce']> = {}): LiveVersions => ({
  content: { active: null, canary: null, ...content },
  commerce: { active: null, canary: null, ...commerce },
  'users-permissions': { active: null, canary: null },
  support: { active: null, canary: null },
});

/** Renderers that say which set they render and whether they were stopped. */
function madeRenderers() {
  const made: Array<{ key: string; closed: boolean }> = [];
  const create = (releases: ActiveReleases): PageRenderer => {
    const record = { key: releasesKey(releases), closed: false };
    made.push(record);
    return {
      render: async () => null,
      builds: async () => record.key,
      close: async () => {
        record.closed = true;
      },
    };
  };
  return { made, create };
}

describe('the releases of a page', () => {
  it("gives a bucket below a canary's share the canary, the others the active release, remote by remote", () => {
    const versions = live({ active: '1.0.0+aaaaaaa', canary: { version: '1.1.0+bbbbbbb', share: 10 } }, { canary: { version: '2.0.0+ccccccc', share: 50 } });
    expect(releasesOfBucket(versions, 0)).toEqual({ content: '1.1.0+bbbbbbb', commerce: '2.0.0+ccccccc', 'users-permissions': null, support: null });
    expect(releasesOfBucket(versions, 9).content).toBe('1.1.0+bbbbbbb');
    expect(releasesOfBucket(versions, 10)).toEqual({ content: '1.0.0+aaaaaaa', commerce: '2.0.0+ccccccc', 'users-permissions': null, support: null });
    expect(releasesOfBucket(versions, 50)).toEqual({ content: '1.0.0+aaaaaaa', commerce: null, 'users-permissions': null, support: null });
  });
});

describe('the isolated renderers', () => {
  const active: ActiveReleases = { content: null, commerce: null };
  const set = (content: string): ActiveReleases => ({ content, commerce: null });

  it('keeps one renderer per set, at most RENDER_WORKERS, and stops the least recently used', async () => {
    const { made, create } = madeRenderers();
    const pool = isolatedRenderers(create, () => active);
    const first = pool.of(set('1.0.0+aaaaaaa'));
    expect(pool.of(set('1.0.0+aaaaaaa'))).toBe(first);
    pool.of(set('1.1.0+bbbbbbb'));
    // The first is used again, so the second is the least recently used when a third comes.
    pool.of(set('1.0.0+aaaaaaa'));
    pool.of(set('1.2.0+ccccccc'));
    expect(RENDER_WORKERS).toBe(2);
    expect(made.map(({ key, closed }) => [JSON.parse(key).content, closed])).toEqual([
      ['1.0.0+aaaaaaa', false],
      ['1.1.0+bbbbbbb', true],
      ['1.2.0+ccccccc', false],
    ]);
    await pool.close();
    expect(made.every(({ closed }) => closed)).toBe(true);
  });

  it('stops a renderer no page has used for the idle time', async () => {
    const { made, create } = madeRenderers();
    const pool = isolatedRenderers(create, () => active, { idleMs: 100 });
    const idle = pool.of(set('1.0.0+aaaaaaa'));
    for (const deadline = Date.now() + 5_000; !made[0]!.closed && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made[0]!.closed).toBe(true);
    // Its set's next page gets a new renderer, which runs.
    const next = pool.of(set('1.0.0+aaaaaaa'));
    expect(next).not.toBe(idle);
    expect(made.map(({ closed }) => closed)).toEqual([true, false]);
    await pool.close();
  });

  it("starts the renderers of a new canary's sets, never one of the active set", async () => {
    const { made, create } = madeRenderers();
    const versions = live({ active: '1.0.0+aaaaaaa', canary: { version: '1.1.0+bbbbbbb', share: 10 } }, { canary: { version: '2.0.0+ccccccc', share: 50 } });
    const pool = isolatedRenderers(create, () => releasesOfBucket(versions, 99));
    pool.prewarm(versions);
    // Buckets 0-9 get both canaries, 10-49 the commerce one: two sets; 50-99 are the active set.
    expect(made.map(({ key }) => JSON.parse(key))).toEqual([
      { content: '1.1.0+bbbbbbb', commerce: '2.0.0+ccccccc', 'users-permissions': null, support: null },
      { content: '1.0.0+aaaaaaa', commerce: '2.0.0+ccccccc', 'users-permissions': null, support: null },
    ]);
    pool.prewarm(live({ active: '1.0.0+aaaaaaa' }));
    expect(made).toHaveLength(2);
    await pool.close();
  });
});
