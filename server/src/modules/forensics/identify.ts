/**
 * From a leaked copy to the account it came from (issue 38 item 3: "staff upload the file … and get
 * the account it came from, with a confidence"). The steps:
 *
 * 1. place the copy in time and in the picture (place-copy.ts: the luma signature gives likely
 *    starts, a rectangle is fitted on a dozen frames of A at each, the copy's motion decides);
 * 2. read A and B of the covered segments over that rectangle at the copy's analysis size, settle the
 *    start to the frame, and weigh each segment between A and B (soft-decisions.ts);
 * 3. score every candidate's code word against that evidence and name the best only when the
 *    chance of an innocent account scoring so high is below the bound (score.ts).
 *
 * The answer never names an account that the evidence does not single out: when the copy is too
 * short, too damaged, a mix of several buyers or not watermarked, it says it cannot.
 */
import type { FfmpegPrograms } from '../lessons';
import type { CropRect } from './align-space';
import type { ForensicKey } from './codeword';
import { readGrayFrames } from './frames';
import { placeCopy, segmentBounds, segmentOf } from './place-copy';
import type { ForensicReference } from './reference';
import { DEFAULT_FALSE_NAME_BOUND, nameBest, scoreCandidates } from './score';
import { pixelMask, segmentDecisions, type AlignedFrames, type SegmentDecision } from './soft-decisions';

/** Size the copy and the lesson are compared at, pixels (the pattern is two blobs across: plenty). */
export const ANALYSIS_SIZE = { width: 64, height: 36 } as const;

/** Frames either side of the signature's start tried when settling it. */
const START_SLACK = 3;

/** Cap of one segment's evidence, in standard errors (one segment must never outweigh a dozen). */
const MAX_SEGMENT_Z = 8;

/** Below this mean correlation of the fitted rectangle, the copy is not taken to show this lesson. */
const MIN_FIT_CORRELATION = 0.5;

/** What {@link identify} may be told. */
export interface IdentifyOptions {
  /** Bound on naming an innocent account, ε (default 10⁻⁴; see score.ts). */
  falseNameBound?: number;
  /** Seconds of the copy read, from its start (default 600: ten minutes name a buyer many times over). */
  maxSeconds?: number;
  signal?: AbortSignal;
}

/** Why an identification could not name anyone. */
export type CannotSayReason = 'not-this-lesson' | 'too-little-evidence';

/** The evidence behind an answer, for the audit log and the staff page. */
export interface IdentificationEvidence {
  /** Where the copy starts in the lesson, seconds, and how well its signature matched there (−1…1). */
  startSeconds: number;
  timeCorrelation: number;
  /** How well the copy's motion matches the lesson's there (−1…1; near 0 at a wrong start). */
  motionCorrelation: number;
  /** The part of the lesson's picture the copy shows (fractions) and how well it fits (−1…1). */
  crop: CropRect;
  cropCorrelation: number;
  /** Per segment used: its index, s (−½ A … +½ B) and its standard error. */
  segments: Array<Pick<SegmentDecision, 'index' | 's' | 'error'>>;
  candidates: number;
  bestScore: number;
  runnerUpScore: number;
  /** ε the answer was held to. */
  falseNameBound: number;
}

/** The answer of {@link identify}. */
export type Identification =
  | {
      verdict: 'identified';
      userId: number | string;
      /** 1 − the bound on this account being named by chance (0…1). */
      confidence: number;
      /** N · P(an innocent account scores this high): the chance this name is wrong is at most this. */
      falseNameProbability: number;
      evidence: IdentificationEvidence;
    }
  | {
      verdict: 'cannot-say';
      reason: CannotSayReason;
      /** The best account's bound, when there was evidence to score (≥ ε, else it would be named). */
      falseNameProbability: number | null;
      evidence: IdentificationEvidence | null;
    };

/** Mean correlation of copy frames with M = (A + B) / 2 over a sample, for settling the start. */
function startScore(f: AlignedFrames, offset: number): number {
  let [sum, count] = [0, 0];
  for (let i = 0; i < f.copy.frames.length; i += 5) {
    const r = i + offset;
    if (r < 0 || r >= f.a.frames.length) continue;
    const [c, a, b] = [f.copy.frames[i]!, f.a.frames[r]!, f.b.frames[r]!];
    let [sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0];
    for (let p = 0; p < c.length; p += 1) {
      const [x, y] = [c[p]!, (a[p]! + b[p]!) / 2];
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
    }
    const n = c.length;
    const v = (sxx - (sx * sx) / n) * (syy - (sy * sy) / n);
    if (v > 0) sum += (sxy - (sx * sy) / n) / Math.sqrt(v);
    count += 1;
  }
  return count > 0 ? sum / count : -1;
}

/**
 * Each segment's value for scoring: its s in standard errors (a log-likelihood ratio up to a
 * factor), capped at {@link MAX_SEGMENT_Z} so that no single segment outweighs a dozen.
 */
export function segmentValues(decisions: SegmentDecision[]): Float64Array {
  return Float64Array.from(decisions, (d) => Math.max(-MAX_SEGMENT_Z, Math.min(MAX_SEGMENT_Z, d.s / Math.max(d.error, 1e-3))));
}

/** Fills the segments between the first and the last decision with value 0 (a segment left out is no evidence). */
function contiguous(decisions: SegmentDecision[], values: Float64Array): { first: number; values: Float64Array } {
  const first = decisions[0]!.index;
  const out = new Float64Array(decisions[decisions.length - 1]!.index - first + 1);
  decisions.forEach((d, i) => (out[d.index - first] = values[i]!));
  return { first, values: out };
}

/**
 * The account among `candidates` whose playlists made `leakedFile`, a copy of the lesson
 * `reference` (keyed by `key`, the lesson's {@link ForensicKey}), or «cannot say».
 * Cost: one decode of the copy at 64×36, one of the covered A and B segments, and N HMACs per 256
 * segments (bench-forensics.ts measures it).
 * @throws Error when ffmpeg cannot read the copy or the reference, or `options.signal` stops it
 */
export async function identify(
  programs: FfmpegPrograms,
  leakedFile: string,
  reference: ForensicReference,
  candidates: ReadonlyArray<number | string>,
  key: ForensicKey,
  options: IdentifyOptions = {},
): Promise<Identification> {
  const { signal } = options;
  const epsilon = options.falseNameBound ?? DEFAULT_FALSE_NAME_BOUND;
  const maxSeconds = options.maxSeconds ?? 600;
  const sig = reference.signature;
  const bounds = segmentBounds(sig.durations, sig.fps);
  const copy = await readGrayFrames(programs, leakedFile, { ...ANALYSIS_SIZE, fps: sig.fps, maxSeconds }, signal);
  const chosen = await placeCopy(programs, reference, copy, signal);
  if (!chosen || chosen.fit.correlation < MIN_FIT_CORRELATION) {
    return { verdict: 'cannot-say', reason: 'not-this-lesson', falseNameProbability: null, evidence: null };
  }

  // A and B of the covered segments over the fitted rectangle, at the copy's size.
  const lastFrame = Math.min(chosen.lag + copy.frames.length, sig.frames) - 1;
  const [first, last] = [segmentOf(bounds, Math.max(0, chosen.lag - START_SLACK)), segmentOf(bounds, lastFrame)];
  const indices = Array.from({ length: last - first + 1 }, (_v, i) => first + i);
  const r = chosen.fit.rect;
  const crop = {
    x: Math.round(r.x * sig.width),
    y: Math.round(r.y * sig.height),
    width: Math.max(2, Math.round(r.w * sig.width)),
    height: Math.max(2, Math.round(r.h * sig.height)),
  };
  crop.width = Math.min(crop.width, sig.width - crop.x);
  crop.height = Math.min(crop.height, sig.height - crop.y);
  const read = async (variant: 'a' | 'b') =>
    readGrayFrames(programs, await Promise.all(indices.map((k) => reference.segmentFile(k, variant))), { ...ANALYSIS_SIZE, fps: sig.fps, crop }, signal);
  const [a, b] = [await read('a'), await read('b')];
  const aligned: AlignedFrames = {
    copy,
    a,
    b,
    offset: chosen.lag - bounds[first]!,
    firstSegment: first,
    bounds: bounds.slice(first, last + 2).map((x) => x - bounds[first]!),
  };
  let bestOffset = aligned.offset;
  let bestScore = -Infinity;
  for (let d = -START_SLACK; d <= START_SLACK; d += 1) {
    const score = startScore(aligned, aligned.offset + d);
    if (score > bestScore) [bestScore, bestOffset] = [score, aligned.offset + d];
  }
  aligned.offset = bestOffset;

  const mask = pixelMask(aligned);
  const decisions = segmentDecisions(aligned, mask, Math.max(3, Math.round(sig.fps / 2)));
  const evidence: IdentificationEvidence = {
    startSeconds: (bounds[first]! + bestOffset) / sig.fps,
    timeCorrelation: chosen.timeCorrelation,
    motionCorrelation: chosen.motion,
    crop: r,
    cropCorrelation: chosen.fit.correlation,
    segments: decisions.map(({ index, s, error }) => ({ index, s, error })),
    candidates: candidates.length,
    bestScore: 0,
    runnerUpScore: 0,
    falseNameBound: epsilon,
  };
  if (decisions.length === 0 || candidates.length === 0) {
    return { verdict: 'cannot-say', reason: 'too-little-evidence', falseNameProbability: null, evidence };
  }
  const values = contiguous(decisions, segmentValues(decisions));
  const scores = scoreCandidates(key, candidates, values.first, values.values);
  const naming = nameBest(values.values, scores, epsilon);
  evidence.bestScore = naming.bestScore;
  evidence.runnerUpScore = naming.runnerUpScore;
  if (!naming.named) {
    return { verdict: 'cannot-say', reason: 'too-little-evidence', falseNameProbability: Math.min(1, naming.falseNameBound), evidence };
  }
  return {
    verdict: 'identified',
    userId: candidates[naming.best]!,
    confidence: 1 - naming.falseNameBound,
    falseNameProbability: naming.falseNameBound,
    evidence,
  };
}
