/**
 * Which part of the lesson's picture a leaked copy shows (issue 38 item 3: "cropped by 10 % (any
 * side), scaled"). The copy is modelled as the rectangle (x, y, w, h) of the lesson's picture
 * (fractions of its width and height) stretched to the copy's frame; the rectangle that makes a few
 * copy frames most alike (mean Pearson correlation) to the same lesson frames is searched, first on
 * a coarse grid, then by a pattern search of shrinking steps. Each predicted copy pixel is the exact
 * mean of the lesson pixels under it (bilinear reading of a summed-area table), as a downscale
 * averages them.
 */
import type { GrayFrames } from './frames';

/** A rectangle of the lesson's picture, fractions of its width and height. */
export interface CropRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The whole picture. */
export const WHOLE: CropRect = { x: 0, y: 0, w: 1, h: 1 };

// Local names: a global looked up in a hot loop is slow inside a `vm` context (jest runs tests in one).
const { floor, min, max, sqrt } = Math;

/** Smallest width or height of the rectangle searched (a copy cropped by more is not found). */
const MIN_SIDE = 0.7;

/** A frame as a summed-area table, `(width + 1) × (height + 1)`. */
export interface Table {
  width: number;
  height: number;
  sums: Float64Array;
}

/** The summed-area table of a `width`×`height` frame. */
export function tableOf(frame: Uint8Array, width: number, height: number): Table {
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += frame[y * width + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  return { width, height, sums };
}

/** The table's integral over [0, x] × [0, y], pixels (bilinear between its points: exact for a picture of flat pixels). */
function integral(t: Table, x: number, y: number): number {
  const cx = min(max(x, 0), t.width);
  const cy = min(max(y, 0), t.height);
  const ix = min(floor(cx), t.width - 1);
  const iy = min(floor(cy), t.height - 1);
  const fx = cx - ix;
  const fy = cy - iy;
  const stride = t.width + 1;
  const at = iy * stride + ix;
  const s = t.sums;
  return s[at]! * (1 - fx) * (1 - fy) + s[at + 1]! * fx * (1 - fy) + s[at + stride]! * (1 - fx) * fy + s[at + stride + 1]! * fx * fy;
}

/** Mean of the frame over [x0, x1] × [y0, y1], pixels (fractional bounds read exactly). */
export function areaMean(t: Table, x0: number, y0: number, x1: number, y1: number): number {
  const area = (x1 - x0) * (y1 - y0);
  if (area <= 0) return 0;
  return (integral(t, x1, y1) - integral(t, x0, y1) - integral(t, x1, y0) + integral(t, x0, y0)) / area;
}

/** The copy frame `width`×`height` that rectangle `r` of table `t` would give, into `out`. */
function predict(t: Table, r: CropRect, width: number, height: number, out: Float64Array): void {
  const cw = (r.w * t.width) / width;
  const ch = (r.h * t.height) / height;
  const x0 = r.x * t.width;
  const y0 = r.y * t.height;
  const area = cw * ch;
  // Integrals at the grid of cell corners, shared by neighbouring cells.
  const corners = new Float64Array((width + 1) * (height + 1));
  for (let j = 0; j <= height; j += 1) {
    for (let i = 0; i <= width; i += 1) corners[j * (width + 1) + i] = integral(t, x0 + i * cw, y0 + j * ch);
  }
  for (let j = 0; j < height; j += 1) {
    for (let i = 0; i < width; i += 1) {
      const a = j * (width + 1) + i;
      out[j * width + i] = (corners[a + width + 2]! - corners[a + 1]! - corners[a + width + 1]! + corners[a]!) / area;
    }
  }
}

/** Pearson correlation of a copy frame and a prediction (0 when either is flat). */
function correlation(copy: Uint8Array, predicted: Float64Array): number {
  const n = copy.length;
  let [sa, sb, saa, sbb, sab] = [0, 0, 0, 0, 0];
  for (let i = 0; i < n; i += 1) {
    const a = copy[i]!;
    const b = predicted[i]!;
    sa += a;
    sb += b;
    saa += a * a;
    sbb += b * b;
    sab += a * b;
  }
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  return va > 0 && vb > 0 ? (sab - (sa * sb) / n) / sqrt(va * vb) : 0;
}

/** Frame pairs to fit on: copy frames and the lesson frames they show. */
export interface FramePairs {
  copy: GrayFrames;
  lesson: GrayFrames;
}

/** A fitted rectangle and its mean correlation over the pairs. */
export interface SpaceFit {
  rect: CropRect;
  correlation: number;
}

/** Halves a frame's size by averaging 2×2 blocks (for the coarse search). */
function halve(frame: Uint8Array, width: number, height: number): Uint8Array {
  const [w, h] = [width >> 1, height >> 1];
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const a = 2 * y * width + 2 * x;
      out[y * w + x] = (frame[a]! + frame[a + 1]! + frame[a + width]! + frame[a + width + 1]! + 2) >> 2;
    }
  }
  return out;
}

/** Scorer of rectangles against fixed pairs, at the copy's size or half of it. */
function scorer(pairs: FramePairs, coarse: boolean): (r: CropRect) => number {
  const tables = pairs.lesson.frames.map((f) => tableOf(f, pairs.lesson.width, pairs.lesson.height));
  const [w, h] = coarse ? [pairs.copy.width >> 1, pairs.copy.height >> 1] : [pairs.copy.width, pairs.copy.height];
  const copies = pairs.copy.frames.map((f) => (coarse ? halve(f, pairs.copy.width, pairs.copy.height) : f));
  const predicted = new Float64Array(w * h);
  return (r) => {
    let sum = 0;
    tables.forEach((table, i) => {
      predict(table, r, w, h, predicted);
      sum += correlation(copies[i]!, predicted);
    });
    return sum / tables.length;
  };
}

/** True when `r` lies inside the picture and is not smaller than {@link MIN_SIDE}. */
function valid(r: CropRect): boolean {
  return r.w >= MIN_SIDE && r.h >= MIN_SIDE && r.w <= 1 && r.h <= 1 && r.x >= -1e-9 && r.y >= -1e-9 && r.x + r.w <= 1 + 1e-9 && r.y + r.h <= 1 + 1e-9;
}

/** The moves of the pattern search by `d`: each edge alone, then the whole rectangle sideways and up or down. */
function movesOf(r: CropRect, d: number): CropRect[] {
  return [
    { ...r, x: r.x + d, w: r.w - d },
    { ...r, w: r.w + d },
    { ...r, y: r.y + d, h: r.h - d },
    { ...r, h: r.h + d },
    { ...r, x: r.x + d },
    { ...r, y: r.y + d },
  ];
}

/** Pattern search from `start`: moves an edge or the whole rectangle by `step`, halving the step when no move helps, down to `finest`. */
function refine(score: (r: CropRect) => number, start: SpaceFit, step: number, finest: number): SpaceFit {
  let best = start;
  for (let s = step; s >= finest; s /= 2) {
    let moved = true;
    while (moved) {
      moved = false;
      for (const r of [...movesOf(best.rect, s), ...movesOf(best.rect, -s)]) {
        if (!valid(r)) continue;
        const c = score(r);
        if (c > best.correlation + 1e-9) {
          best = { rect: r, correlation: c };
          moved = true;
        }
      }
    }
  }
  return best;
}

/**
 * The rectangle of the lesson's picture that the copy shows, fitted on `pairs` (about a dozen
 * frames spread over the copy is enough): a coarse grid at half the copy's size (sides 70–100 % in
 * steps of 3 %), then a pattern search from its five best down to 1/1000 of the picture.
 */
export function fitCrop(pairs: FramePairs): SpaceFit {
  const coarse = scorer(pairs, true);
  const fits: SpaceFit[] = [];
  const step = 0.03;
  for (let w = 1; w >= MIN_SIDE - 1e-9; w -= step) {
    for (let h = 1; h >= MIN_SIDE - 1e-9; h -= step) {
      for (let x = 0; x <= 1 - w + 1e-9; x += step) {
        for (let y = 0; y <= 1 - h + 1e-9; y += step) {
          const rect = { x, y, w, h };
          fits.push({ rect, correlation: coarse(rect) });
        }
      }
    }
  }
  fits.sort((a, b) => b.correlation - a.correlation);
  const fine = scorer(pairs, false);
  let best: SpaceFit = { rect: WHOLE, correlation: fine(WHOLE) };
  for (const start of fits.slice(0, 5)) {
    const fitted = refine(fine, { rect: start.rect, correlation: fine(start.rect) }, step / 2, 0.001);
    if (fitted.correlation > best.correlation) best = fitted;
  }
  return best;
}

/**
 * How well the copy's motion matches the lesson's under rectangle `r`: the pooled correlation of
 * the copy's frame-to-frame differences (`next.copy[i] − pairs.copy[i]`) with the lesson's, both as
 * the copy would show them. Unlike the pictures themselves, which a static scene keeps for minutes,
 * motion pins a copy to the right frame; near 0 at a wrong start.
 */
export function motionScore(pairs: FramePairs, next: FramePairs, r: CropRect): number {
  const { width, height } = pairs.copy;
  const [p0, p1] = [new Float64Array(width * height), new Float64Array(width * height)];
  let [dot, energyCopy, energyLesson] = [0, 0, 0];
  pairs.lesson.frames.forEach((frame, i) => {
    predict(tableOf(frame, pairs.lesson.width, pairs.lesson.height), r, width, height, p0);
    predict(tableOf(next.lesson.frames[i]!, pairs.lesson.width, pairs.lesson.height), r, width, height, p1);
    const [c0, c1] = [pairs.copy.frames[i]!, next.copy.frames[i]!];
    for (let p = 0; p < p0.length; p += 1) {
      const dc = c1[p]! - c0[p]!;
      const dl = p1[p]! - p0[p]!;
      dot += dc * dl;
      energyCopy += dc * dc;
      energyLesson += dl * dl;
    }
  });
  return energyCopy > 0 && energyLesson > 0 ? dot / sqrt(energyCopy * energyLesson) : 0;
}
