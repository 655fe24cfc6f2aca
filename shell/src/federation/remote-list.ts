import { REMOTE_NAMES, type RemoteManifestEntry, type RemoteName } from '@shop/contracts';

/**
 * Reads the run-time remote list that the serving process inlines into `index.html`
 * (`<script id="remote-list" type="application/json">`), so the shell learns at run time
 * which remotes exist and where their `mf-manifest.json` lives (DESIGN.md).
 * Unknown names and malformed entries are dropped.
 */
export function readRemoteList(doc: Document = document): Map<RemoteName, string> {
  const list = new Map<RemoteName, string>();
  try {
    const raw: unknown = JSON.parse(doc.getElementById('remote-list')?.textContent ?? '[]');
    for (const item of Array.isArray(raw) ? (raw as Partial<RemoteManifestEntry>[]) : []) {
      if (item && REMOTE_NAMES.includes(item.name as RemoteName) && typeof item.entry === 'string') {
        list.set(item.name as RemoteName, item.entry);
      }
    }
  } catch {
    // An unreadable list means no remotes: every remote area shows its fallback.
  }
  return list;
}
