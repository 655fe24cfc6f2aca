/**
 * The render worker (issue 35 item 2): the shell's server bundle in a worker thread, a JavaScript
 * realm of its own, so its federation runtime holds another set of remotes' versions (a canary's,
 * a preview's) than the server's own thread. page-renderer.ts starts it with the bundle's path
 * (`workerData.entryFile`), posts `WorkerRequest`s and reads `WorkerMessage`s: each page's status and
 * head, its HTML in chunks as React streams it, then the state it used.
 *
 * Run by Node's type stripping from src/ (tests) and compiled to dist/render-worker.js (build.mjs):
 * it imports types only, and nothing of the server's.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { ShellServer, WorkerMessage, WorkerRequest } from './page-renderer';

const { entryFile } = workerData as { entryFile: string };
const port = parentPort!;
// The bundle starts asynchronously (Module Federation sets up the shared modules first).
const shell: Promise<ShellServer> = Promise.resolve(createRequire(entryFile)(entryFile));

const post = (message: WorkerMessage) => port.postMessage(message);
const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

port.on('message', async ({ id, options }: WorkerRequest) => {
  let started = false;
  try {
    const { renderPage } = await shell;
    const page = await renderPage({ ...options, onError: (error) => post({ id, type: 'area-error', error: describe(error) }) });
    if (!page) {
      post({ id, type: 'none' });
      return;
    }
    post({ id, type: 'page', status: page.status, head: page.head });
    started = true;
    for await (const chunk of page.html) {
      post({ id, type: 'chunk', chunk: typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array) });
    }
    post({ id, type: 'end', state: page.state() });
  } catch (error) {
    post({ id, type: 'error', error: `${started ? 'the page failed while streaming: ' : ''}${describe(error)}` });
  }
});
