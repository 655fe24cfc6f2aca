import { remoteBuildOf, shellBuildOf, shellBuildOfHtml } from './build-identity';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS, claimAutomaticReload } from './reload-guard';
import { findChangedBuilds, type FetchText, type RunningBuilds } from './version-check';

const ORIGIN = 'http://127.0.0.1:25410';

/** The shell's index.html as the build writes it: inline scripts, the remote list, and the hashed entry. */
const indexHtml = (entry: string) => `<!doctype html><html lang="fa"><head>
  <script>(function () { document.documentElement.className = 'dark'; })();</script>
  <script id="remote-list" type="application/json">[{"name":"content","entry":"/remotes/content/mf-manifest.json"}]</script>
  <script defer="defer" src="${entry}"></script>
</head><body><div id="root"></div></body></html>`;

/** A remote's mf-manifest.json, trimmed to what the check reads. */
const manifest = (exposed: string[], shared: string[] = ['41.96f4ba4f.js']) =>
  JSON.stringify({
    id: 'content',
    name: 'content',
    metaData: { remoteEntry: { name: 'remoteEntry.js' }, buildInfo: { buildVersion: '1.0.0' } },
    shared: [{ name: 'react', assets: { js: { sync: shared, async: [] }, css: { sync: [], async: [] } } }],
    exposes: [{ name: 'module', assets: { js: { sync: ['__federation_expose_module.4b067a01.js'], async: exposed }, css: { sync: [], async: [] } } }],
  });

describe('build identity', () => {
  it('is the content-hashed entry a shell page loads, whether read from the running page or a fetched index.html', () => {
    const page = document.implementation.createHTMLDocument('');
    page.head.innerHTML = indexHtml('/main.1a2b3c4d.js');
    // What runs later does not count: webpack's chunks, a remote's entry loaded once the page is up
    // are added after start-up; another origin's script (a browser extension) never counts.
    const chunk = page.createElement('script');
    chunk.src = '/123.abcdef12.js';
    chunk.setAttribute('data-webpack', 'shell:chunk-123');
    const extension = page.createElement('script');
    extension.src = 'chrome-extension://abc/inject.js';
    page.head.append(chunk, extension);
    expect(shellBuildOf(page, ORIGIN)).toBe('/main.1a2b3c4d.js');
    expect(shellBuildOfHtml(indexHtml('/main.1a2b3c4d.js'), ORIGIN)).toBe('/main.1a2b3c4d.js');
    expect(shellBuildOfHtml(indexHtml('/main.99999999.js'), ORIGIN)).toBe('/main.99999999.js');
    expect(shellBuildOfHtml('<p>سرویس در دسترس نیست</p>', ORIGIN)).toBeNull();
  });

  it("is the set of a remote's hashed files, whatever their order, and nothing for what is not a manifest", () => {
    const built = remoteBuildOf(manifest(['503.9591df9f.js', '163.acdda5f4.js']));
    expect(built).toBe('163.acdda5f4.js 41.96f4ba4f.js 503.9591df9f.js __federation_expose_module.4b067a01.js');
    expect(remoteBuildOf(manifest(['163.acdda5f4.js', '503.9591df9f.js']))).toBe(built);
    expect(remoteBuildOf(manifest(['503.00000000.js', '163.acdda5f4.js']))).not.toBe(built);
    expect(remoteBuildOf('{"message":"یافت نشد"}')).toBeNull();
    expect(remoteBuildOf('<html>')).toBeNull();
  });
});

describe('findChangedBuilds', () => {
  const running = (): RunningBuilds => ({
    shell: '/main.1a2b3c4d.js',
    remotes: new Map([['/remotes/content/mf-manifest.json', remoteBuildOf(manifest(['503.9591df9f.js']))!]]),
  });
  /** Serves the given files and records what was asked, as the server would with `no-cache`. */
  const serving = (files: Record<string, string | null>) => {
    const asked: string[] = [];
    const fetchText: FetchText = async (url) => {
      asked.push(url);
      return files[url] ?? null;
    };
    return { asked, fetchText };
  };

  it('finds nothing while the server serves the builds this page runs', async () => {
    const { asked, fetchText } = serving({ '/index.html': indexHtml('/main.1a2b3c4d.js'), '/remotes/content/mf-manifest.json': manifest(['503.9591df9f.js']) });
    expect(await findChangedBuilds(fetchText, running())).toEqual([]);
    expect(asked.sort()).toEqual(['/index.html', '/remotes/content/mf-manifest.json']);
  });

  it('finds a redeployed remote', async () => {
    const { fetchText } = serving({ '/index.html': indexHtml('/main.1a2b3c4d.js'), '/remotes/content/mf-manifest.json': manifest(['503.77777777.js']) });
    expect(await findChangedBuilds(fetchText, running())).toEqual(['/remotes/content/mf-manifest.json']);
  });

  it('finds a redeployed shell', async () => {
    const { fetchText } = serving({ '/index.html': indexHtml('/main.feedbeef.js'), '/remotes/content/mf-manifest.json': manifest(['503.9591df9f.js']) });
    expect(await findChangedBuilds(fetchText, running())).toEqual(['shell']);
  });

  it('counts what cannot be fetched or read as unchanged (offline, a deploy half-way)', async () => {
    expect(await findChangedBuilds(serving({}).fetchText, running())).toEqual([]);
    const { fetchText } = serving({ '/index.html': '<p>503</p>', '/remotes/content/mf-manifest.json': '{"message":"یافت نشد"}' });
    expect(await findChangedBuilds(fetchText, running())).toEqual([]);
  });

  it('checks only the remotes this page loaded', async () => {
    const { asked, fetchText } = serving({ '/index.html': indexHtml('/main.1a2b3c4d.js') });
    expect(await findChangedBuilds(fetchText, { shell: '/main.1a2b3c4d.js', remotes: new Map() })).toEqual([]);
    expect(asked).toEqual(['/index.html']);
  });
});

describe('claimAutomaticReload (SPEC §9: one automatic reload in 10 s)', () => {
  beforeEach(() => sessionStorage.clear());

  it('allows the first automatic reload and remembers it in the tab', () => {
    expect(claimAutomaticReload(undefined, 1_000_000)).toBe(true);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBe('1000000');
  });

  it('blocks a second one inside 10 s, and allows it after', () => {
    expect(claimAutomaticReload(undefined, 1_000_000)).toBe(true);
    expect(claimAutomaticReload(undefined, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimAutomaticReload(undefined, 1_000_000 + 1)).toBe(false);
    expect(claimAutomaticReload(undefined, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(claimAutomaticReload(undefined, 1_000_000 + RELOAD_GUARD_MS + 500)).toBe(false);
  });

  it('never reloads by itself when the tab cannot remember', () => {
    const broken = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(claimAutomaticReload(broken, 1_000_000)).toBe(false);
  });
});
