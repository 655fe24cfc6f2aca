/**
 * The forensic watermark end to end (issue 38 item 3 and "How it is tested"): a lesson with motion,
 * texture and sound is transcoded by the lessons module's own HLS function, gets its B segments,
 * and buyers' playlists are played: the segment files each names are joined and leaked (re-encoded
 * at a lower bit rate, scaled, cropped by 10 %, a corner blurred, starting part-way). Among 10 000
 * candidate accounts each copy names its buyer; a copy mixing two buyers names one of them or
 * nobody, never a third; a copy of the plain rendition names nobody. No database.
 *
 * Small and short to keep it quick: 320×180 at 12 frames a second, 3¼ minutes (33 segments), copies
 * of 3 minutes (the issue's shortest copy).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { probeMedia, transcodeToHls } from '../../../src/modules/lessons';
import {
  forensicKey,
  identify,
  makeVariants,
  openLocalReference,
  segmentDurations,
  variantOf,
  type ForensicReference,
  type Identification,
  type VariantsMade,
} from '../../../src/modules/forensics';
import { leak, mixSegments, playedSegments, renderLesson, type Attack } from '../../helpers/forensic-leaks';
import { tempDir } from '../../helpers/test-app';

jest.setTimeout(600_000);

const programs = { ffmpegPath: process.env.FFMPEG_PATH || 'ffmpeg', ffprobePath: process.env.FFPROBE_PATH || 'ffprobe' };
const key = forensicKey(randomBytes(32).toString('hex'), 31);
/** 10 000 accounts; the buyers are among them. */
const CANDIDATES = Array.from({ length: 10_000 }, (_v, i) => 100_001 + i);
const [ALI, SARA, REZA] = [100_123, 104_567, 109_876];
const RENDITION = '180p';

const dir = tempDir('shop-forensics-');
const hls = path.join(dir, 'hls');
let made: VariantsMade;
let reference: ForensicReference;

/** The segment files `userId`'s playlist names. */
const played = (userId: number) => playedSegments(hls, RENDITION, (k) => variantOf(key, userId, k));

/** Leaks `segments` as `attack` says and identifies the copy among {@link CANDIDATES}. */
async function leakAndIdentify(name: string, segments: string[], attack: Attack): Promise<Identification> {
  const file = path.join(dir, `${name}.mp4`);
  await leak(segments, attack, file);
  return identify(programs, file, reference, CANDIDATES, key);
}

beforeAll(async () => {
  const source = path.join(dir, 'lesson.mp4');
  await renderLesson(source, 195, 320, 180, 12);
  const probe = await probeMedia(programs, source);
  await transcodeToHls(programs, source, probe, hls, () => undefined);
  made = await makeVariants(programs, source, probe, hls);
  reference = await openLocalReference(hls);
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('B segments', () => {
  it('line up one for one with A, in every video rendition, and differ from them', async () => {
    expect(made.renditions).toEqual([RENDITION]);
    expect(made.segments).toBe(33);
    const playlist = await fs.readFile(path.join(hls, RENDITION, 'index.m3u8'), 'utf8');
    expect(segmentDurations(playlist)).toHaveLength(33);
    expect(reference.signature.durations).toEqual(segmentDurations(playlist));
    const [a, b] = await Promise.all([fs.readFile(await reference.segmentFile(5, 'a')), fs.readFile(await reference.segmentFile(5, 'b'))]);
    expect(a.equals(b)).toBe(false);
    // Same cost in bytes, give or take the encoder's rate control.
    expect(made.bytesB / made.bytesA).toBeGreaterThan(0.9);
    expect(made.bytesB / made.bytesA).toBeLessThan(1.1);
  });
});

describe('identify', () => {
  it.each([
    ['ali', ALI, { kbps: 150, scale: 0.8, crop: 'left', blur: 'top-right', startSeconds: 7.3, seconds: 180 }],
    ['sara', SARA, { kbps: 90, scale: 0.6, crop: 'bottom', blur: 'bottom-left', startSeconds: 0, seconds: 181 }],
    ['reza', REZA, { kbps: 250, scale: 1.15, crop: 'centre', blur: 'top-left', startSeconds: 13.9, seconds: 180 }],
  ] as Array<[string, number, Attack]>)("names %s's account from a re-encoded, scaled, cropped and blurred copy", async (name, userId, attack) => {
    const answer = await leakAndIdentify(name, await played(userId), attack);
    expect(answer).toMatchObject({ verdict: 'identified', userId });
    if (answer.verdict !== 'identified') return;
    expect(answer.falseNameProbability).toBeLessThanOrEqual(1e-4);
    expect(answer.confidence).toBeGreaterThan(0.9999);
    // Placed in time to a frame (12 a second) and on the right part of the picture.
    expect(Math.abs(answer.evidence.startSeconds - attack.startSeconds)).toBeLessThan(0.1);
    expect(answer.evidence.cropCorrelation).toBeGreaterThan(0.9);
  });

  it('names one of two colluding buyers or nobody, never a third account', async () => {
    const mixed = mixSegments(await played(ALI), await played(SARA), (k) => (k * 7919) % 3 === 0);
    const answer = await leakAndIdentify('collusion', mixed, { kbps: 150, scale: 0.8, crop: 'top', blur: 'bottom-right', startSeconds: 3, seconds: 180 });
    if (answer.verdict === 'identified') expect([ALI, SARA]).toContain(answer.userId);
    else expect(answer.reason).toBe('too-little-evidence');
  });

  it('names nobody from a copy of the plain rendition', async () => {
    const plain = await playedSegments(hls, RENDITION, () => 'a');
    const answer = await leakAndIdentify('plain', plain, { kbps: 150, scale: 0.8, crop: 'right', blur: 'top-left', startSeconds: 5, seconds: 180 });
    expect(answer).toMatchObject({ verdict: 'cannot-say', reason: 'too-little-evidence' });
  });
});
