/**
 * Naming an account from a copy's segment evidence (issue 38 item 3: "with no wrong account named").
 *
 * Each segment k gives a value v_k (positive: looks like B); candidate u scores
 * S_u = Σ c_u,k · v_k with c = +1 where u's playlist named B, −1 for A (codeword.ts). For an account
 * that did not make the copy, its code word is independent of the copy (HMAC bits under a secret
 * key), so given the values v, S_u is a sum of ±v_k with fair, independent signs. Its tail
 * P(S ≥ x | v) is computed exactly (a convolution over the values rounded to a fine grid, with the
 * rounding's largest effect subtracted from x so the answer is never smaller than the truth).
 *
 * The best-scoring account is named only when N · P(S ≥ S_best | v) ≤ ε, N the number of candidate
 * accounts: by the union bound the chance that any of the N − 1 (or N) innocent accounts clears it is
 * at most ε, whatever the copy is — a copy of one buyer, of two buyers mixed, or of no watermark at
 * all. ε = 10⁻⁴ by default: at most one wrong name in 10 000 identifications, whatever the number of
 * candidates (more candidates only raise the score needed). The price: a copy must carry enough
 * segments, at 1 bit per segment at best; N · 2⁻ⁿ ≤ ε needs n ≥ 27 clean segments for 10 000
 * candidates (2.7 minutes of 6-second segments).
 */
import { codeSigns, type ForensicKey } from './codeword';

/** Default ε, the bound on naming an innocent account in one identification. */
export const DEFAULT_FALSE_NAME_BOUND = 1e-4;

/** Grid of the exact tail: the values' absolute sum is spread over this many steps. */
const TAIL_STEPS = 20_000;

/**
 * P(Σ c_k · values_k ≥ observed) for independent fair signs c_k ∈ {−1, +1}, never below the true
 * value (rounding to the grid is accounted for). 1 when `observed` ≤ the rounding margin below 0.
 */
export function signTail(values: ArrayLike<number>, observed: number): number {
  const n = values.length;
  let total = 0;
  for (let k = 0; k < n; k += 1) total += Math.abs(values[k]!);
  if (total === 0) return 1;
  const step = total / TAIL_STEPS;
  const q = Array.from({ length: n }, (_v, k) => Math.round(Math.abs(values[k]!) / step));
  const range = q.reduce((sum, x) => sum + x, 0);
  // Σ c·v ≥ x implies Σ c·q·step ≥ x − Σ|v − q·step| ≥ x − n·step/2.
  const needed = Math.ceil((observed - (n * step) / 2) / step - 1e-9);
  if (needed <= -range) return 1;
  if (needed > range) return 0;
  let dist = new Float64Array(2 * range + 1);
  let next = new Float64Array(2 * range + 1);
  dist[range] = 1;
  let reach = 0;
  for (const size of q) {
    if (size === 0) continue;
    next.fill(0, range - reach - size, range + reach + size + 1);
    for (let s = range - reach; s <= range + reach; s += 1) {
      const p = dist[s]! / 2;
      if (p === 0) continue;
      next[s + size] = next[s + size]! + p;
      next[s - size] = next[s - size]! + p;
    }
    reach += size;
    [dist, next] = [next, dist];
  }
  let tail = 0;
  for (let s = range + Math.max(needed, -range); s <= 2 * range; s += 1) tail += dist[s]!;
  return Math.min(1, tail);
}

/** Each candidate's score over segments `first` … `first + values.length - 1` (value `k` is segment `first + k`). */
export function scoreCandidates(key: ForensicKey, candidates: ReadonlyArray<number | string>, first: number, values: ArrayLike<number>): Float64Array {
  const scores = new Float64Array(candidates.length);
  candidates.forEach((user, i) => {
    const signs = codeSigns(key, user, first, values.length);
    let score = 0;
    for (let k = 0; k < signs.length; k += 1) score += signs[k]! * values[k]!;
    scores[i] = score;
  });
  return scores;
}

/** The decision over the candidates' scores. */
export interface Naming {
  /** Index in the candidates of the best score, and that score. */
  best: number;
  bestScore: number;
  /** The second best score (how far the best stands out). */
  runnerUpScore: number;
  /** N · P(innocent ≥ best score): the bound on the best being named by chance (may exceed 1). */
  falseNameBound: number;
  /** True when `falseNameBound` ≤ ε. */
  named: boolean;
}

/**
 * Names the best of `scores` when N · {@link signTail}(values, best) ≤ `epsilon` (see the file's
 * comment for why this bounds a wrong name by ε).
 * @throws RangeError without candidates
 */
export function nameBest(values: ArrayLike<number>, scores: Float64Array, epsilon = DEFAULT_FALSE_NAME_BOUND): Naming {
  if (scores.length === 0) throw new RangeError('no candidates');
  let best = 0;
  let runnerUp = -Infinity;
  for (let i = 1; i < scores.length; i += 1) {
    if (scores[i]! > scores[best]!) {
      runnerUp = scores[best]!;
      best = i;
    } else if (scores[i]! > runnerUp) runnerUp = scores[i]!;
  }
  const falseNameBound = scores.length * signTail(values, scores[best]!);
  return { best, bestScore: scores[best]!, runnerUpScore: runnerUp, falseNameBound, named: falseNameBound <= epsilon };
}
