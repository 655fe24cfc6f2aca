/**
 * What identification compares a leaked copy with (issue 38 item 3): one video rendition of the
 * lesson (the smallest: the pattern is the same in every rendition and the copy is read at 64×36
 * anyway), its A and B segments, and a signature of the whole lesson written once when the B
 * segments are made (`forensics.json` at the top of the HLS folder): for every frame of A, the mean
 * luma of each cell of an 8×6 grid over the picture's central 80 %. A copy that starts anywhere in a
 * two-hour lesson is placed in time against it without decoding the lesson again. The route that
 * serves HLS files refuses `.json`, so the file stays private like the rest of the folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { probeMedia, type FfmpegPrograms } from '../lessons';
import type { Variant } from './codeword';
import { segmentDurations, segmentUris, variantUri } from './forensic-playlist';
import { readGrayFrames } from './frames';

/** Name of the signature file at the top of a lesson's HLS folder. */
export const SIGNATURE_FILE = 'forensics.json';

/** The signature's grid: cells across and down, and the central part of the picture it covers. */
export const SIGNATURE_GRID = { width: 8, height: 6, centre: 0.8 } as const;

/** Frame rates a measured rate is snapped to when within 0.3 % of one (frames / seconds of a CFR lesson is a hair off). */
const COMMON_RATES = [10, 12, 12.5, 15, 20, 24000 / 1001, 24, 25, 30000 / 1001, 30, 48, 50, 60000 / 1001, 60];

/** The stored signature of a lesson (`forensics.json`). */
export interface ReferenceSignature {
  version: 1;
  /** The rendition compared with (`360p`, …) and its picture size, pixels. */
  rendition: string;
  width: number;
  height: number;
  /** Frames a second of the rendition. */
  fps: number;
  /** Each segment's duration, seconds (the media playlist's `#EXTINF`). */
  durations: number[];
  /** Frames in {@link ReferenceSignature.cells}. */
  frames: number;
  /** Base64 of `frames` × 48 bytes: each frame's grid cells' mean luma, row by row. */
  cells: string;
}

/** A lesson as identification reads it: its signature and its segments, fetched on demand. */
export interface ForensicReference {
  signature: ReferenceSignature;
  /**
   * A local path of segment `index` (0-based, playlist order) of the signature's rendition in
   * version `variant`; the caller may download it from the store into a temp folder here.
   */
  segmentFile(index: number, variant: Variant): Promise<string>;
}

/** `rate` snapped to a common frame rate when it is within 0.3 % of one. */
function snapRate(rate: number): number {
  const near = COMMON_RATES.find((common) => Math.abs(rate - common) / common < 0.003);
  return near ?? rate;
}

/** The segment URIs of `rendition`'s media playlist in `hlsDir`, with their durations (seconds). */
async function readRendition(hlsDir: string, rendition: string): Promise<{ uris: string[]; durations: number[] }> {
  const playlist = await fs.readFile(path.join(hlsDir, rendition, 'index.m3u8'), 'utf8');
  return { uris: segmentUris(playlist), durations: segmentDurations(playlist) };
}

/**
 * Computes the signature of `rendition` in `hlsDir` from its A segments and writes it to
 * {@link SIGNATURE_FILE} there (decodes the rendition once, at nice 19).
 * @throws Error when ffmpeg cannot read the segments or `signal` stops it
 */
export async function writeReferenceSignature(programs: FfmpegPrograms, hlsDir: string, rendition: string, signal?: AbortSignal): Promise<ReferenceSignature> {
  const { uris, durations } = await readRendition(hlsDir, rendition);
  const probe = await probeMedia(programs, path.join(hlsDir, rendition, uris[0]!), signal);
  // Through the playlist (ffmpeg's HLS reader): a long lesson's segment list would not fit in one argument.
  const grid = await readGrayFrames(programs, path.join(hlsDir, rendition, 'index.m3u8'), { width: SIGNATURE_GRID.width, height: SIGNATURE_GRID.height, centre: SIGNATURE_GRID.centre }, signal);
  const seconds = durations.reduce((sum, d) => sum + d, 0);
  const bytes = Buffer.alloc(grid.frames.length * SIGNATURE_GRID.width * SIGNATURE_GRID.height);
  grid.frames.forEach((frame, i) => bytes.set(frame, i * frame.length));
  const signature: ReferenceSignature = {
    version: 1,
    rendition,
    width: probe.video?.width ?? 0,
    height: probe.video?.height ?? 0,
    fps: snapRate(grid.frames.length / seconds),
    durations,
    frames: grid.frames.length,
    cells: bytes.toString('base64'),
  };
  await fs.writeFile(path.join(hlsDir, SIGNATURE_FILE), JSON.stringify(signature));
  return signature;
}

/**
 * The signature's cells as one frame per entry (48 bytes each).
 * @throws Error when the stored data is shorter than its frame count says
 */
export function signatureFrames(signature: ReferenceSignature): Uint8Array[] {
  const bytes = Buffer.from(signature.cells, 'base64');
  const size = SIGNATURE_GRID.width * SIGNATURE_GRID.height;
  if (bytes.length < signature.frames * size) throw new Error('the forensic signature is truncated');
  return Array.from({ length: signature.frames }, (_v, i) => new Uint8Array(bytes.buffer, bytes.byteOffset + i * size, size));
}

/**
 * A {@link ForensicReference} over a lesson's HLS folder on this machine (as `makeVariants` left it).
 * @throws Error when {@link SIGNATURE_FILE} is missing (no B segments were made) or unreadable
 */
export async function openLocalReference(hlsDir: string): Promise<ForensicReference> {
  const signature = JSON.parse(await fs.readFile(path.join(hlsDir, SIGNATURE_FILE), 'utf8')) as ReferenceSignature;
  if (signature.version !== 1) throw new Error(`forensic signature version ${String(signature.version)}`);
  const { uris } = await readRendition(hlsDir, signature.rendition);
  return {
    signature,
    segmentFile: async (index, variant) => {
      const uri = uris[index];
      if (uri === undefined) throw new RangeError(`segment ${index} of ${uris.length}`);
      return path.join(hlsDir, signature.rendition, variantUri(uri, variant));
    },
  };
}

