/**
 * The naming threshold of the forensic watermark (issue 38 item 3, "with no wrong account named"):
 * the tail of a sum of fair random signs is computed exactly (never below the truth), and naming
 * the best of N candidates only when N · tail ≤ ε names an innocent account at most ε of the time.
 */
import { signTail } from '../../../src/modules/forensics';
import { nameBest } from '../../../src/modules/forensics/score';
import { randomSource } from '../../../src/seed/scale';

/** P(Σ c·v ≥ x) by listing every sign pattern. */
function exhaustiveTail(values: number[], x: number): number {
  let hits = 0;
  const n = values.length;
  for (let mask = 0; mask < 1 << n; mask += 1) {
    let sum = 0;
    for (let k = 0; k < n; k += 1) sum += (mask >> k) & 1 ? values[k]! : -values[k]!;
    if (sum >= x - 1e-12) hits += 1;
  }
  return hits / (1 << n);
}

describe('signTail', () => {
  it('is never below the exact tail and close above it', () => {
    const next = randomSource(7);
    for (let trial = 0; trial < 40; trial += 1) {
      const values = Array.from({ length: 12 }, () => (next() - 0.5) * 10);
      const total = values.reduce((s, v) => s + Math.abs(v), 0);
      for (const share of [-0.5, 0, 0.3, 0.6, 0.9, 1]) {
        const x = share * total;
        const exact = exhaustiveTail(values, x);
        const computed = signTail(values, x);
        expect(computed).toBeGreaterThanOrEqual(exact - 1e-12);
        // Within the rounding margin: at most the tail a hair lower.
        expect(computed).toBeLessThanOrEqual(exhaustiveTail(values, x - (12 * total) / 20_000) + 1e-12);
      }
    }
  });

  it('is 2^-n for a perfect match of n equal values, and 1 for nothing', () => {
    const values = Array.from({ length: 30 }, () => 8);
    expect(signTail(values, 240)).toBeCloseTo(2 ** -30, 15);
    expect(signTail(values, 224)).toBeCloseTo(31 * 2 ** -30, 15);
    expect(signTail([0, 0], 0)).toBe(1);
  });
});

describe('nameBest', () => {
  it('names an innocent account at most ε of the time (random evidence, 200 candidates, ε = 0.2)', () => {
    const next = randomSource(11);
    const [trials, candidates, segments, epsilon] = [1500, 200, 30, 0.2];
    let named = 0;
    for (let trial = 0; trial < trials; trial += 1) {
      const values = Float64Array.from({ length: segments }, () => Math.max(-8, Math.min(8, (next() - 0.5) * 16)));
      const scores = Float64Array.from({ length: candidates }, () => {
        let score = 0;
        for (let k = 0; k < segments; k += 1) score += (next() < 0.5 ? -1 : 1) * values[k]!;
        return score;
      });
      if (nameBest(values, scores, epsilon).named) named += 1;
    }
    // Expected at most 300 (ε · trials); the union bound is loose, so far fewer in practice.
    expect(named).toBeLessThanOrEqual(epsilon * trials);
  });

  it("names the buyer whose code word the evidence follows, and nobody from too few segments", () => {
    const next = randomSource(3);
    const code = (n: number) => Float64Array.from({ length: n }, () => (next() < 0.5 ? -1 : 1));
    const scoreOf = (signs: Float64Array, values: Float64Array) => signs.reduce((s, c, k) => s + c * values[k]!, 0);
    const buyer = code(30);
    const values = buyer.map((c) => 8 * c);
    const others = Array.from({ length: 9999 }, () => code(30));
    const scores = Float64Array.from([...others.map((o) => scoreOf(o, values)), scoreOf(buyer, values)]);
    const naming = nameBest(values, scores);
    expect(naming).toMatchObject({ named: true, best: 9999 });
    expect(naming.falseNameBound).toBeCloseTo(10_000 * 2 ** -30, 12);
    // 20 segments (2 minutes) cannot single out one of 10 000 at ε = 10⁻⁴: 10 000 · 2⁻²⁰ ≈ 0.01.
    const short = values.subarray(0, 20);
    const shortScores = Float64Array.from([...others.map((o) => scoreOf(o.subarray(0, 20), short)), scoreOf(buyer.subarray(0, 20), short)]);
    expect(nameBest(short, shortScores).named).toBe(false);
  });
});
