/**
 * A buyer's media playlist (issue 38 item 3): the rendition's own playlist with each segment URI
 * pointing at version A (the file as it is) or B (the same name in the rendition's `b/` folder, made
 * by variants.ts) as the buyer's code word says. URIs stay relative, so the route's signed query
 * (lib/add-playlist-query.ts) is added after, to A and B alike: `seg00003.ts` → `b/seg00003.ts`
 * → `b/seg00003.ts?expires=…&signature=…`.
 */
import { variantOf, type ForensicKey, type Variant } from './codeword';

/** The folder of a rendition that holds its B segments, relative to its media playlist. */
export const B_FOLDER = 'b';

/** A segment URI this module can point at B: relative, no query, fragment or parent folder. */
const PLAIN_RELATIVE = /^(?![a-z][a-z0-9+.-]*:)(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^?#\s"]+$/i;

/** `uri` of version `variant`: as it is for A, its file in {@link B_FOLDER} beside it for B. */
export function variantUri(uri: string, variant: Variant): string {
  if (variant === 'a') return uri;
  const slash = uri.lastIndexOf('/');
  return `${uri.slice(0, slash + 1)}${B_FOLDER}/${uri.slice(slash + 1)}`;
}

/**
 * `playlist` (a media playlist's text, RFC 8216) with its n-th segment URI (a URI line after an
 * `#EXTINF`, n counted from 0 in the order they appear, which is the segment index of
 * {@link variantOf}) pointing at the version `choose(n)` answers. Other URI lines (a master
 * playlist's variants), tags, blank lines and line endings are kept.
 * @throws Error when a segment URI is absolute, has a query or climbs folders (the lesson's own
 * playlists never do: such a URI could not be pointed at B, and serving it plain would drop the mark)
 */
export function rewritePlaylist(playlist: string, choose: (segmentIndex: number) => Variant): string {
  let index = 0;
  let segment = false;
  return playlist
    .split('\n')
    .map((line) => {
      const text = line.trim();
      if (text.startsWith('#EXTINF')) segment = true;
      if (text === '' || text.startsWith('#')) return line;
      // A URI line is a segment when an #EXTINF came before it (a master playlist's variants are not).
      if (!segment) return line;
      segment = false;
      if (!PLAIN_RELATIVE.test(text)) throw new Error(`segment URI ${JSON.stringify(text)} cannot carry the forensic watermark`);
      const uri = variantUri(text, choose(index));
      index += 1;
      return line.replace(text, () => uri);
    })
    .join('\n');
}

/**
 * The media playlist `playlist` as served to `userId`: each segment A or B by {@link variantOf}
 * under `key` (the lesson's {@link ForensicKey}). Pure; compose it with the route's signed query
 * as `addPlaylistQuery(watermarkPlaylist(text, key, user.id), query)`. A master playlist (no
 * segment lines) comes back unchanged.
 * @throws Error as {@link rewritePlaylist}
 */
export function watermarkPlaylist(playlist: string, key: ForensicKey, userId: number | string): string {
  return rewritePlaylist(playlist, (segmentIndex) => variantOf(key, userId, segmentIndex));
}

/** A segment of a marked rendition as the lesson's HLS folder names it: `<rendition>/[b/]segNNNNN.ts`. */
const SEGMENT_FILE = /^([a-z0-9_-]+)\/(?:(b)\/)?seg(\d+)\.ts$/i;

/**
 * Whether `userId` may fetch `file`, a path in the lesson's HLS folder (`360p/seg00003.ts`,
 * `360p/b/seg00003.ts`): a segment of a marked rendition only in the version their playlist names
 * (else a buyer could fetch both and leak a copy that names nobody); anything else (playlists, the
 * sound-only rendition, a rendition without B) as before. The segment index is the file's number,
 * as lessons' `transcodeToHls` names them (`seg%05d.ts` in playlist order). Pure; one HMAC.
 * @param marked the renditions that have B segments (`VariantsMade.renditions`)
 */
export function mayFetchSegment(file: string, key: ForensicKey, userId: number | string, marked: ReadonlyArray<string>): boolean {
  const match = SEGMENT_FILE.exec(file);
  if (!match || !marked.includes(match[1]!)) return true;
  const asked: Variant = match[2] ? 'b' : 'a';
  return variantOf(key, userId, Number(match[3])) === asked;
}

/**
 * The segment URIs of a media playlist (its URI lines), in order, trimmed; for a lesson's own
 * playlists these are the segments, whose index {@link variantOf} counts.
 */
export function segmentUris(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The segment durations of a media playlist, seconds, in order (its `#EXTINF` values).
 * @throws Error when a segment line has no `#EXTINF` before it
 */
export function segmentDurations(playlist: string): number[] {
  const durations: number[] = [];
  let pending: number | null = null;
  for (const line of playlist.split('\n')) {
    const text = line.trim();
    const extinf = /^#EXTINF:\s*([0-9.]+)/.exec(text);
    if (extinf) pending = Number(extinf[1]);
    else if (text !== '' && !text.startsWith('#')) {
      if (pending === null) throw new Error(`segment ${JSON.stringify(text)} has no #EXTINF`);
      durations.push(pending);
      pending = null;
    }
  }
  return durations;
}
