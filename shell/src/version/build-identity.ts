/**
 * What identifies a build (issue 8 "Version check"): the content-hashed file names it emits.
 * Webpack names every production file `<name>.<contenthash>.js`, so a change anywhere in an app's
 * code changes at least one name, and a rebuild of unchanged sources keeps them all. The
 * shell's `index.html` and each remote's `mf-manifest.json` are served `no-cache` and list those
 * names, so refetching them tells whether the server now has another build than the one running.
 * (A development build has no hashes: its identity never changes, so it never asks to reload.)
 */

/**
 * The shell build a document loads: the same-origin `<script src>` of its HTML (the content-hashed
 * `main.<hash>.js`), as sorted paths joined by spaces; null when there is none (not the shell's page).
 * Scripts webpack inserts later carry `data-webpack` and are left out, as are other origins' (extensions).
 * @param doc the running page (read at start-up, before any remote script is added) or a fetched `index.html`
 * @param origin the site's origin, against which relative `src`s resolve
 */
export function shellBuildOf(doc: Document, origin: string = window.location.origin): string | null {
  const paths = [...doc.querySelectorAll('script[src]:not([data-webpack])')].flatMap((script) => {
    const url = new URL(script.getAttribute('src') ?? '', origin);
    return url.origin === origin ? [url.pathname] : [];
  });
  return paths.length > 0 ? [...new Set(paths)].sort().join(' ') : null;
}

/** {@link shellBuildOf} of a fetched `index.html`. */
export function shellBuildOfHtml(html: string, origin: string = window.location.origin): string | null {
  return shellBuildOf(new DOMParser().parseFromString(html, 'text/html'), origin);
}

interface ManifestAssets {
  assets?: Partial<Record<'js' | 'css', Partial<Record<'sync' | 'async', unknown>>>>;
}

/**
 * The build a remote's `mf-manifest.json` describes: the sorted names of every file its shared
 * modules and exposed module load (sync and async, JavaScript and CSS), joined by spaces; null
 * when the text is not such a manifest (a 404 page, a deploy half-way).
 */
export function remoteBuildOf(manifestText: string): string | null {
  let manifest: { shared?: ManifestAssets[]; exposes?: ManifestAssets[] };
  try {
    manifest = JSON.parse(manifestText) as typeof manifest;
  } catch {
    return null;
  }
  if (!manifest || !Array.isArray(manifest.exposes) || manifest.exposes.length === 0) return null;
  const names = [...(manifest.shared ?? []), ...manifest.exposes].flatMap(({ assets }) =>
    (['js', 'css'] as const).flatMap((kind) =>
      (['sync', 'async'] as const).flatMap((when) => {
        const list = assets?.[kind]?.[when];
        return Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];
      }),
    ),
  );
  return names.length > 0 ? [...new Set(names)].sort().join(' ') : null;
}
