/**
 * Where a leaked copy sits in the lesson, in time and in the picture (issue 38 item 3: the copy
 * "may start part-way into the lesson", "cropped, scaled"). The signature gives a handful of
 * likely starts (align-time.ts); for each, a rectangle is fitted on a dozen frames of A
 * (align-space.ts), then the whole copy's signature is compared again with every cell read where
 * that rectangle puts it, and the motion of those frames (what moves — a pointer, a face — happens
 * at one moment only, while a slide looks the same for minutes). The best of both wins.
 */
import type { FfmpegPrograms } from '../lessons';
import { bestStarts, startCorrelation } from './align-time';
import { fitCrop, motionScore, type FramePairs, type SpaceFit } from './align-space';
import { readGrayFrames, type GrayFrames } from './frames';
import { signatureFrames, SIGNATURE_GRID, type ForensicReference } from './reference';

/** Size of the lesson frames the rectangle is fitted against, pixels. */
const FIT_SIZE = { width: 160, height: 90 } as const;

/** Copy frames the rectangle is fitted on, from this many segments (one decode). */
const FIT_FRAMES = 16;
const FIT_SEGMENTS = 4;

/** Starts tried. */
const START_CANDIDATES = 6;

/** A start whose fit and whole-copy match are this good ends the search (the others could only tie). */
const SURE_FIT = 0.95;
const SURE_TIME = 0.8;

/** Frames either side of a start tried once the rectangle is known. */
const SLACK = 2;

/** Where the copy is: copy frame `i` shows lesson frame `i + lag`, over rectangle `fit.rect`. */
export interface Placement {
  lag: number;
  /** The signature's correlation over the whole copy at that start, its cells read under the fitted rectangle (−1…1). */
  timeCorrelation: number;
  fit: SpaceFit;
  /** Correlation of the copy's motion with the lesson's there (−1…1): what a still scene leaves to tell. */
  motion: number;
}

/** Frame of the lesson where each segment starts, and one more: where the last ends. */
export function segmentBounds(durations: number[], fps: number): number[] {
  const bounds = [0];
  let seconds = 0;
  for (const d of durations) {
    seconds += d;
    bounds.push(Math.round(seconds * fps));
  }
  return bounds;
}

/** The segment holding lesson frame `frame` (binary search over `bounds`). */
export function segmentOf(bounds: number[], frame: number): number {
  let [low, high] = [0, bounds.length - 2];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (bounds[mid]! <= frame) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Copy frames and the lesson frames (A, at {@link FIT_SIZE}) they show if the copy starts at lesson
 * frame `lag`, and each one's next frame: {@link FIT_FRAMES} from {@link FIT_SEGMENTS} segments
 * spread over the copy, read in one decode of those segments. Null when the copy would not overlap.
 */
async function framePairs(
  programs: FfmpegPrograms,
  reference: ForensicReference,
  bounds: number[],
  copy: GrayFrames,
  lag: number,
  signal?: AbortSignal,
): Promise<{ pairs: FramePairs; next: FramePairs } | null> {
  const { fps, frames: lessonLength } = reference.signature;
  // Copy frames usable: past its first second (a cut start) and within the lesson.
  const from = Math.min(Math.round(fps), Math.floor(copy.frames.length / 4));
  const to = Math.min(copy.frames.length - from, lessonLength - lag) - 2;
  if (to <= from) return null;
  const at = (i: number) => lag + Math.round(from + ((to - from) * (i + 0.5)) / FIT_SEGMENTS);
  const segments = [...new Set(Array.from({ length: FIT_SEGMENTS }, (_v, i) => segmentOf(bounds, at(i))))];
  const files = await Promise.all(segments.map((k) => reference.segmentFile(k, 'a')));
  const read = await readGrayFrames(programs, files, { ...FIT_SIZE, fps }, signal);
  const empty = (): FramePairs => ({ copy: { ...copy, frames: [] }, lesson: { ...read, frames: [] } });
  const [pairs, next] = [empty(), empty()];
  let readStart = 0;
  const perSegment = Math.ceil(FIT_FRAMES / segments.length);
  for (const k of segments) {
    // Frames of segment k inside the copy, each with its next frame in the same segment.
    const [start, end] = [Math.max(bounds[k]!, lag + from), Math.min(bounds[k + 1]! - 1, lag + to)];
    for (let j = 0; j < perSegment && end > start; j += 1) {
      const frame = start + Math.floor(((end - start) * (j + 0.5)) / perSegment);
      const local = readStart + frame - bounds[k]!;
      if (local + 1 >= read.frames.length) continue;
      pairs.copy.frames.push(copy.frames[frame - lag]!);
      pairs.lesson.frames.push(read.frames[local]!);
      next.copy.frames.push(copy.frames[frame - lag + 1]!);
      next.lesson.frames.push(read.frames[local + 1]!);
    }
    readStart += bounds[k + 1]! - bounds[k]!;
  }
  return pairs.copy.frames.length > 0 ? { pairs, next } : null;
}

/**
 * Where `copy` (frames at the lesson's rate, {@link GrayFrames} of any size) sits in the lesson of
 * `reference`, or null when no start overlaps it. Each likely start gets a fitted rectangle, then
 * is scored by the whole copy's signature under that rectangle plus the motion of a few frames; the
 * best score wins. Costs one decode of four A segments per start tried (at most
 * {@link START_CANDIDATES}; one when the first is sure).
 * @throws Error when ffmpeg cannot read the reference or `signal` stops it
 */
export async function placeCopy(programs: FfmpegPrograms, reference: ForensicReference, copy: GrayFrames, signal?: AbortSignal): Promise<Placement | null> {
  const sig = reference.signature;
  const bounds = segmentBounds(sig.durations, sig.fps);
  const lesson = signatureFrames(sig);
  const starts = bestStarts(lesson, SIGNATURE_GRID, copy, sig.fps, START_CANDIDATES);
  let chosen: Placement | null = null;
  const score = (p: Placement) => p.timeCorrelation + p.motion;
  for (const start of starts) {
    const sample = await framePairs(programs, reference, bounds, copy, start.lag, signal);
    if (!sample) continue;
    const fit = fitCrop(sample.pairs);
    const settled = startCorrelation(lesson, SIGNATURE_GRID, copy, fit.rect, start.lag, SLACK);
    const placed: Placement = { lag: settled.lag, timeCorrelation: settled.correlation, fit, motion: motionScore(sample.pairs, sample.next, fit.rect) };
    if (!chosen || score(placed) > score(chosen)) chosen = placed;
    if (fit.correlation >= SURE_FIT && settled.correlation >= SURE_TIME) break;
  }
  return chosen;
}
