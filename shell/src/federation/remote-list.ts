import { REMOTE_NAMES, type RemoteManifestEntry, type RemoteName } from '@shop/contracts';

/**
 * Reads the run-time remote list that the serving process inlines into `index.html`
 * (`<script id="remote-list" type="application/json">`), so the shell learns at run time
 * which remotes exist and where their `mf-manifest.json` lives (DESIGN.md).
 * Unknown names and malformed entries are dropped.
 */
export function readRemoteList(doc: Document = document): Map<RemoteName, string> {
  try {
    return toRemoteList(JSON.parse(doc.getElementById('remote-list')?.textContent ?? '[]'));
  } catch {
    // An unreadable list means no remotes: every remote area shows its fallback.
    return new Map();
  }
}

/** The valid entries of a parsed remote list (the server renderer's comes from the server). */
export function toRemoteList(raw: unknown): Map<RemoteName, string> {
  const list = new Map<RemoteName, string>();
  for (const item of Array.isArray(raw) ? (raw as Partial<RemoteManifestEntry>[]) : []) {
    if (item && REMOTE_NAMES.includes(item.name as RemoteName) && typeof item.entry === 'string') {
      list.set(item.name as RemoteName, item.entry);
    }
  }
  return list;
}
