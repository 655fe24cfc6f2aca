/**
 * HLS playlists served behind a signed query (issue 24): every URI a playlist names (variant
 * playlists and segments on their own lines, and the `URI="…"` attribute of `EXT-X-MEDIA`,
 * `EXT-X-KEY`, `EXT-X-MAP`, `EXT-X-I-FRAME-STREAM-INF` and the like, RFC 8216 §4.3) gets the same
 * query, so a player follows them without signing anything itself.
 */

/** A URI relative to the playlist: no scheme, no leading `/`, no query or fragment of its own. */
const RELATIVE_URI = /^(?![a-z][a-z0-9+.-]*:)(?!\/)[^?#\s"]+$/i;
/** The `URI="…"` attribute of a tag line. */
const URI_ATTRIBUTE = /(\bURI=")([^"]*)(")/g;

/**
 * `playlist` with `?<query>` appended to every relative URI it names. Absolute URIs and URIs that
 * carry a query already are left as they are (the query signs files of this lesson only).
 *
 * @example addPlaylistQuery('#EXTM3U\n#EXTINF:1,\nseg_000.ts\n', 'expires=1&signature=x')
 *   // '#EXTM3U\n#EXTINF:1,\nseg_000.ts?expires=1&signature=x\n'
 * @param query without the leading `?`
 */
export function addPlaylistQuery(playlist: string, query: string): string {
  const signed = (uri: string) => (RELATIVE_URI.test(uri) ? `${uri}?${query}` : uri);
  return playlist
    .split('\n')
    .map((line) => {
      const text = line.trim();
      if (text.startsWith('#')) return line.replace(URI_ATTRIBUTE, (_, open: string, uri: string, close: string) => open + signed(uri) + close);
      return text === '' ? line : line.replace(text, () => signed(text));
    })
    .join('\n');
}
