/**
 * ffmpeg and ffprobe for lesson processing (issue 24 "Processing"): what a source holds, its HLS
 * renditions and a poster frame. Every program runs as a child at the lowest CPU priority (nice
 * 19), so the pages stay fast while a lesson transcodes; a source that ffmpeg refuses is a
 * {@link MediaRefused} with a Persian reason, never retried.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LESSONS_MESSAGES } from './messages';

/** The programs to run (settings FFMPEG_PATH, FFPROBE_PATH). */
export interface FfmpegPrograms {
  ffmpegPath: string;
  ffprobePath: string;
}

/** A source that cannot become a lesson; `message` is the Persian reason shown to staff. */
export class MediaRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaRefused';
  }
}

/** What ffprobe found in a source. */
export interface MediaProbe {
  durationSeconds: number;
  /** The first video stream (not a cover image), or null for audio. */
  video: { width: number; height: number } | null;
  hasAudio: boolean;
}

/** Video renditions: the shorter side (px; the height of a landscape picture) and the video bit rate (kbit/s). */
const VIDEO_RENDITIONS = [
  { side: 360, kbps: 800 },
  { side: 720, kbps: 2800 },
];

/** AAC bit rate of every rendition's sound, kbit/s. */
const AUDIO_KBPS = 128;

/** A source shorter than this, seconds, is a 0-second clip. */
const MIN_SECONDS = 0.1;

/** Length of an HLS segment, seconds (issue 24). */
export const SEGMENT_SECONDS = 6;

/** The last lines of a program's error output kept for the log. */
const STDERR_TAIL = 2_000;

interface Run {
  stdout: string;
  stderr: string;
  /** The standard output's bytes, with `raw` only (then `stdout` is empty). */
  bytes?: Buffer;
}

/**
 * Runs `program` with `args` at nice 19 and resolves with its output when it exits with 0.
 * `onLine` sees each line of its standard output as it comes; `raw` keeps that output as bytes;
 * `signal` kills it.
 * @throws MediaRefused `ffmpegMissing` when the program is not installed; Error with the end of
 * its error output when it exits otherwise
 */
function run(program: string, args: string[], options: { signal?: AbortSignal; onLine?: (line: string) => void; raw?: boolean } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // the child already exited
      }
    }
    let stdout = '';
    let stderr = '';
    let pending = '';
    const chunks: Buffer[] = [];
    if (options.raw) child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    else child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onLine) {
        stdout += chunk;
        return;
      }
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new MediaRefused(LESSONS_MESSAGES.ffmpegMissing) : error);
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr, ...(options.raw ? { bytes: Buffer.concat(chunks) } : {}) });
      else reject(Object.assign(new Error(`${program} exited with ${code ?? signal}: ${stderr.trim()}`), { stderr }));
    });
  });
}

/** The answers of {@link checkPrograms} in this process, by the programs' paths. */
const checked = new Map<string, Promise<Error | null>>();

/**
 * Null when both programs run, else the error of the first that does not (logged once at start).
 * Each pair of paths is tried once per process (`-version`, about 0.15 s of CPU each): the apps
 * of one process (the tests build several) share the answer.
 */
export function checkPrograms(programs: FfmpegPrograms): Promise<Error | null> {
  const key = `${programs.ffmpegPath}\0${programs.ffprobePath}`;
  let answer = checked.get(key);
  if (!answer) {
    answer = (async () => {
      try {
        await run(programs.ffmpegPath, ['-version']);
        await run(programs.ffprobePath, ['-version']);
        return null;
      } catch (error) {
        return error as Error;
      }
    })();
    checked.set(key, answer);
  }
  return answer;
}

/**
 * Runs ffmpeg with `args`, which write raw bytes to its standard output (`pipe:1`), at nice 19, and
 * resolves with those bytes (the forensic watermark reads frames as gray pixels this way; issue 38).
 * @throws MediaRefused `ffmpegMissing`; Error with the end of its error output when ffmpeg fails or `signal` stops it
 */
export async function ffmpegBytes(programs: FfmpegPrograms, args: string[], signal?: AbortSignal): Promise<Buffer> {
  const { bytes } = await run(programs.ffmpegPath, ['-v', 'error', '-nostdin', ...args], { signal, raw: true });
  return bytes!;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  /** A phone's rotation of the picture, degrees (ffmpeg turns the frames upright when it decodes). */
  side_data_list?: Array<{ rotation?: number }>;
  tags?: { rotate?: string };
  duration?: string;
  disposition?: { attached_pic?: number };
}

/**
 * What `file` holds, by ffprobe.
 * @throws MediaRefused `lessonUnreadable` (ffprobe cannot read it), `lessonNoStreams` (no sound
 * and no picture), `lessonEmpty` (0 seconds), `ffmpegMissing`
 */
export async function probeMedia(programs: FfmpegPrograms, file: string, signal?: AbortSignal): Promise<MediaProbe> {
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    const { stdout } = await run(programs.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
    parsed = JSON.parse(stdout) as typeof parsed;
  } catch (error) {
    if (error instanceof MediaRefused || signal?.aborted) throw error;
    throw new MediaRefused(LESSONS_MESSAGES.lessonUnreadable);
  }
  const streams = parsed.streams ?? [];
  const videoStream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  // Also a 0-second MP4, which ffmpeg writes with no stream at all.
  if (!videoStream && !hasAudio) throw new MediaRefused(LESSONS_MESSAGES.lessonNoStreams);
  const durations = [parsed.format?.duration, ...streams.map((s) => s.duration)].map(Number).filter(Number.isFinite);
  const durationSeconds = Math.max(0, ...durations);
  if (durationSeconds < MIN_SECONDS) throw new MediaRefused(LESSONS_MESSAGES.lessonEmpty);
  return {
    durationSeconds,
    video: videoStream ? uprightSize(videoStream) : null,
    hasAudio,
  };
}

/** The picture's size as shown: width and height swapped when it is turned a quarter. */
function uprightSize(stream: ProbeStream): { width: number; height: number } {
  const rotation = Number(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarter ? { width: stream.height!, height: stream.width! } : { width: stream.width!, height: stream.height! };
}

/**
 * Sizes of the video renditions of a picture `width`×`height` as shown, named by their shorter
 * side (`360p` of a portrait phone video is 360 px wide): 360 and 720 where the source's shorter
 * side is at least that, or one at its own (even) shorter side below 360.
 */
export function renditionSides(width: number, height: number): number[] {
  const shorter = Math.min(width, height);
  const sides = VIDEO_RENDITIONS.map((r) => r.side).filter((side) => side <= shorter);
  return sides.length > 0 ? sides : [Math.max(2, shorter - (shorter % 2))];
}

/** Video bit rate of a rendition whose shorter side is `side` px, kbit/s. */
function videoKbps(side: number): number {
  return VIDEO_RENDITIONS.find((r) => r.side === side)?.kbps ?? Math.round((800 * side) / 360);
}

/**
 * Transcodes `file` into HLS in `outDir`: `master.m3u8` (BANDWIDTH, RESOLUTION, CODECS of each
 * variant) and a folder per rendition (`360p/`, `720p/`, `audio/`, each `index.m3u8` and
 * `seg00000.ts`…), H.264 + AAC in {@link SEGMENT_SECONDS}-second segments. A video gets its
 * {@link renditionSides} (with sound when it has some) and, with sound, an audio-only variant;
 * a sound source only the audio variant. `onProgress` gets the seconds of the source done so far.
 * `options.picture` is a filter graph that reads `[0:v:0]` and writes `[picture]`, from which the
 * renditions are scaled (the forensic watermark's B variant, issue 38); segments stay the same.
 * @throws MediaRefused `lessonUnreadable` when ffmpeg cannot decode it, `ffmpegMissing`; Error when
 * stopped by `signal` or the disk is full
 */
export async function transcodeToHls(
  programs: FfmpegPrograms,
  file: string,
  probe: MediaProbe,
  outDir: string,
  onProgress: (seconds: number) => void,
  signal?: AbortSignal,
  options: { picture?: string } = {},
): Promise<void> {
  const args = ['-v', 'error', '-nostdin', '-y', '-i', file];
  const maps: string[] = [];
  const streamMap: string[] = [];
  const sides = probe.video ? renditionSides(probe.video.width, probe.video.height) : [];
  const portrait = probe.video !== null && probe.video.height > probe.video.width;
  if (sides.length > 0) {
    const labels = sides.map((_side, i) => `[s${i}]`).join('');
    const scales = sides.map((side, i) => `[s${i}]scale=${portrait ? `${side}:-2` : `-2:${side}`}[v${i}]`).join(';');
    const picture = options.picture ? `${options.picture};[picture]` : '[0:v:0]';
    args.push('-filter_complex', `${picture}split=${sides.length}${labels};${scales}`);
  }
  let audioIndex = 0;
  sides.forEach((side, i) => {
    maps.push('-map', `[v${i}]`);
    const kbps = videoKbps(side);
    args.push(`-b:v:${i}`, `${kbps}k`, `-maxrate:v:${i}`, `${Math.round(kbps * 1.07)}k`, `-bufsize:v:${i}`, `${Math.round(kbps * 1.5)}k`);
    if (probe.hasAudio) {
      maps.push('-map', '0:a:0');
      streamMap.push(`v:${i},a:${audioIndex},name:${side}p`);
      audioIndex += 1;
    } else {
      streamMap.push(`v:${i},name:${side}p`);
    }
  });
  if (probe.hasAudio) {
    maps.push('-map', '0:a:0');
    streamMap.push(`a:${audioIndex},name:audio`);
  }
  args.push(...maps);
  if (sides.length > 0) {
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
    // A key frame at every segment boundary, so the renditions switch cleanly.
    args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0');
  }
  if (probe.hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2');
  args.push(
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_segment_filename', `${outDir}/%v/seg%05d.ts`,
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap.join(' '),
    '-progress', 'pipe:1',
    '-nostats',
    `${outDir}/%v/index.m3u8`,
  );
  try {
    await run(programs.ffmpegPath, args, {
      signal,
      onLine: (line) => {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) onProgress(Number(match[1]) / 1e6);
      },
    });
  } catch (error) {
    // ffprobe read it but ffmpeg cannot decode it (a damaged or truncated file): refused, not retried.
    // Stopped, ffmpeg missing or a full disk are the server's: thrown as they are (retried).
    const stderr = (error as { stderr?: string }).stderr ?? '';
    if (signal?.aborted || error instanceof MediaRefused || /No space left on device/i.test(stderr)) throw error;
    throw Object.assign(new MediaRefused(LESSONS_MESSAGES.lessonUnreadable), { cause: error });
  }
}

/**
 * One frame of a video at `atSeconds`, as PNG (the lesson's poster; uploads.ts makes it WebP).
 * @throws Error when ffmpeg fails
 */
export async function grabFrame(programs: FfmpegPrograms, file: string, atSeconds: number, outFile: string, signal?: AbortSignal): Promise<void> {
  await run(
    programs.ffmpegPath,
    ['-v', 'error', '-nostdin', '-y', '-ss', atSeconds.toFixed(2), '-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', outFile],
    { signal },
  );
}

/**
 * Renders a test-pattern video with a tone, `seconds` long, `size` (default 1280×720), H.264 + AAC in MP4, from
 * ffmpeg's own sources (the demo lesson of the seed and the benchmark need no committed video).
 * @throws Error when ffmpeg fails, MediaRefused `ffmpegMissing`
 */
export async function renderTestClip(programs: FfmpegPrograms, outFile: string, seconds: number, size = '1280x720'): Promise<void> {
  await run(programs.ffmpegPath, [
    '-v', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
    outFile,
  ]);
}

/** Every file {@link transcodeToHls} wrote under `outDir`, as sorted paths relative to it with `/` (`master.m3u8`, `360p/seg00000.ts`, …). */
export async function hlsFilesOf(outDir: string): Promise<string[]> {
  const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
