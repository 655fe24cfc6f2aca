/**
 * Lessons and leaked copies for the forensic watermark's test and bench (issue 38 "How it is
 * tested"): a lesson with motion, texture and sound made by ffmpeg's own sources, and copies made
 * from real playback: the segment files a buyer's playlist names, joined, then re-encoded at a lower
 * bit rate, scaled, cropped by 10 % and with a blur over a corner, optionally starting part-way.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { rewritePlaylist, type Variant } from '../../src/modules/forensics';
import { randomSource } from '../../src/seed/scale';

const run = promisify(execFile);

/** ffmpeg at nice 19 (the machine is shared), failing with its error output. */
async function ffmpeg(args: string[]): Promise<void> {
  await run('nice', ['-n', '19', 'ffmpeg', '-v', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 24 });
}

/** `drawbox` filters of slides: a background colour and three boxes each, changing every 10–40 s. */
function slideFilters(seconds: number, next: () => number): string[] {
  const colour = () => `0x${Math.floor(next() * 0xffffff).toString(16).padStart(6, '0')}`;
  const filters: string[] = [];
  for (let start = 0; start < seconds; ) {
    const end = Math.min(seconds + 1, start + 10 + next() * 30);
    const enable = `enable='between(t,${start.toFixed(2)},${end.toFixed(2)})'`;
    filters.push(`drawbox=x=0:y=0:w=iw:h=ih:color=${colour()}:t=fill:${enable}`);
    for (let box = 0; box < 3; box += 1) {
      const [x, y, w, h] = [next() * 0.6, next() * 0.6, 0.1 + next() * 0.3, 0.05 + next() * 0.3].map((v) => v.toFixed(3));
      filters.push(`drawbox=x=iw*${x}:y=ih*${y}:w=iw*${w}:h=ih*${h}:color=${colour()}:t=fill:${enable}`);
    }
    start = end;
  }
  return filters;
}

/**
 * Renders a lesson of `seconds` at `width`×`height` and `fps`, as a screen-recorded class looks:
 * slides (a colour and boxes) that change every 10–40 seconds under a faint texture (a cellular
 * automaton), a pointer wandering over them, and a moving «camera» corner (a Game of Life), with a
 * tone (sampled at 8 kHz: each AAC encode of a 48 kHz one took longer than the picture's); H.264 + AAC in MP4, nearly lossless as an upload would be. Nothing in it repeats (a lesson
 * that repeats exactly could not be placed in time, by any method). Seeded: the same on every run.
 */
export async function renderLesson(file: string, seconds: number, width: number, height: number, fps: number, seed = 38): Promise<void> {
  const next = randomSource(seed);
  const [w2, h2] = [Math.round(width / 3 / 2) * 2, Math.round(height / 3 / 2) * 2];
  const size = `${width}x${height}`;
  const pointer = `drawbox=x='iw*(0.45+0.4*sin(t*0.37)*cos(t*0.113))':y='ih*(0.45+0.4*sin(t*0.29+1)*cos(t*0.071))':w=iw/40:h=iw/40:color=white:t=fill`;
  const slides = ['format=yuv420p', ...slideFilters(seconds, next)].join(',');
  await ffmpeg([
    '-f', 'lavfi', '-i', `color=c=black:s=${size}:r=${fps}`,
    '-f', 'lavfi', '-i', `cellauto=size=${size}:rate=${fps}:rule=110:random_fill_ratio=0.5:random_seed=${seed}:scroll=1`,
    '-f', 'lavfi', '-i', `life=size=${w2}x${h2}:rate=${fps}:mold=10:seed=${seed}:life_color=white:death_color=#402020`,
    '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=8000',
    '-filter_complex',
    `[0:v]${slides}[s];[1:v]format=yuv420p[c];[s][c]blend=all_mode=overlay:all_opacity=0.25[bg];` +
      `[bg][2:v]overlay=x=W-w:y=H-h,${pointer},format=yuv420p[v]`,
    '-map', '[v]', '-map', '3:a', '-t', String(seconds),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-c:a', 'aac', file,
  ]);
}

/** The segment files a playlist names, in order, as a buyer's player fetches them. */
export async function playedSegments(hlsDir: string, rendition: string, choose: (segmentIndex: number) => Variant): Promise<string[]> {
  const playlist = await fs.readFile(path.join(hlsDir, rendition, 'index.m3u8'), 'utf8');
  return rewritePlaylist(playlist, choose)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((uri) => path.join(hlsDir, rendition, uri));
}

/** Where the corner blur sits. */
export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** Which side the 10 % crop takes off (`centre`: 5 % off each side of both axes). */
export type CropSide = 'left' | 'right' | 'top' | 'bottom' | 'centre';

/** What a leak does to the played segments. */
export interface Attack {
  /** Video bit rate of the re-encode, kbit/s. */
  kbps: number;
  /** Width of the copy as a share of the cropped picture's width (height follows, kept even). */
  scale: number;
  crop: CropSide;
  /** Corner blurred over a quarter of the width and a fifth of the height. */
  blur: Corner;
  /** Seconds skipped at the start of the joined segments, and seconds kept. */
  startSeconds: number;
  seconds: number;
  /** More ffmpeg filters after the blur (beyond the issue's list: `eq=brightness=0.05:contrast=1.1`, …). */
  filter?: string;
  /** Frame rate of the copy (a screen recorder's 30), else the lesson's. */
  fps?: number;
}

/** The ffmpeg crop of a 10 % crop on `side`. */
function cropFilter(side: CropSide): string {
  switch (side) {
    case 'left':
      return 'crop=iw*0.9:ih:iw*0.1:0';
    case 'right':
      return 'crop=iw*0.9:ih:0:0';
    case 'top':
      return 'crop=iw:ih*0.9:0:ih*0.1';
    case 'bottom':
      return 'crop=iw:ih*0.9:0:0';
    case 'centre':
      return 'crop=iw*0.9:ih*0.9:iw*0.05:ih*0.05';
  }
}

/** Where a box sits in corner `corner`: ffmpeg's `crop` position (in_w, out_w…) and `overlay` position (W, w…). */
function cornerAt(corner: Corner): { crop: string; overlay: string } {
  const left = corner.endsWith('left');
  const top = corner.startsWith('top');
  return {
    crop: `${left ? '0' : 'in_w-out_w'}:${top ? '0' : 'in_h-out_h'}`,
    overlay: `${left ? '0' : 'W-w'}:${top ? '0' : 'H-h'}`,
  };
}

/**
 * Makes a leaked copy of `segments` (joined as the player played them) in `outFile` (MP4, H.264 +
 * AAC) as `attack` says: part-way start, 10 % crop, scale, blurred corner, its extra filter and
 * frame rate, lower bit rate.
 */
export async function leak(segments: string[], attack: Attack, outFile: string): Promise<void> {
  // ffmpeg cuts at the input's first packet plus -ss; its sound starts before its picture (AAC's
  // priming: 128 ms at 8 kHz), so the cut moves by that much to start `startSeconds` into the picture.
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,start_time:format=start_time', '-of', 'json', segments[0]!]);
  const probed = JSON.parse(stdout) as { streams: Array<{ codec_type: string; start_time: string }>; format: { start_time: string } };
  const pictureStart = Number(probed.streams.find((s) => s.codec_type === 'video')?.start_time ?? probed.format.start_time);
  const cut = attack.startSeconds + pictureStart - Number(probed.format.start_time);
  const scale = `scale=trunc(iw*${attack.scale}/2)*2:-2`;
  const corner = cornerAt(attack.blur);
  const graph = [
    `[0:v]${cropFilter(attack.crop)},${scale},split[main][box]`,
    `[box]crop=iw/4:ih/5:${corner.crop},boxblur=lr=min(10\\,h/2-1):lp=2:cr=min(5\\,ch/2-1):cp=2[blurred]`,
    `[main][blurred]overlay=${corner.overlay}${attack.filter ? `,${attack.filter}` : ''}${attack.fps ? `,fps=${attack.fps}` : ''}[v]`,
  ].join(';');
  await ffmpeg([
    // Cut after decoding (output seeking): every frame of the joined segments is whole.
    '-i', `concat:${segments.join('|')}`, '-ss', cut.toFixed(6), '-t', String(attack.seconds),
    '-filter_complex', graph, '-map', '[v]', '-map', '0:a?',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${attack.kbps}k`, '-maxrate', `${Math.round(attack.kbps * 1.5)}k`, '-bufsize', `${attack.kbps * 2}k`,
    '-c:a', 'aac', '-b:a', '64k', outFile,
  ]);
}

/** Mixes two buyers' segment lists: segment `k` from `second` where `fromSecond(k)`, else from `first` (a collusion). */
export function mixSegments(first: string[], second: string[], fromSecond: (k: number) => boolean): string[] {
  return first.map((file, k) => (fromSecond(k) ? second[k]! : file));
}
