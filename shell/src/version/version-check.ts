import { remoteBuildOf, shellBuildOf, shellBuildOfHtml } from './build-identity';

/** Where the shell's page is refetched to see which build the server now serves. */
export const SHELL_INDEX_URL = '/index.html';

/** The builds this page runs: the shell's, and each loaded remote's by the URL of its manifest. */
export interface RunningBuilds {
  shell: string | null;
  remotes: Map<string, string>;
}

const running: RunningBuilds = { shell: null, remotes: new Map() };

/**
 * Remembers the shell build this page runs. Called once at start-up (`index.tsx`), before any
 * remote adds its scripts to the document.
 */
export function recordShellBuild(doc: Document = document): void {
  running.shell = shellBuildOf(doc);
}

/**
 * Remembers the build of a remote the page loads, from the manifest the federation runtime fetched
 * (the shell's runtime plugin calls this); a text that is not a manifest is ignored.
 * @param manifestUrl the URL the manifest was fetched from; the checks refetch it
 */
export function recordRemoteBuild(manifestUrl: string, manifestText: string): void {
  const build = remoteBuildOf(manifestText);
  if (build) running.remotes.set(manifestUrl, build);
}

/** Fetches a text, or null when it cannot (offline, 4xx/5xx). */
export type FetchText = (url: string) => Promise<string | null>;

/** {@link FetchText} that revalidates with the server (`no-cache`), as the files checked are served. */
export const fetchNoCache: FetchText = async (url) => {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
};

/**
 * Which running builds the server now serves another build of (issue 8 "Version check"): `shell`
 * and/or the manifest URLs of loaded remotes, refetched in parallel. A file that cannot be fetched
 * or read counts as unchanged, so being offline or a deploy half-way never asks for a reload.
 * @param fetchText how files are fetched (tests pass their own)
 * @param builds what this page runs; the recorded ones by default
 * @returns the changed builds; empty when everything is current
 */
export async function findChangedBuilds(fetchText: FetchText = fetchNoCache, builds: RunningBuilds = running): Promise<string[]> {
  const checks = [
    ...(builds.shell ? [{ name: 'shell', url: SHELL_INDEX_URL, build: builds.shell, read: (text: string) => shellBuildOfHtml(text) }] : []),
    ...[...builds.remotes].map(([url, build]) => ({ name: url, url, build, read: remoteBuildOf })),
  ];
  const changed = await Promise.all(
    checks.map(async ({ name, url, build, read }) => {
      const text = await fetchText(url);
      const served = text === null ? null : read(text);
      return served !== null && served !== build ? name : null;
    }),
  );
  return changed.filter((name): name is string => name !== null);
}
