/**
 * The data folder full (issue 23 item 6): the compiled server on PGlite in a small tmpfs (mounted
 * by the test, which runs as root here and in CI) that a filler file brings under the reserve.
 * Writes answer 507 with a Persian message and Retry-After, reads go on, the database is never
 * driven into the full disk (where PGlite would block the process), and once space is freed the
 * same write succeeds, with no restart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '../../src/lib/messages';
import { FREE_SPACE_TTL_MS } from '../../src/plugins/app/disk-guard';
import { send } from '../crash/crash-client';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { WORKLOAD_ENV, workloadTargets } from './workload';

/** Size of the test's data folder, and the reserve the server keeps in it, MB. */
const TMPFS_MB = 160;
const RESERVE_MB = 40;

describe('writes while the data folder is nearly full (issue 23)', () => {
  let mountPoint: string;
  let server: ServerProcess;

  beforeAll(async () => {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-full-'));
    // Needs root (as the test and CI run here): a real file system that fills up.
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', mountPoint]);
    server = await startServerProcess({ DATA_DIR: mountPoint, DATA_DIR_RESERVE_MB: String(RESERVE_MB), ...WORKLOAD_ENV }, 120_000);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    execFileSync('umount', [mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  it('refuses writes with 507 under the reserve, keeps reading, and takes the write once space is freed', async () => {
    const { user, post } = await workloadTargets(server.origin);
    const comment = (text: string) =>
      send(server.origin, '/api/comments', {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: user.id, parent_id: 0, text, commentable_id: post.id, commentable_type: 'post' }),
      });
    expect((await comment('پیش از پر شدن دیسک'))?.status).toBe(201);

    // Leave less than the reserve free.
    const { bavail, bsize } = fs.statfsSync(mountPoint);
    const filler = path.join(mountPoint, 'filler');
    fs.writeFileSync(filler, Buffer.alloc(bavail * bsize - (RESERVE_MB / 2) * 1024 * 1024));
    // The server reads the free space at most once a second.
    await new Promise((resolve) => setTimeout(resolve, FREE_SPACE_TTL_MS + 100));
    const answer = await comment('وقتی دیسک پر است');
    expect(answer).toMatchObject({ status: 507, body: { message: MESSAGES.storageFull } });
    expect((await send(server.origin, `/api/posts/${post.id}`))?.status).toBe(200);
    expect((await send(server.origin, `/api/posts/${post.id}/comments`))?.status).toBe(200);
    expect(await send(server.origin, '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'degraded', disk: 'full' } });

    fs.rmSync(filler);
    await new Promise((resolve) => setTimeout(resolve, FREE_SPACE_TTL_MS + 100));
    expect((await comment('پس از آزاد شدن فضا'))?.status).toBe(201);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/unexpected error|unhandled promise rejection|uncaught exception/);
  }, 60_000);
});
