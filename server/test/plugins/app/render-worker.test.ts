/**
 * The isolated page renderer (issue 35 item 2): the shell's server bundle run in a worker thread of
 * its own (src/plugins/app/render-worker.mts, run here from its TypeScript source by Node's type
 * stripping), so a canary's or a preview's pages render from their own versions beside the
 * process's. The page streams back whole and in order, failures reach the caller, and a worker that
 * dies is replaced at the next render.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createPageRenderer, type PageRenderer } from '../../../src/plugins/app/page-renderer';
import { tempDir } from '../../helpers/test-app';

/** A stand-in for the shell's server bundle that says which thread rendered and how often its realm did. */
const SHELL_SERVER = `
const { Readable } = require('node:stream');
const { threadId } = require('node:worker_threads');
globalThis.renders = 0;
module.exports = Promise.resolve({
  async renderPage({ url, onError }) {
    globalThis.renders += 1;
    if (url === '/throws') throw new Error('the frame failed');
    if (url === '/nothing') return null;
    if (url === '/exits') process.exit(3);
    if (url === '/area') onError(new Error('an area failed'));
    if (url === '/midway') {
      return { status: 200, html: Readable.from((async function* () { yield '<main>'; throw new Error('broke midway'); })()), state: () => '{}' };
    }
    const body = ['<main>', 'نوشته‌های ', 'آزمایشی ', JSON.stringify({ threadId, renders: globalThis.renders }), '</main>'];
    return { status: 201, html: Readable.from(body.map((part) => Buffer.from(part))), state: () => JSON.stringify({ page: url }), head: '<title>' + url + '</title>' };
  },
});`;

/** A logger that keeps what it was told (the renderer reports failed areas and dead workers). */
function keepingLog() {
  const lines: string[] = [];
  const keep = (object: { err?: Error }, message: string) => lines.push(`${message}: ${object.err?.message ?? ''}`);
  return { lines, log: { warn: keep, error: keep, info: keep, debug: keep } as unknown as FastifyBaseLogger };
}

async function read(renderer: PageRenderer, url: string) {
  const page = await renderer.render(url, true, {}, 'https://shop.example');
  if (!page) return null;
  let html = '';
  for await (const chunk of page.html) html += (chunk as Buffer).toString('utf8');
  return { status: page.status, head: page.head, html, state: page.state() };
}

describe('isolated page renderer (a worker thread of its own)', () => {
  let shellDist: string;
  const { lines, log } = keepingLog();
  let inProcess: PageRenderer;
  let isolated: PageRenderer;

  beforeAll(() => {
    shellDist = path.join(tempDir('shop-render-worker-'), 'dist');
    fs.mkdirSync(path.join(shellDist, 'server'), { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'server', 'main.js'), SHELL_SERVER);
    const options = { shellDist, remoteList: () => [], origin: () => 'http://127.0.0.1:1', remotesOrigin: () => 'http://127.0.0.1:1', log };
    inProcess = createPageRenderer(options);
    isolated = createPageRenderer({ ...options, isolated: true });
  });
  afterAll(async () => {
    await isolated.close();
    fs.rmSync(path.dirname(shellDist), { recursive: true, force: true });
  });

  it('renders in another realm than the process, the page whole and in order, its state after it', async () => {
    const [own, other, again] = [await read(inProcess, '/a'), await read(isolated, '/b'), await read(isolated, '/c')];
    const figures = (html: string) => JSON.parse(/(\{.*\})/.exec(html)![1]!) as { threadId: number; renders: number };
    expect(figures(own!.html)).toEqual({ threadId: 0, renders: 1 });
    expect(figures(other!.html)).toEqual({ threadId: expect.any(Number), renders: 1 });
    expect(figures(other!.html).threadId).not.toBe(0);
    expect(figures(again!.html)).toEqual({ threadId: figures(other!.html).threadId, renders: 2 });
    expect(other).toEqual({ status: 201, head: '<title>/b</title>', html: expect.stringMatching(/^<main>نوشته‌های آزمایشی \{.*\}<\/main>$/), state: '{"page":"/b"}' });
  });

  it('answers null for a page the bundle does not render, and passes a failed area on', async () => {
    expect(await read(isolated, '/nothing')).toBeNull();
    expect((await read(isolated, '/area'))?.status).toBe(201);
    expect(lines.filter((line) => line.includes('an area failed'))).toHaveLength(1);
  });

  it('fails a render that throws, before or while streaming, and goes on rendering', async () => {
    await expect(read(isolated, '/throws')).rejects.toThrow('the frame failed');
    await expect(read(isolated, '/midway')).rejects.toThrow('broke midway');
    expect((await read(isolated, '/d'))?.status).toBe(201);
  });

  it('fails the renders of a worker that dies, and starts another for the next', async () => {
    const before = JSON.parse(/(\{.*\})/.exec((await read(isolated, '/e'))!.html)![1]!).threadId;
    await expect(read(isolated, '/exits')).rejects.toThrow('the render worker stopped');
    const after = JSON.parse(/(\{.*\})/.exec((await read(isolated, '/f'))!.html)![1]!);
    expect(after.threadId).not.toBe(before);
    expect(after.renders).toBe(1);
  });

  it('refuses renders once closed', async () => {
    const closing = createPageRenderer({ shellDist, remoteList: () => [], origin: () => 'http://127.0.0.1:1', remotesOrigin: () => 'http://127.0.0.1:1', log, isolated: true });
    expect((await read(closing, '/g'))?.status).toBe(201);
    await closing.close();
    await expect(read(closing, '/h')).rejects.toThrow('closing');
  });
});
