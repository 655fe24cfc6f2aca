/**
 * The forensic watermark's figures of `npm run bench` (issue 38 item 3 and "Figures"): how many
 * leaked copies name their buyer among 10 000 accounts (target: at least 9 in 10 of copies of 3
 * minutes or more), how many name a wrong account (target: none), and what the B segments cost.
 *
 * 1. Cost: a 1280×720, 25 fps clip (ffmpeg's test sources, kept in `bench-results/`) through the
 *    lessons module's HLS transcode (360p and 720p), then `makeVariants`: wall time and bytes with
 *    A/B against without, and the PSNR of A and B against the source and of B against A.
 * 2. Identification: a 426×240, 25 fps lesson like a screen-recorded class (slides changing every
 *    10–40 s under a faint texture, a pointer, a moving camera corner; sound; 7 minutes), its B
 *    segments, and 50 copies of 3–4 minutes from buyers' playlists, starting anywhere, each
 *    re-encoded at 60–400 kbit/s (the rendition is 533), scaled by 0.5–1.2, cropped by 10 % on a
 *    random side and blurred in a random corner; 5 of them mix two buyers' segments (collusions).
 *    Beyond the 50, reported apart as the honest limits: copies of the plain rendition, copies made
 *    brighter and more contrasted, at 30 fps like a screen recorder, and copies shorter than 3 minutes.
 *
 * Writes `bench-results/forensics.json`; exit code 1 only when the bench could not run.
 * Environment: BENCH_FORENSICS_COPIES (default 50), BENCH_FORENSICS_COST_SECONDS (default 120),
 * BENCH_FORENSICS_LESSON_SECONDS (default 420), BENCH_FORENSICS_SEED (default 38).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { probeMedia, transcodeToHls, type FfmpegPrograms } from '../src/modules/lessons';
import {
  DEFAULT_STRENGTH,
  forensicKey,
  identify,
  makeVariants,
  openLocalReference,
  variantOf,
  type ForensicKey,
  type ForensicReference,
} from '../src/modules/forensics';
import { REPO_ROOT } from '../src/settings';
import { randomSource } from '../src/seed/scale';
import { leak, mixSegments, playedSegments, renderLesson, type Attack, type CropSide, type Corner } from '../test/helpers/forensic-leaks';
import { tempDir } from '../test/helpers/test-app';

const COPIES = Number(process.env.BENCH_FORENSICS_COPIES) || 50;
const COST_SECONDS = Number(process.env.BENCH_FORENSICS_COST_SECONDS) || 120;
const LESSON_SECONDS = Number(process.env.BENCH_FORENSICS_LESSON_SECONDS) || 420;
const SEED = Number(process.env.BENCH_FORENSICS_SEED) || 38;
const CANDIDATES = Array.from({ length: 10_000 }, (_v, i) => 200_001 + i);
const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');
const programs: FfmpegPrograms = { ffmpegPath: process.env.FFMPEG_PATH || 'ffmpeg', ffprobePath: process.env.FFPROBE_PATH || 'ffprobe' };
const run = promisify(execFile);

const log = (message: string) => console.log(`[bench:forensics] ${message}`);
const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;

/** Bytes of every file under `dir`. */
function bytesUnder(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

/** The segment files of `rendition` in `hlsDir`, version `variant`. */
function segmentsOf(hlsDir: string, rendition: string, variant: 'a' | 'b'): string[] {
  const dir = path.join(hlsDir, rendition, variant === 'a' ? '' : 'b');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Luma PSNR (dB) of `test` against `reference` scaled to `width`×`height` (ffmpeg's psnr filter). */
async function lumaPsnr(reference: string, test: string, width: number, height: number): Promise<number> {
  const { stderr } = await run('nice', [
    '-n', '19', 'ffmpeg', '-nostdin', '-i', reference, '-i', test,
    // Both from 0 (segments carry the transcode's timestamps, 1.4 s in): psnr pairs frames by time.
    '-filter_complex', `[0:v]setpts=PTS-STARTPTS,scale=${width}:${height}:flags=bicubic,format=yuv420p[r];[1:v]setpts=PTS-STARTPTS,format=yuv420p[t];[r][t]psnr`, '-f', 'null', '-',
  ], { maxBuffer: 1 << 24 });
  const match = /PSNR y:(inf|[0-9.]+)/.exec(stderr);
  return match?.[1] === 'inf' ? Infinity : Number(match?.[1]);
}

/** PSNR of the pattern alone (before any encoding) on a `width`×`height` picture, as variants.ts draws it. */
function patternPsnr(width: number, height: number, strength: number): number {
  let sum = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const level = Math.floor(100 * Math.cos((2 * Math.PI * (x + 0.5)) / width) * Math.cos((2 * Math.PI * (y + 0.5)) / height) + 0.5);
      sum += Math.floor((strength * level) / 100 + 0.5) ** 2;
    }
  }
  return 10 * Math.log10((255 * 255) / (sum / (width * height)));
}

/** Transcodes `source` to HLS in `out` and makes its B segments, timing both. */
async function transcodeBoth(source: string, out: string) {
  const probe = await probeMedia(programs, source);
  let started = performance.now();
  await transcodeToHls(programs, source, probe, out, () => undefined);
  const plainSeconds = (performance.now() - started) / 1000;
  const plainBytes = bytesUnder(out);
  started = performance.now();
  const made = await makeVariants(programs, source, probe, out);
  const variantsSeconds = (performance.now() - started) / 1000;
  return { plainSeconds, plainBytes, variantsSeconds, withBytes: bytesUnder(out), made };
}

/** The cost figures on a 720p clip: time, bytes and PSNR with A/B against without. */
async function costFigures(work: string) {
  const clip = path.join(RESULTS_DIR, `forensics-source-${COST_SECONDS}s-720p.mp4`);
  if (!fs.existsSync(clip)) {
    log(`rendering a ${COST_SECONDS}-second 1280×720 clip (kept as ${clip})`);
    await renderLesson(`${clip}.partial.mp4`, COST_SECONDS, 1280, 720, 25);
    fs.renameSync(`${clip}.partial.mp4`, clip);
  }
  const out = path.join(work, 'cost-hls');
  log('transcoding the 720p clip without and with B segments');
  const t = await transcodeBoth(clip, out);
  const psnr: Record<string, { aVsSource: number; bVsSource: number; bVsA: number }> = {};
  for (const rendition of t.made.renditions) {
    const side = parseInt(rendition, 10);
    const [width, height] = [Math.round((side * 16) / 9 / 2) * 2, side];
    const [a, b] = [`concat:${segmentsOf(out, rendition, 'a').join('|')}`, `concat:${segmentsOf(out, rendition, 'b').join('|')}`];
    psnr[rendition] = {
      aVsSource: round(await lumaPsnr(clip, a, width, height)),
      bVsSource: round(await lumaPsnr(clip, b, width, height)),
      bVsA: round(await lumaPsnr(a, b, width, height)),
    };
    log(`${rendition}: PSNR A ${psnr[rendition].aVsSource} dB, B ${psnr[rendition].bVsSource} dB against the source; B against A ${psnr[rendition].bVsA} dB`);
  }
  const figures = {
    clip: { seconds: COST_SECONDS, size: '1280x720', fps: 25 },
    renditions: t.made.renditions,
    plainTranscodeSeconds: round(t.plainSeconds, 1),
    bTranscodeSeconds: round(t.made.transcodeSeconds, 1),
    signatureSeconds: round(t.made.signatureSeconds, 1),
    timeRatio: round((t.plainSeconds + t.variantsSeconds) / t.plainSeconds),
    bytesWithout: t.plainBytes,
    bytesWith: t.withBytes,
    storageRatio: round(t.withBytes / t.plainBytes),
    psnr,
    patternAlonePsnr: round(patternPsnr(1280, 720, DEFAULT_STRENGTH)),
    strengthLevels: DEFAULT_STRENGTH,
  };
  log(`time ×${figures.timeRatio} (${figures.plainTranscodeSeconds} s + B ${figures.bTranscodeSeconds} s + signature ${figures.signatureSeconds} s); storage ×${figures.storageRatio}`);
  return figures;
}

/** One planned copy. */
interface CopyPlan {
  name: string;
  /** `standard`: one of the 50; the others are reported apart. */
  group: 'standard' | 'collusion' | 'plain' | 'brightness-contrast' | 'fps-30' | 'short';
  buyers: number[];
  attack: Attack;
}

/** The copies: {@link COPIES} standard ones (a tenth collusions), then the honest-limit ones. */
function planCopies(next: () => number, lessonSeconds: number): CopyPlan[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const buyer = () => pick(CANDIDATES);
  const attackOf = (seconds: number, extra: Partial<Attack> = {}): Attack => ({
    kbps: Math.round(60 + next() * 340),
    scale: round(0.5 + next() * 0.7),
    crop: pick<CropSide>(['left', 'right', 'top', 'bottom', 'centre']),
    blur: pick<Corner>(['top-left', 'top-right', 'bottom-left', 'bottom-right']),
    startSeconds: round(next() * (lessonSeconds - seconds - 1), 1),
    seconds,
    ...extra,
  });
  const length = () => Math.round(180 + next() * 60);
  const plans: CopyPlan[] = [];
  const collusions = Math.round(COPIES / 10);
  for (let i = 0; i < COPIES; i += 1) {
    const colluding = i % Math.max(1, Math.floor(COPIES / collusions)) === 0 && plans.filter((p) => p.group === 'collusion').length < collusions;
    plans.push({ name: `copy-${i + 1}`, group: colluding ? 'collusion' : 'standard', buyers: colluding ? [buyer(), buyer()] : [buyer()], attack: attackOf(length()) });
  }
  for (let i = 0; i < 3; i += 1) plans.push({ name: `plain-${i + 1}`, group: 'plain', buyers: [], attack: attackOf(length()) });
  for (let i = 0; i < 2; i += 1) {
    plans.push({ name: `eq-${i + 1}`, group: 'brightness-contrast', buyers: [buyer()], attack: attackOf(length(), { filter: `eq=brightness=${0.04 + 0.04 * i}:contrast=${1.1 + 0.1 * i}:gamma=${1.1 - 0.2 * i}` }) });
    plans.push({ name: `fps30-${i + 1}`, group: 'fps-30', buyers: [buyer()], attack: attackOf(length(), { fps: 30 }) });
  }
  for (const seconds of [90, 120, 150]) plans.push({ name: `short-${seconds}s`, group: 'short', buyers: [buyer()], attack: attackOf(seconds) });
  return plans;
}

/** The segment files a copy is made of: its buyer's playlist, two buyers' mixed segment by segment, or A only. */
async function segmentsForCopy(hlsDir: string, rendition: string, key: ForensicKey, plan: CopyPlan, next: () => number): Promise<string[]> {
  const played = (user: number) => playedSegments(hlsDir, rendition, (k) => variantOf(key, user, k));
  if (plan.buyers.length === 0) return playedSegments(hlsDir, rendition, () => 'a');
  if (plan.buyers.length === 1) return played(plan.buyers[0]!);
  const [first, second] = [await played(plan.buyers[0]!), await played(plan.buyers[1]!)];
  const fromSecond = first.map(() => next() < 0.5);
  return mixSegments(first, second, (k) => fromSecond[k]!);
}

/** One copy's outcome. */
interface CopyResult extends CopyPlan {
  verdict: string;
  named: number | string | null;
  correct: boolean;
  wrong: boolean;
  falseNameProbability: number | null;
  segments: number;
  startError: number | null;
  /** How well the copy was placed: the signature over the whole copy, the fitted rectangle and its fit. */
  timeCorrelation: number | null;
  crop: { x: number; y: number; w: number; h: number } | null;
  cropCorrelation: number | null;
  identifySeconds: number;
}

/** Makes and identifies every planned copy of the lesson in `hlsDir`. */
async function identifyCopies(work: string, hlsDir: string, reference: ForensicReference, key: ForensicKey, plans: CopyPlan[], next: () => number): Promise<CopyResult[]> {
  const rendition = reference.signature.rendition;
  const results: CopyResult[] = [];
  for (const plan of plans) {
    const file = path.join(work, `${plan.name}.mp4`);
    await leak(await segmentsForCopy(hlsDir, rendition, key, plan, next), plan.attack, file);
    const started = performance.now();
    const answer = await identify(programs, file, reference, CANDIDATES, key);
    const identifySeconds = (performance.now() - started) / 1000;
    fs.rmSync(file, { force: true });
    const named = answer.verdict === 'identified' ? answer.userId : null;
    const result: CopyResult = {
      ...plan,
      verdict: answer.verdict === 'identified' ? 'identified' : `cannot-say (${answer.reason})`,
      named,
      correct: named !== null && plan.buyers.includes(named as number),
      wrong: named !== null && !plan.buyers.includes(named as number),
      falseNameProbability: answer.falseNameProbability,
      segments: answer.evidence?.segments.length ?? 0,
      startError: answer.evidence ? round(answer.evidence.startSeconds - plan.attack.startSeconds, 2) : null,
      timeCorrelation: answer.evidence ? round(answer.evidence.timeCorrelation, 3) : null,
      crop: answer.evidence ? { x: round(answer.evidence.crop.x, 3), y: round(answer.evidence.crop.y, 3), w: round(answer.evidence.crop.w, 3), h: round(answer.evidence.crop.h, 3) } : null,
      cropCorrelation: answer.evidence ? round(answer.evidence.cropCorrelation, 3) : null,
      identifySeconds: round(identifySeconds, 1),
    };
    results.push(result);
    const a = plan.attack;
    log(
      `${plan.name} [${plan.group}] ${a.seconds}s from ${a.startSeconds}s, ${a.kbps} kbps, ×${a.scale}, crop ${a.crop}, blur ${a.blur}` +
        `${a.filter ? `, ${a.filter}` : ''}${a.fps ? `, ${a.fps} fps` : ''}: ${result.verdict}${named !== null ? ` ${named} (${result.correct ? 'right' : 'WRONG'})` : ''}` +
        `, bound ${result.falseNameProbability?.toExponential(1) ?? '-'}, ${result.segments} segments, start off by ${result.startError ?? '-'} s, ${result.identifySeconds} s`,
    );
  }
  return results;
}

/** Counts of a group of results. */
function tally(results: CopyResult[]) {
  return {
    copies: results.length,
    identified: results.filter((r) => r.correct).length,
    cannotSay: results.filter((r) => r.named === null).length,
    wrongNames: results.filter((r) => r.wrong).length,
  };
}

/** The results by attack band, for the standard single-buyer copies. */
function byAttack(results: CopyResult[]) {
  const bands: Record<string, (r: CopyResult) => boolean> = {
    'kbps ≤ 120': (r) => r.attack.kbps <= 120,
    'kbps 121–250': (r) => r.attack.kbps > 120 && r.attack.kbps <= 250,
    'kbps > 250': (r) => r.attack.kbps > 250,
    'scale < 0.75': (r) => r.attack.scale < 0.75,
    'scale 0.75–1': (r) => r.attack.scale >= 0.75 && r.attack.scale <= 1,
    'scale > 1': (r) => r.attack.scale > 1,
    ...Object.fromEntries((['left', 'right', 'top', 'bottom', 'centre'] as const).map((side) => [`crop ${side}`, (r: CopyResult) => r.attack.crop === side])),
  };
  return Object.fromEntries(Object.entries(bands).map(([name, test]) => [name, tally(results.filter(test))]));
}

async function main(): Promise<number> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const work = tempDir('shop-bench-forensics-');
  try {
    const cost = await costFigures(work);
    const source = path.join(work, 'lesson.mp4');
    log(`rendering a ${LESSON_SECONDS}-second 426×240 lesson and transcoding it with B segments`);
    await renderLesson(source, LESSON_SECONDS, 426, 240, 25);
    const hlsDir = path.join(work, 'lesson-hls');
    const lesson = await transcodeBoth(source, hlsDir);
    const reference = await openLocalReference(hlsDir);
    const key = forensicKey(randomBytes(32).toString('hex'), 38);
    const next = randomSource(SEED);
    const plans = planCopies(next, LESSON_SECONDS);
    log(`${plans.length} copies (${COPIES} standard, then the limits), ${CANDIDATES.length} candidate accounts`);
    const results = await identifyCopies(work, hlsDir, reference, key, plans, next);
    const single = results.filter((r) => r.group === 'standard');
    const fifty = results.filter((r) => r.group === 'standard' || r.group === 'collusion');
    const times = results.map((r) => r.identifySeconds).sort((x, y) => x - y);
    const report = {
      measuredAt: new Date().toISOString(),
      cost,
      lesson: { seconds: LESSON_SECONDS, size: '426x240', fps: 25, plainTranscodeSeconds: round(lesson.plainSeconds, 1), variantsSeconds: round(lesson.variantsSeconds, 1), timeRatio: round((lesson.plainSeconds + lesson.variantsSeconds) / lesson.plainSeconds), storageRatio: round(lesson.withBytes / lesson.plainBytes) },
      candidates: CANDIDATES.length,
      targets: 'identified ≥ 9 in 10 single-buyer copies of ≥ 3 minutes; no wrong name',
      identificationRate: round(tally(single).identified / Math.max(1, single.length), 3),
      standard: tally(single),
      collusions: tally(results.filter((r) => r.group === 'collusion')),
      wrongNamesAmongTheFifty: tally(fifty).wrongNames,
      byAttack: byAttack(single),
      limits: Object.fromEntries((['plain', 'brightness-contrast', 'fps-30', 'short'] as const).map((g) => [g, tally(results.filter((r) => r.group === g))])),
      identifySeconds: { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] },
      copies: results,
    };
    log(`identified ${report.standard.identified} of ${report.standard.copies} single-buyer copies (${report.identificationRate}; target ≥ 0.9)`);
    log(`collusions: ${report.collusions.identified} named one of the two, ${report.collusions.cannotSay} cannot say; wrong names among the ${fifty.length}: ${report.wrongNamesAmongTheFifty} (target 0)`);
    log(`limits: ${JSON.stringify(report.limits)}`);
    log(`identify: median ${report.identifySeconds.median} s, max ${report.identifySeconds.max} s among ${CANDIDATES.length} candidates`);
    const file = path.join(RESULTS_DIR, 'forensics.json');
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    log(`written ${file}`);
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:forensics] failed:', error);
    process.exit(1);
  },
);
