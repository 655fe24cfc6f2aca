/**
 * Where in the lesson a leaked copy starts (issue 38 item 3: "it may start part-way into the
 * lesson"). The lesson's signature (reference.ts: mean luma of an 8×6 grid of cells over the central
 * 80 % of each frame) is compared with the same cells read from the copy's frames. Since the copy
 * may be cropped, the copy's cells are read under a few guesses of what part of the picture it shows
 * (all of it, 10 % off one side, 5 % off each), each cell where that guess puts it.
 *
 * Changes, not levels: the frame-to-frame change of each cell, each cell's series normalised, so a
 * copy made brighter, darker or flatter matches as well. A coarse pass at about 5 frames a second
 * cross-correlates every start at once by FFT (all cells summed in one spectrum, so a two-hour
 * lesson costs a second or two); the best coarse starts are then settled frame by frame.
 */
import { areaMean, tableOf, WHOLE, type CropRect } from './align-space';
import type { GrayFrames } from './frames';

// Local names: a global looked up in a hot loop is slow inside a `vm` context (jest runs tests in one).
const { min, max, sqrt, round, floor } = Math;

/** Guesses of the part of the picture a copy shows, for reading its cells. */
const CROP_GUESSES: CropRect[] = [
  WHOLE,
  { x: 0.1, y: 0, w: 0.9, h: 1 },
  { x: 0, y: 0, w: 0.9, h: 1 },
  { x: 0, y: 0.1, w: 1, h: 0.9 },
  { x: 0, y: 0, w: 1, h: 0.9 },
  { x: 0.05, y: 0.05, w: 0.9, h: 0.9 },
];

/** Frames a second of the coarse pass. */
const COARSE_FPS = 5;

/** A cell is read from the copy only when at least this share of it is inside the copy's picture. */
const MIN_CELL_INSIDE = 0.6;

/** The lesson's signature grid (reference.ts). */
export interface CellGrid {
  width: number;
  height: number;
  /** Central share of the picture the grid covers. */
  centre: number;
}

/** In-place radix-2 FFT of `re` + i·`im` (length a power of two); `inverse` without the 1/n. */
function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const [r, m] = [re[i]!, im[i]!];
      re[i] = re[j]!;
      im[i] = im[j]!;
      re[j] = r;
      im[j] = m;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / size;
    const [stepRe, stepIm] = [Math.cos(angle), Math.sin(angle)];
    const half = size >> 1;
    for (let start = 0; start < n; start += size) {
      let wRe = 1;
      let wIm = 0;
      for (let k = 0; k < half; k += 1) {
        const a = start + k;
        const b = a + half;
        const tRe = re[b]! * wRe - im[b]! * wIm;
        const tIm = re[b]! * wIm + im[b]! * wRe;
        re[b] = re[a]! - tRe;
        im[b] = im[a]! - tIm;
        re[a] = re[a]! + tRe;
        im[a] = im[a]! + tIm;
        const w = wRe * stepRe - wIm * stepIm;
        wIm = wRe * stepIm + wIm * stepRe;
        wRe = w;
      }
    }
  }
}

/** Cell `c` of each frame, averaged over runs of `factor` frames. */
function seriesOf(frames: ArrayLike<number>[], c: number, factor: number): Float64Array {
  const out = new Float64Array(floor(frames.length / factor));
  for (let t = 0; t < out.length; t += 1) {
    let sum = 0;
    for (let k = 0; k < factor; k += 1) sum += frames[t * factor + k]![c]!;
    out[t] = sum / factor;
  }
  return out;
}

/** The frame-to-frame change of `series`, minus its mean, scaled to unit energy (zeros when flat). */
function changesOf(series: Float64Array): Float64Array {
  const out = new Float64Array(max(0, series.length - 1));
  let mean = 0;
  for (let t = 0; t < out.length; t += 1) {
    out[t] = series[t + 1]! - series[t]!;
    mean += out[t]!;
  }
  mean /= max(1, out.length);
  let energy = 0;
  for (let t = 0; t < out.length; t += 1) {
    out[t] = out[t]! - mean;
    energy += out[t]! * out[t]!;
  }
  const scale = energy > 0 ? 1 / sqrt(energy) : 0;
  for (let t = 0; t < out.length; t += 1) out[t] = out[t]! * scale;
  return out;
}

/** The copy's cells under guess `rect`, per frame, and which cells lie inside its picture. */
function copyCells(copy: GrayFrames, grid: CellGrid, rect: CropRect): { frames: Float64Array[]; used: boolean[] } {
  const margin = (1 - grid.centre) / 2;
  const boxes = Array.from({ length: grid.width * grid.height }, (_v, c) => {
    const [i, j] = [c % grid.width, floor(c / grid.width)];
    // The cell in the lesson's picture, then in the copy's, pixels.
    const toX = (x: number) => ((x - rect.x) / rect.w) * copy.width;
    const toY = (y: number) => ((y - rect.y) / rect.h) * copy.height;
    const [x0, x1] = [toX(margin + (grid.centre * i) / grid.width), toX(margin + (grid.centre * (i + 1)) / grid.width)];
    const [y0, y1] = [toY(margin + (grid.centre * j) / grid.height), toY(margin + (grid.centre * (j + 1)) / grid.height)];
    const [cx0, cx1, cy0, cy1] = [max(0, x0), min(copy.width, x1), max(0, y0), min(copy.height, y1)];
    const inside = (max(0, cx1 - cx0) * max(0, cy1 - cy0)) / ((x1 - x0) * (y1 - y0));
    return { cx0, cx1, cy0, cy1, used: inside >= MIN_CELL_INSIDE };
  });
  const frames = copy.frames.map((frame) => {
    const table = tableOf(frame, copy.width, copy.height);
    return Float64Array.from(boxes, (b) => (b.used ? areaMean(table, b.cx0, b.cy0, b.cx1, b.cy1) : 0));
  });
  return { frames, used: boxes.map((b) => b.used) };
}

/** A start of the copy in the lesson, frames, with its normalised correlation (−1…1). */
export interface TimeCandidate {
  lag: number;
  correlation: number;
}

/** Normalised correlation of `copy` changes with `lesson` changes at full-rate `lag`, over the used cells. */
function correlationAt(lesson: Float64Array[], copy: Float64Array[], used: boolean[], lag: number): number {
  let [dot, energyA, energyB] = [0, 0, 0];
  for (let c = 0; c < used.length; c += 1) {
    if (!used[c]) continue;
    const [a, b] = [lesson[c]!, copy[c]!];
    const end = min(b.length, a.length - lag);
    for (let t = max(0, -lag); t < end; t += 1) {
      dot += a[lag + t]! * b[t]!;
      energyA += a[lag + t]! * a[lag + t]!;
      energyB += b[t]! * b[t]!;
    }
  }
  return energyA > 0 && energyB > 0 ? dot / sqrt(energyA * energyB) : 0;
}

/** The `count` best coarse lags (in coarse frames) of `copy` in `lesson` by FFT, `apart` coarse frames apart at least. */
function coarseLags(lessonSpectra: Array<{ re: Float64Array; im: Float64Array }>, prefix: Float64Array[], copy: Float64Array[], used: boolean[], count: number, apart: number): number[] {
  const n = lessonSpectra[0]!.re.length;
  const [sumRe, sumIm] = [new Float64Array(n), new Float64Array(n)];
  for (let c = 0; c < used.length; c += 1) {
    if (!used[c]) continue;
    const [re, im] = [new Float64Array(n), new Float64Array(n)];
    re.set(copy[c]!);
    fft(re, im, false);
    const a = lessonSpectra[c]!;
    for (let k = 0; k < n; k += 1) {
      sumRe[k] = sumRe[k]! + a.re[k]! * re[k]! + a.im[k]! * im[k]!;
      sumIm[k] = sumIm[k]! + a.im[k]! * re[k]! - a.re[k]! * im[k]!;
    }
  }
  fft(sumRe, sumIm, true);
  const length = prefix[0]!.length - 1;
  const span = copy[0]!.length;
  const scored: Array<{ lag: number; score: number }> = [];
  // The whole copy inside the lesson, give or take its last 5 % (or 2 s): a short overlap at the
  // lesson's end would correlate well by chance.
  const overrun = max(2 * COARSE_FPS, floor(span / 20));
  for (let lag = 0; lag + span <= length + overrun; lag += 1) {
    let energy = 0;
    for (let c = 0; c < used.length; c += 1) if (used[c]) energy += prefix[c]![min(length, lag + span)]! - prefix[c]![lag]!;
    if (energy > 0) scored.push({ lag, score: sumRe[lag]! / n / sqrt(energy) });
  }
  scored.sort((x, y) => y.score - x.score);
  const chosen: number[] = [];
  for (const { lag } of scored) {
    if (chosen.length >= count) break;
    if (chosen.every((c) => Math.abs(c - lag) >= apart)) chosen.push(lag);
  }
  return chosen;
}

/**
 * The `count` best starts of `copy` (frames at the lesson's rate `fps`, any size) in the lesson whose
 * signature is `lesson` (grid `grid`): lag `L` means copy frame `i` shows lesson frame `i + L`.
 * Candidates are at least a second apart, best first.
 */
export function bestStarts(lesson: Uint8Array[], grid: CellGrid, copy: GrayFrames, fps: number, count: number): TimeCandidate[] {
  const cells = grid.width * grid.height;
  if (lesson.length < 4 || copy.frames.length < 4) return [];
  const factor = max(1, round(fps / COARSE_FPS));
  const fullLesson = Array.from({ length: cells }, (_v, c) => changesOf(seriesOf(lesson, c, 1)));
  const coarseLesson = Array.from({ length: cells }, (_v, c) => changesOf(seriesOf(lesson, c, factor)));
  const coarseCopyLength = floor(copy.frames.length / factor);
  let n = 1;
  while (n < coarseLesson[0]!.length + coarseCopyLength) n <<= 1;
  const spectra = coarseLesson.map((series) => {
    const [re, im] = [new Float64Array(n), new Float64Array(n)];
    re.set(series);
    fft(re, im, false);
    return { re, im };
  });
  const prefix = coarseLesson.map((series) => {
    const sums = new Float64Array(series.length + 1);
    for (let t = 0; t < series.length; t += 1) sums[t + 1] = sums[t]! + series[t]! * series[t]!;
    return sums;
  });
  const found: TimeCandidate[] = [];
  for (const guess of CROP_GUESSES) {
    const { frames, used } = copyCells(copy, grid, guess);
    const coarseCopy = Array.from({ length: cells }, (_v, c) => changesOf(seriesOf(frames, c, factor)));
    const fullCopy = Array.from({ length: cells }, (_v, c) => changesOf(seriesOf(frames, c, 1)));
    for (const coarse of coarseLags(spectra, prefix, coarseCopy, used, count, COARSE_FPS)) {
      let best: TimeCandidate = { lag: coarse * factor, correlation: -Infinity };
      for (let lag = max(0, (coarse - 2) * factor); lag <= (coarse + 2) * factor; lag += 1) {
        const correlation = correlationAt(fullLesson, fullCopy, used, lag);
        if (correlation > best.correlation) best = { lag, correlation };
      }
      found.push(best);
    }
  }
  found.sort((x, y) => y.correlation - x.correlation);
  const chosen: TimeCandidate[] = [];
  for (const candidate of found) {
    if (chosen.length >= count) break;
    if (chosen.every((c) => Math.abs(c.lag - candidate.lag) >= fps)) chosen.push(candidate);
  }
  return chosen;
}

/**
 * The start within `slack` frames of `lag` where `copy` best matches the lesson when the copy shows
 * rectangle `rect` of the picture (now known), and that correlation: the signature compared over
 * the whole copy with each cell read exactly where it is. Only the lesson's frames under the copy
 * are read, so it costs the same in a two-hour lesson as in a short one.
 */
export function startCorrelation(lesson: Uint8Array[], grid: CellGrid, copy: GrayFrames, rect: CropRect, lag: number, slack: number): TimeCandidate {
  const cells = grid.width * grid.height;
  const from = max(0, lag - slack);
  const window = lesson.slice(from, min(lesson.length, lag + copy.frames.length + slack));
  const { frames, used } = copyCells(copy, grid, rect);
  const lessonChanges = Array.from({ length: cells }, (_v, c) => changesOf(seriesOf(window, c, 1)));
  const copyChanges = Array.from({ length: cells }, (_v, c) => changesOf(seriesOf(frames, c, 1)));
  let best: TimeCandidate = { lag, correlation: -Infinity };
  for (let l = from; l <= lag + slack; l += 1) {
    const correlation = correlationAt(lessonChanges, copyChanges, used, l - from);
    if (correlation > best.correlation) best = { lag: l, correlation };
  }
  return best;
}
