/**
 * Each buyer's code word (issue 38 item 3): which of a lesson's two segment sets, A or B, the buyer's
 * playlist names for each segment. The choices are pseudo-random bits of HMAC-SHA256 keyed by a
 * secret derived from the app key and the lesson, so they cannot be guessed without the app key,
 * differ from lesson to lesson, and are independent between accounts: an innocent account's bits
 * are fair coin flips against any copy, which is what the naming threshold of score.ts rests on.
 */
import { createHmac } from 'node:crypto';

/** One of a segment's two versions: `a` the plain rendition, `b` the one with the invisible pattern. */
export type Variant = 'a' | 'b';

/** Bits of one HMAC-SHA256 output: one HMAC serves this many consecutive segments. */
const BITS_PER_BLOCK = 256;

/** Version of the derivation, so a change of scheme never reads old copies with new bits. */
const KEY_LABEL = 'forensic-watermark/v1';

/** The secret of one lesson's code words (derived from the app key; never stored or sent). */
export interface ForensicKey {
  readonly lessonId: number;
  readonly secret: Buffer;
}

/**
 * The code-word key of lesson `lessonId` (a product session's id) from the server's secret
 * (`app.settings.appKey`). Deterministic: the playlist and the identification derive the same key.
 * @throws Error when `appKey` is empty
 */
export function forensicKey(appKey: string, lessonId: number): ForensicKey {
  if (!appKey) throw new Error('forensicKey needs the app key');
  return { lessonId, secret: createHmac('sha256', appKey).update(`${KEY_LABEL}:${lessonId}`).digest() };
}

/** The HMAC block of `userId` holding the bits of segments `block * 256` … `block * 256 + 255`. */
function blockOf(key: ForensicKey, userId: number | string, block: number): Buffer {
  return createHmac('sha256', key.secret).update(`${userId}:${block}`).digest();
}

/**
 * Which version of segment `segmentIndex` (0-based position in the rendition's media playlist) the
 * playlist of `userId` names: a pure function of the key, the user and the index.
 * @throws RangeError for a negative or fractional index
 */
export function variantOf(key: ForensicKey, userId: number | string, segmentIndex: number): Variant {
  if (!Number.isInteger(segmentIndex) || segmentIndex < 0) throw new RangeError(`segment index ${segmentIndex}`);
  const bits = blockOf(key, userId, Math.floor(segmentIndex / BITS_PER_BLOCK));
  const bit = segmentIndex % BITS_PER_BLOCK;
  return (bits[bit >> 3]! >> (bit & 7)) & 1 ? 'b' : 'a';
}

/**
 * The code word of `userId` over segments `from` … `from + count - 1` as signs: +1 where the
 * playlist names B, −1 where it names A (the same bits as {@link variantOf}, one HMAC per 256
 * segments, so scoring 10 000 candidates costs about 10 000 HMACs per 256 segments).
 */
export function codeSigns(key: ForensicKey, userId: number | string, from: number, count: number): Int8Array {
  const signs = new Int8Array(count);
  let block = -1;
  let bits: Buffer | undefined;
  for (let i = 0; i < count; i += 1) {
    const index = from + i;
    const wanted = Math.floor(index / BITS_PER_BLOCK);
    if (wanted !== block) {
      block = wanted;
      bits = blockOf(key, userId, block);
    }
    const bit = index % BITS_PER_BLOCK;
    signs[i] = (bits![bit >> 3]! >> (bit & 7)) & 1 ? 1 : -1;
  }
  return signs;
}
