/**
 * The forensic watermark's code words and playlists (issue 38 item 3): a pure function of the app
 * key, the lesson, the user and the segment; fair and independent bits; a buyer's playlist that
 * names A or B per segment with relative URIs that the route's signed query and file pattern accept.
 */
import { addPlaylistQuery } from '../../../src/lib/add-playlist-query';
import { codeSigns, forensicKey, mayFetchSegment, segmentDurations, variantOf, watermarkPlaylist } from '../../../src/modules/forensics';

const KEY = forensicKey('0123456789abcdef'.repeat(4), 12);

/** A media playlist as lessons' transcodeToHls writes it (5 segments, the last shorter). */
const MEDIA = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-TARGETDURATION:6',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  ...[0, 1, 2, 3].flatMap((i) => ['#EXTINF:6.000000,', `seg0000${i}.ts`]),
  '#EXTINF:2.400000,',
  'seg00004.ts',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

/** The route's file pattern (routes/commerce/lesson-media.ts): B's files must pass it. */
const HLS_FILE = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+){0,3}\.(m3u8|ts|m4s|mp4|aac|vtt)$/i;

describe('forensic code words', () => {
  it('are a pure function of the key, the user and the segment', () => {
    const again = forensicKey('0123456789abcdef'.repeat(4), 12);
    for (let k = 0; k < 600; k += 37) expect(variantOf(again, 77, k)).toBe(variantOf(KEY, 77, k));
    const signs = codeSigns(KEY, 77, 250, 20);
    signs.forEach((sign, i) => expect(sign).toBe(variantOf(KEY, 77, 250 + i) === 'b' ? 1 : -1));
  });

  it('differ between users, lessons and app keys, and are balanced', () => {
    const bits = (key: typeof KEY, user: number) => Array.from(codeSigns(key, user, 0, 2000));
    const agreement = (x: number[], y: number[]) => x.filter((v, i) => v === y[i]).length / x.length;
    const base = bits(KEY, 1);
    expect(agreement(base, bits(KEY, 2))).toBeGreaterThan(0.45);
    expect(agreement(base, bits(KEY, 2))).toBeLessThan(0.55);
    expect(agreement(base, bits(forensicKey('0123456789abcdef'.repeat(4), 13), 1))).toBeLessThan(0.55);
    expect(agreement(base, bits(forensicKey('another key', 12), 1))).toBeLessThan(0.55);
    const bs = base.filter((v) => v === 1).length;
    expect(bs).toBeGreaterThan(900);
    expect(bs).toBeLessThan(1100);
  });

  it('refuses a missing app key and a bad segment index', () => {
    expect(() => forensicKey('', 1)).toThrow();
    expect(() => variantOf(KEY, 1, -1)).toThrow(RangeError);
    expect(() => variantOf(KEY, 1, 1.5)).toThrow(RangeError);
  });
});

describe('watermarkPlaylist', () => {
  it("points each segment at A or B as the buyer's code word says, and keeps the rest", () => {
    const out = watermarkPlaylist(MEDIA, KEY, 4242);
    const uris = out.split('\n').filter((line) => line.endsWith('.ts'));
    uris.forEach((uri, k) => expect(uri).toBe(variantOf(KEY, 4242, k) === 'b' ? `b/seg0000${k}.ts` : `seg0000${k}.ts`));
    expect(out.split('\n').filter((line) => line.startsWith('#'))).toEqual(MEDIA.split('\n').filter((line) => line.startsWith('#')));
    expect(segmentDurations(out)).toEqual([6, 6, 6, 6, 2.4]);
  });

  it('composes with the signed query, and the route accepts every file it names', () => {
    const signed = addPlaylistQuery(watermarkPlaylist(MEDIA, KEY, 4242), 'expires=1&signature=x');
    const uris = signed.split('\n').filter((line) => line.includes('.ts'));
    expect(uris).toHaveLength(5);
    for (const uri of uris) {
      expect(uri).toMatch(/\.ts\?expires=1&signature=x$/);
      expect(`360p/${uri.split('?')[0]}`).toMatch(HLS_FILE);
    }
  });

  it('leaves a master playlist as it is, and refuses a segment URI it cannot mark', () => {
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n';
    expect(watermarkPlaylist(master, KEY, 1)).toBe(master);
    expect(() => watermarkPlaylist('#EXTINF:6,\nhttps://cdn.example.com/seg.ts\n', KEY, 1)).toThrow();
    expect(() => watermarkPlaylist('#EXTINF:6,\n../seg.ts\n', KEY, 1)).toThrow();
    expect(() => watermarkPlaylist('#EXTINF:6,\nseg.ts?x=1\n', KEY, 1)).toThrow();
  });
});

describe('mayFetchSegment', () => {
  it('lets a buyer fetch only the version of each segment their playlist names', () => {
    const named = watermarkPlaylist(MEDIA, KEY, 4242)
      .split('\n')
      .filter((line) => line.endsWith('.ts'));
    named.forEach((uri) => {
      const other = uri.startsWith('b/') ? uri.slice(2) : `b/${uri}`;
      expect(mayFetchSegment(`360p/${uri}`, KEY, 4242, ['360p', '720p'])).toBe(true);
      expect(mayFetchSegment(`360p/${other}`, KEY, 4242, ['360p', '720p'])).toBe(false);
      expect(mayFetchSegment(`720p/${other}`, KEY, 4242, ['360p', '720p'])).toBe(false);
    });
  });

  it('leaves playlists, the sound-only rendition and unmarked renditions alone', () => {
    for (const file of ['master.m3u8', '360p/index.m3u8', 'audio/seg00003.ts', '1080p/seg00003.ts', 'subtitles.vtt']) {
      expect(mayFetchSegment(file, KEY, 1, ['360p', '720p'])).toBe(true);
    }
  });
});
