/**
 * The B segments of a lesson (issue 38 item 3, "each rendition is transcoded twice with an invisible
 * difference"). A is the rendition as the lesson processing made it; B is the same source through
 * the same transcode (lessons' `transcodeToHls`: same renditions, bit rates, forced key frames and
 * segment cuts) with a faint, smooth luminance pattern added before scaling, so B's segments line
 * up one for one with A's and a playlist may take either for any segment.
 *
 * The pattern: offset(x, y) = round(strength · cos(2πx/W) · cos(2πy/H)) luma levels, a two-by-two
 * grid of soft blobs (peak ±`strength`, RMS ≈ strength / 2). It is the lowest spatial frequency that
 * has no constant part, so it survives what a leak does to a picture (a lower bit rate keeps the
 * blocks' averages, scaling and blurring keep low frequencies, a 10 % crop keeps most of each blob)
 * while a change of brightness or contrast of the whole picture, which a flat offset would be lost
 * in, is told apart from it (soft-decisions.ts fits those out per frame).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { transcodeToHls, type FfmpegPrograms, type MediaProbe } from '../lessons';
import { B_FOLDER, segmentDurations, segmentUris } from './forensic-playlist';
import { writeReferenceSignature } from './reference';

/** Peak of the pattern, 8-bit luma levels (measured in bench-forensics.ts: PSNR and survival). */
export const DEFAULT_STRENGTH = 2;

/** Scale of the pattern picture's values around 128 (the pattern is drawn once at ±100, then scaled by the strength). */
const PATTERN_SCALE = 100;

/** What {@link makeVariants} made. */
export interface VariantsMade {
  /** The video renditions that got B segments (`360p`, `720p`, …). */
  renditions: string[];
  /** Segments per rendition. */
  segments: number;
  /** Bytes of the renditions' A segments and of their B segments. */
  bytesA: number;
  bytesB: number;
  /** Wall time of the B transcode and of the reference signature, seconds. */
  transcodeSeconds: number;
  signatureSeconds: number;
}

/**
 * The filter graph (for `transcodeToHls`'s `picture`) that adds the pattern to `[0:v:0]` of a
 * `width`×`height` picture (as shown) and writes `[picture]`: chroma untouched, luma clipped to 0–255.
 * @param strength peak offset, 8-bit levels (default {@link DEFAULT_STRENGTH})
 */
export function patternGraph(width: number, height: number, strength = DEFAULT_STRENGTH): string {
  const pattern = `128+floor(${PATTERN_SCALE}*cos(2*PI*(X+0.5)/W)*cos(2*PI*(Y+0.5)/H)+0.5)`;
  // One pattern frame, repeated by lut2 for every frame of the source (framesync's eof_action=repeat).
  const draw = `nullsrc=s=${width}x${height}:r=1:d=1,format=yuv420p,geq=lum='${pattern}':cb=128:cr=128[fwpattern]`;
  const add = `clip(x+floor(${strength}*(y-128)/${PATTERN_SCALE}+0.5),0,255)`;
  return `${draw};[0:v:0]format=yuv420p[fwsource];[fwsource][fwpattern]lut2=c0='${add}':c1=x:c2=x[picture]`;
}

/** Total size of `files` in `dir`, bytes. */
async function bytesOf(dir: string, files: string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += (await fs.stat(path.join(dir, file))).size;
  return total;
}

/**
 * Makes the B segments of the lesson whose HLS output (`transcodeToHls` of `source`) is in `hlsDir`:
 * `<rendition>/b/segNNNNN.ts` beside each video rendition's A segments, same names, same
 * durations (checked), and `forensics.json` at the top (the reference signature that
 * identification aligns a copy with; see reference.ts). Costs one more transcode of the source
 * (bench-forensics.ts measures it). A sound-only lesson gets nothing (no picture to mark).
 * @param source the source `hlsDir` was made from, and its `probe`
 * @throws Error when B does not line up with A (another source, or other transcode settings), when
 * ffmpeg fails or `options.signal` stops it; MediaRefused as `transcodeToHls`
 */
export async function makeVariants(
  programs: FfmpegPrograms,
  source: string,
  probe: MediaProbe,
  hlsDir: string,
  options: { strength?: number; signal?: AbortSignal; onProgress?: (seconds: number) => void } = {},
): Promise<VariantsMade> {
  const made: VariantsMade = { renditions: [], segments: 0, bytesA: 0, bytesB: 0, transcodeSeconds: 0, signatureSeconds: 0 };
  if (!probe.video) return made;
  // Beside the output, on the same file system, so the segments move by renaming.
  const work = `${hlsDir.replace(/\/+$/, '')}.forensic-b`;
  await fs.rm(work, { recursive: true, force: true });
  const started = performance.now();
  try {
    const picture = patternGraph(probe.video.width, probe.video.height, options.strength);
    await transcodeToHls(programs, source, probe, work, options.onProgress ?? (() => undefined), options.signal, { picture });
    made.transcodeSeconds = (performance.now() - started) / 1000;
    const entries = await fs.readdir(hlsDir, { withFileTypes: true });
    const renditions = entries.filter((e) => e.isDirectory() && /^\d+p$/.test(e.name)).map((e) => e.name);
    for (const rendition of renditions.sort((x, y) => parseInt(x, 10) - parseInt(y, 10))) {
      const playlistA = await fs.readFile(path.join(hlsDir, rendition, 'index.m3u8'), 'utf8');
      const playlistB = await fs.readFile(path.join(work, rendition, 'index.m3u8'), 'utf8');
      const [durationsA, durationsB] = [segmentDurations(playlistA), segmentDurations(playlistB)];
      const apart = durationsA.findIndex((d, i) => Math.abs(d - (durationsB[i] ?? -1)) > 0.001);
      if (durationsA.length !== durationsB.length || apart >= 0) {
        throw new Error(`B segments of ${rendition} do not line up with A (${durationsB.length} against ${durationsA.length}, first apart: ${apart})`);
      }
      const [urisA, urisB] = [segmentUris(playlistA), segmentUris(playlistB)];
      await fs.mkdir(path.join(hlsDir, rendition, B_FOLDER), { recursive: true });
      for (let i = 0; i < urisA.length; i += 1) {
        await fs.rename(path.join(work, rendition, urisB[i]!), path.join(hlsDir, rendition, B_FOLDER, urisA[i]!));
      }
      made.bytesA += await bytesOf(path.join(hlsDir, rendition), urisA);
      made.bytesB += await bytesOf(path.join(hlsDir, rendition, B_FOLDER), urisA);
      made.renditions.push(rendition);
      made.segments = urisA.length;
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  const signed = performance.now();
  if (made.renditions.length > 0) await writeReferenceSignature(programs, hlsDir, made.renditions[0]!, options.signal);
  made.signatureSeconds = (performance.now() - signed) / 1000;
  return made;
}
