/**
 * How much each segment of a leaked copy looks like B rather than A (issue 38 item 3, "decode by
 * soft decisions per segment"). A and B of the lesson are read over the same rectangle and at the
 * same size as the copy, so for each copy frame C (at lesson frame r) with M = (A_r + B_r) / 2 and
 * D = B_r − A_r, the copy is fitted as
 *
 *   C − M = s · D + g · M + h · M² + c      (least squares over the pixels kept)
 *
 * g, h and c take up a change of brightness, contrast and gamma of the copy, frame by frame, and
 * pixels the copy clipped to black or white are left out of that frame; s is −½ for a
 * frame of A and +½ for one of B, whatever the re-encoding or scaling did to the pattern's size. A
 * segment's s is the frames' s weighted by how much of D each frame left after the fit, and its
 * standard error comes from their scatter. Pixels whose fit is far worse than most (a blurred or
 * covered corner, a logo drawn over the picture) are left out of every fit.
 */
import type { GrayFrames } from './frames';

/** Frames left out at each end of a segment (a copy's start is found to a frame, and encoders blur cuts). */
const EDGE_FRAMES = 2;

/** A pixel is left out when its mean squared misfit is more than this many times the median pixel's. */
const MISFIT_RATIO = 4;

/** A frame is left out when its misfit (RMS) is more than this many times the median frame's. */
const FRAME_MISFIT_RATIO = 3;

/** Never leave out more than this share of the pixels. */
const MAX_MASKED = 0.5;

/** One segment's evidence. */
export interface SegmentDecision {
  /** The segment's index in the lesson (playlist order). */
  index: number;
  /** −½ looks like A, +½ like B (a mix of both reads between). */
  s: number;
  /** Standard error of `s`, from the scatter of its frames. */
  error: number;
  /** Copy frames used. */
  frames: number;
}

/** The copy and the lesson's A and B over the same span, all frames of the same size. */
export interface AlignedFrames {
  copy: GrayFrames;
  a: GrayFrames;
  b: GrayFrames;
  /** Copy frame `i` shows frame `i + offset` of `a` and `b`. */
  offset: number;
  /** Lesson segment index of the first segment of `a` and `b`. */
  firstSegment: number;
  /** Frame of `a` where each segment starts, and one more entry: where the last ends. */
  bounds: number[];
}

/** Pixels to use: false where the copy is far from what A and B predict (see {@link MISFIT_RATIO}). */
export function pixelMask(f: AlignedFrames): Uint8Array {
  const size = f.copy.width * f.copy.height;
  const misfit = new Float64Array(size);
  const m = new Float64Array(size);
  for (let i = 0; i < f.copy.frames.length; i += 3) {
    const r = i + f.offset;
    if (r < 0 || r >= f.a.frames.length) continue;
    const [c, a, b] = [f.copy.frames[i]!, f.a.frames[r]!, f.b.frames[r]!];
    let [sm, sc, smm, smc] = [0, 0, 0, 0];
    for (let p = 0; p < size; p += 1) {
      m[p] = (a[p]! + b[p]!) / 2;
      sm += m[p]!;
      sc += c[p]!;
      smm += m[p]! * m[p]!;
      smc += m[p]! * c[p]!;
    }
    const vm = smm - (sm * sm) / size;
    const gain = vm > 0 ? (smc - (sm * sc) / size) / vm : 0;
    const shift = (sc - gain * sm) / size;
    for (let p = 0; p < size; p += 1) {
      const e = c[p]! - gain * m[p]! - shift;
      misfit[p] = misfit[p]! + e * e;
    }
  }
  const sorted = Float64Array.from(misfit).sort();
  const median = sorted[Math.floor(size / 2)]!;
  const limit = Math.max(MISFIT_RATIO * median, sorted[Math.floor(size * (1 - MAX_MASKED))]!);
  return Uint8Array.from(misfit, (e) => (e <= limit ? 1 : 0));
}

/** One frame's fit: s, the share of D left after the other regressors (its weight), and the misfit's RMS, levels. */
interface FrameFit {
  s: number;
  weight: number;
  misfit: number;
}

/** Copy pixels at or beyond these levels are clipped (a brightened copy's whites): no evidence there. */
const CLIPPED_LOW = 3;
const CLIPPED_HIGH = 252;

/**
 * Least squares of y = C − M on [1, M, M², D] over the kept, unclipped pixels (M and M² take up a
 * change of brightness, contrast and gamma): D's coefficient, D's share left after the others (the
 * weight), and the misfit's RMS.
 */
function fitFrame(c: Uint8Array, a: Uint8Array, b: Uint8Array, mask: Uint8Array): FrameFit | null {
  const size = c.length;
  const [m, q, d, y] = [new Float64Array(size), new Float64Array(size), new Float64Array(size), new Float64Array(size)];
  let n = 0;
  for (let p = 0; p < size; p += 1) {
    if (!mask[p] || c[p]! <= CLIPPED_LOW || c[p]! >= CLIPPED_HIGH) continue;
    const mid = (a[p]! + b[p]!) / 2;
    m[n] = mid / 128 - 1;
    q[n] = m[n]! * m[n]!;
    d[n] = b[p]! - a[p]!;
    y[n] = c[p]! - mid;
    n += 1;
  }
  if (n < 16) return null;
  // Centred (the constant drops out), then the 3×3 normal equations of [M, M², D].
  const columns = [m, q, d, y].map((v) => {
    let mean = 0;
    for (let i = 0; i < n; i += 1) mean += v[i]!;
    mean /= n;
    for (let i = 0; i < n; i += 1) v[i] = v[i]! - mean;
    return v;
  });
  const dot = (u: Float64Array, v: Float64Array) => {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += u[i]! * v[i]!;
    return sum;
  };
  const x = columns.slice(0, 3);
  const g = x.map((u) => x.map((v) => dot(u, v)));
  const r = x.map((u) => dot(u, columns[3]!));
  const inverse = invert3(g);
  if (!inverse || !(inverse[2]![2]! > 0)) return null;
  const beta = inverse.map((row) => row[0]! * r[0]! + row[1]! * r[1]! + row[2]! * r[2]!);
  const rss = dot(columns[3]!, columns[3]!) - beta[0]! * r[0]! - beta[1]! * r[1]! - beta[2]! * r[2]!;
  // D's part not explained by the others: its residual sum of squares is 1 / (G⁻¹)_DD.
  return { s: beta[2]!, weight: 1 / inverse[2]![2]!, misfit: Math.sqrt(Math.max(0, rss) / n) };
}

/** The inverse of a symmetric 3×3 matrix, or null when it is (nearly) singular. */
function invert3(g: number[][]): number[][] | null {
  const [[a, b, c], [, e, f], [, , i]] = g as [[number, number, number], [number, number, number], [number, number, number]];
  const [A, B, C] = [e * i - f * f, c * f - b * i, b * f - c * e];
  const det = a * A + b * B + c * C;
  if (!(Math.abs(det) > 1e-12 * Math.abs(a * e * i))) return null;
  const [E, F, I] = [a * i - c * c, b * c - a * f, a * e - b * b];
  return [
    [A / det, B / det, C / det],
    [B / det, E / det, F / det],
    [C / det, F / det, I / det],
  ];
}

/**
 * Each covered segment's {@link SegmentDecision}, in order. Frames whose misfit is more than
 * {@link FRAME_MISFIT_RATIO} times the median frame's are left out (a copy's broken first frames, a
 * cut, a scene the copy lacks), and a segment with fewer than `minFrames` frames left (a copy's cut
 * ends) is left out too.
 */
export function segmentDecisions(f: AlignedFrames, mask: Uint8Array, minFrames: number): SegmentDecision[] {
  const perSegment: FrameFit[][] = [];
  for (let k = 0; k + 1 < f.bounds.length; k += 1) {
    const from = Math.max(f.bounds[k]! + EDGE_FRAMES, f.offset);
    const to = Math.min(f.bounds[k + 1]! - EDGE_FRAMES, f.offset + f.copy.frames.length, f.a.frames.length);
    const fits: FrameFit[] = [];
    for (let r = from; r < to; r += 1) {
      const fit = fitFrame(f.copy.frames[r - f.offset]!, f.a.frames[r]!, f.b.frames[r]!, mask);
      if (fit) fits.push(fit);
    }
    perSegment.push(fits);
  }
  const misfits = perSegment.flat().map((fit) => fit.misfit).sort((x, y) => x - y);
  const limit = FRAME_MISFIT_RATIO * (misfits[Math.floor(misfits.length / 2)] ?? 0);
  const decisions: SegmentDecision[] = [];
  perSegment.forEach((all, k) => {
    const fits = all.filter((fit) => fit.misfit <= limit);
    if (fits.length < minFrames) return;
    const total = fits.reduce((sum, x) => sum + x.weight, 0);
    const s = fits.reduce((sum, x) => sum + x.weight * x.s, 0) / total;
    const scatter = fits.reduce((sum, x) => sum + x.weight * (x.s - s) ** 2, 0) / total;
    decisions.push({ index: f.firstSegment + k, s, error: Math.sqrt(scatter / Math.max(1, fits.length - 1)), frames: fits.length });
  });
  return decisions;
}
