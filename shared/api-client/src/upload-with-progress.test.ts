/**
 * @jest-environment ../../jest.jsdom-env.js
 * @jest-environment-options {"url": "http://127.0.0.1:25120"}
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { makeStore } from './store';
import { selectUploadProgress, uploadProgressed } from './ui-slice';
import { uploadWithProgress } from './upload-with-progress';

// The test environment swaps jsdom's FormData for Node's (for fetch); jsdom's XMLHttpRequest
// only serializes its own, as a browser's XHR does with the browser's FormData.
const JsdomFormData = (window as unknown as Record<symbol, { FormData: typeof FormData }>)[
  Symbol.for('[webidl2js] constructor registry')
]!.FormData;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: Array<[string, string]>;
}

let server: Server;
const received: Received[] = [];
let answers: Array<{ status: number; body: unknown }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      let form: Array<[string, string]> = [];
      if (String(req.headers['content-type']).startsWith('multipart/form-data')) {
        const parsed = await new Request('http://test/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: raw }).formData();
        form = [...parsed.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `${value.name} ${value.size} ${value.type}`]);
      }
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, form });
      const answer = answers.shift() ?? { status: 200, body: { ok: true } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(25120, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.splice(0);
  answers = [];
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

function aBody() {
  const body = new JsdomFormData();
  body.append('title', 'نوشته تازه');
  body.append('image', new File([new Uint8Array(4096)], 'cover.png', { type: 'image/png' }));
  return body;
}

describe('uploadWithProgress', () => {
  it('sends the multipart body with cookies and the CSRF header, and reports progress up to 100', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    answers.push({ status: 201, body: { data: { id: 5 } } });
    const store = makeStore();
    const seen: number[] = [];
    const result = await uploadWithProgress({
      url: '/api/dashboard/posts',
      body: aBody(),
      onProgress: (percent) => {
        seen.push(percent);
        store.dispatch(uploadProgressed(percent));
      },
    });
    expect(result).toEqual({ status: 201, data: { data: { id: 5 } } });
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.headers['x-xsrf-token']).toBe('abc=');
    expect(received[0]!.headers.cookie).toContain('XSRF-TOKEN=abc%3D');
    expect(received[0]!.form).toEqual([
      ['title', 'نوشته تازه'],
      ['image', 'cover.png 4096 image/png'],
    ]);
    expect(seen.at(-1)).toBe(100);
    // SPEC §3: the shared progress goes back to 0 once it reaches 100.
    expect(selectUploadProgress(store.getState())).toBe(0);
  });

  it('resolves with the status and the error body instead of throwing', async () => {
    answers.push({ status: 422, body: { message: 'نامعتبر', errors: { slug: ['این نامک قبلاً استفاده شده است.'] } } });
    const result = await uploadWithProgress({ url: '/api/dashboard/posts/3', method: 'PUT', body: aBody() });
    expect(result.status).toBe(422);
    expect(result.data).toEqual({ message: 'نامعتبر', errors: { slug: ['این نامک قبلاً استفاده شده است.'] } });
    expect(received[0]!.method).toBe('PUT');
  });

  it('fetches a new CSRF cookie after a 419 and retries once', async () => {
    answers.push({ status: 419, body: { message: 'csrf' } }, { status: 204, body: null }, { status: 201, body: { data: {} } });
    const result = await uploadWithProgress({ url: '/api/dashboard/posts', body: aBody() });
    expect(result.status).toBe(201);
    expect(received.map((r) => r.url)).toEqual(['/api/dashboard/posts', '/sanctum/csrf-cookie', '/api/dashboard/posts']);
    // (The refresh goes through Node's fetch here, which has no cookie jar shared with jsdom.)
    expect(received[2]!.form).toHaveLength(2);
  });

  it('resolves with status 0 when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await uploadWithProgress({ url: '/api/dashboard/posts', body: aBody(), signal: controller.signal })).toEqual({ status: 0, data: null });
  });
});
