/**
 * `npm run bench:upload -w server` (issue 24 "Figures"; issue 23 item 7; also run by the root
 * `npm run bench`): the compiled server (PGlite and the data folder in a temporary folder) takes a
 * resumable lesson upload of `UPLOAD_BENCH_MB` (default 1 024 MB) from tus-js-client, in the
 * dashboard's 32 MB pieces, read from a generated stream (an OGG page, then filler), while the
 * server's resident memory is read from /proc every 100 ms. Reports the resident memory before, its
 * peak during the upload and the rise (target: at most 64 MB for 1 GB), and the throughput.
 * Written to `bench-results/upload.json`; exits 1 when the target is missed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from 'tus-js-client';
import { REPO_ROOT } from '../src/settings';
import { SEED_MEDIA_DIR } from '../src/seed/demo';
import { LESSON_UPLOADS_PATH } from '../src/modules/lessons/lesson-uploads';
import { login } from '../test/crash/crash-client';
import { compileServer, residentBytes, startServerProcess } from '../test/helpers/server-process';
import { tempDir } from '../test/helpers/test-app';

const SIZE_BYTES = (Number(process.env.UPLOAD_BENCH_MB) || 1024) * 1024 * 1024;
/** The dashboard's piece size (remotes/commerce lesson-upload.tsx). */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Target of the rise of resident memory during a 1 GB upload (issue 24). */
const RISE_TARGET_BYTES = 64 * 1024 * 1024;

/** `size` bytes: an OGG page (so the upload reads as audio), then filler, made as it is read. */
function lessonStream(size: number): Readable {
  const head = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-2.ogg')).subarray(0, 4096);
  const filler = Buffer.alloc(1024 * 1024, 7);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const piece = sent === 0 ? head : filler.subarray(0, Math.min(filler.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

async function main(): Promise<number> {
  compileServer();
  const dataDir = tempDir('shop-bench-upload-');
  const server = await startServerProcess({ DATA_DIR: dataDir, SESSION_FILE_MAX_KB: String(Math.ceil(SIZE_BYTES / 1024) + 1) });
  try {
    const auth = await login(server.origin, 'super@example.com', 'Super12345');
    const pid = server.child.pid!;
    // Settled after start and sign-in: the figure is the upload's own.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 100);
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(lessonStream(SIZE_BYTES), {
        endpoint: `${server.origin}${LESSON_UPLOADS_PATH}`,
        uploadSize: SIZE_BYTES,
        chunkSize: CHUNK_BYTES,
        headers: auth,
        metadata: { session_id: '11', filename: 'bench.ogg', filetype: 'audio/ogg' },
        retryDelays: [],
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const rise = peak - before;
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const result = {
      measured_at: new Date().toISOString(),
      upload_mb: mb(SIZE_BYTES),
      chunk_mb: mb(CHUNK_BYTES),
      rss_before_mb: mb(before),
      rss_peak_mb: mb(peak),
      rss_rise_mb: mb(rise),
      rise_target_mb: mb(RISE_TARGET_BYTES),
      seconds: Math.round(seconds * 10) / 10,
      mb_per_second: Math.round((SIZE_BYTES / 1024 / 1024 / seconds) * 10) / 10,
    };
    console.table(result);
    const out = path.join(REPO_ROOT, 'bench-results', 'upload.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    return rise <= RISE_TARGET_BYTES ? 0 : 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
