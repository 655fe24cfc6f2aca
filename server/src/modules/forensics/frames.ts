/**
 * Frames as small gray pictures (issue 38 item 3): ffmpeg decodes, crops and scales (area
 * averaging) to a few thousand 8-bit luma pixels per frame, written raw to its standard output and
 * read into one buffer here; no native addon. Identification works on these only.
 */
import { ffmpegBytes, type FfmpegPrograms } from '../lessons';

/** Decoded frames of `width`×`height` gray pixels, row by row, at `fps` frames a second (null: the input's own). */
export interface GrayFrames {
  width: number;
  height: number;
  fps: number | null;
  /** One view per frame into a single buffer, `width * height` bytes each. */
  frames: Uint8Array[];
}

/** A rectangle of a picture, pixels of that picture (x, y its top-left corner). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What to read of a video. */
export interface GrayReadOptions {
  width: number;
  height: number;
  /** Frames a second of the output (ffmpeg's `fps` filter drops or repeats frames to keep it); omitted: the input's own frames. */
  fps?: number;
  /** Keep only this rectangle of each picture (before scaling). */
  crop?: PixelRect;
  /** Keep only the central fraction of each picture (0–1, before scaling; ignored with `crop`). */
  centre?: number;
  /** Read at most this many seconds from the start. */
  maxSeconds?: number;
}

/**
 * Decodes `input` (a file, or several MPEG-TS segments played one after the other) into
 * {@link GrayFrames}. Memory: `width * height` bytes per frame (64×36 at 25 fps: 3.5 MB a minute).
 * @throws Error when ffmpeg cannot read the input or `signal` stops it; MediaRefused `ffmpegMissing`
 */
export async function readGrayFrames(programs: FfmpegPrograms, input: string | string[], options: GrayReadOptions, signal?: AbortSignal): Promise<GrayFrames> {
  const { width, height, fps } = options;
  const filters = fps === undefined ? [] : [`fps=${fps}`];
  if (options.crop) {
    const c = options.crop;
    filters.push(`crop=${c.width}:${c.height}:${c.x}:${c.y}:exact=1`);
  } else if (options.centre !== undefined && options.centre < 1) {
    filters.push(`crop=iw*${options.centre}:ih*${options.centre}`);
  }
  filters.push(`scale=${width}:${height}:flags=area`, 'format=gray');
  const source = Array.isArray(input) ? `concat:${input.join('|')}` : input;
  const args = ['-i', source];
  if (options.maxSeconds !== undefined) args.push('-t', String(options.maxSeconds));
  args.push('-an', '-sn', '-vf', filters.join(','), '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1');
  const bytes = await ffmpegBytes(programs, args, signal);
  const size = width * height;
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset + size <= bytes.length; offset += size) {
    frames.push(new Uint8Array(bytes.buffer, bytes.byteOffset + offset, size));
  }
  return { width, height, fps: fps ?? null, frames };
}
