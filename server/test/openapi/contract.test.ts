/**
 * The API contract for clients other than ours (issue 22 "The API contract"): the OpenAPI document
 * of `GET /api/docs/json` passes Redocly CLI's `recommended` rules with no error, every operation
 * has a stable operationId and its security (plugins/external/swagger.ts), and a typed client
 * generated from it (openapi-typescript + openapi-fetch) type-checks, makes a real call to a
 * listening server, and refuses a wrong use at compile time.
 * The generated files go to `server/.openapi-client/` (git-ignored, outside lint and type check).
 * The app here compiles every route's response serializer and request validator at start, as
 * Fastify does by default (src/lib/lazy-compilers.ts compiles each when its route first needs it):
 * a schema that cannot be compiled fails this file.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { operationIdOf } from '../../src/plugins/external/swagger';
import { buildTestApp } from '../helpers/test-app';

jest.mock('../../src/lib/lazy-compilers', () => ({
  lazySerializers: jest.requireActual<typeof import('@fastify/fast-json-stringify-compiler')>('@fastify/fast-json-stringify-compiler').SerializerSelector(),
  lazyValidators: jest.requireActual<typeof import('@fastify/ajv-compiler')>('@fastify/ajv-compiler').AjvCompiler(),
}));

const run = promisify(execFile);
const SERVER = path.resolve(__dirname, '../..');
const ROOT = path.resolve(SERVER, '..');
const OUT = path.join(SERVER, '.openapi-client');

/** A package's command: the server workspace's own install first, then the root's. */
function bin(name: string): string {
  const found = [SERVER, ROOT].map((dir) => path.join(dir, 'node_modules', '.bin', name)).find((file) => fs.existsSync(file));
  if (!found) throw new Error(`${name} is not installed (npm install)`);
  return found;
}

/** Runs a command; its exit code, standard output and error, without throwing on a failure. */
async function exec(file: string, args: string[], cwd = OUT): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

interface DocOperation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}
interface Doc {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, DocOperation>>;
}

describe('operationIdOf', () => {
  it('derives the id from the method and the path alone', () => {
    expect(operationIdOf('GET', '/api/posts')).toBe('getPosts');
    expect(operationIdOf('GET', '/api/posts/:postId/comments')).toBe('getPostsByPostIdComments');
    expect(operationIdOf('PUT', '/api/dashboard/product-sessions/:id')).toBe('putDashboardProductSessionsById');
    expect(operationIdOf('GET', '/sitemap.xml')).toBe('getSitemapXml');
    expect(operationIdOf('GET', '/sanctum/csrf-cookie')).toBe('getSanctumCsrfCookie');
  });
});

describe('the OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: Doc;
  let docFile: string;
  beforeAll(async () => {
    app = await buildTestApp('pglite');
    doc = (await app.inject({ url: '/api/docs/json' })).json<Doc>();
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.mkdirSync(OUT, { recursive: true });
    docFile = path.join(OUT, 'openapi.json');
    fs.writeFileSync(docFile, JSON.stringify(doc));
  }, 120_000);
  afterAll(() => app?.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), url, operation })));

  it("passes Redocly CLI's recommended rules with no error", async () => {
    const { stdout, stderr } = await exec(bin('redocly'), ['lint', docFile, '--extends', 'recommended', '--format', 'json', '--max-problems', '10000']);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems?: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
    expect(report.problems).toBeDefined();
    const problems = report.problems ?? [];
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect([errors, stderr.includes('validated') || stdout.length > 0]).toEqual([[], true]);
    // The warnings left (see server/README.md): redirect-only operations, and no license (the API is not published under one).
    const warnings = [...new Set(problems.filter((p) => p.severity === 'warn').map((p) => p.ruleId))].sort();
    expect(warnings.filter((rule) => !['info-license', 'operation-2xx-response'].includes(rule))).toEqual([]);
  }, 120_000);

  it('gives every operation a stable operationId and the security its route declares', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    const access = new Map(app.routeAccess.map((entry) => [`${entry.method} ${entry.url}`, entry.access]));
    const list = operations();
    expect(list.length).toBeGreaterThan(100);
    for (const { method, url, operation } of list) {
      const route = url.replace(/\{([^}]+)\}/g, ':$1');
      expect([method, url, operation.operationId]).toEqual([method, url, operationIdOf(method, route)]);
      const declared = access.get(`${method} ${route}`) ?? 'public';
      const anonymous = (operation.security ?? []).filter((requirement) => !('bearer' in requirement) && !('cookie' in requirement));
      // A public operation takes credentials optionally; a guarded one needs the bearer token or the cookie.
      expect([method, url, anonymous.length]).toEqual([method, url, declared === 'public' ? 1 : 0]);
      expect(operation.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
      expect(Object.keys(operation.responses).some((status) => status.startsWith('4'))).toBe(true);
    }
    const byId = (id: string) => list.find((op) => op.operation.operationId === id)!.operation;
    expect(byId('getPosts').security).toEqual([{}, { bearer: [] }, { cookie: [] }]);
    expect(byId('postAuthLogin').security).toEqual([{ xsrf: [] }, { bearer: [] }, { cookie: [], xsrf: [] }]);
    expect(byId('getCart').security).toEqual([{}, { bearer: [] }, { cookie: [] }]);
    expect(byId('getOrders').security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(byId('deleteDashboardPostsById').security).toEqual([{ bearer: [] }, { cookie: [], xsrf: [] }]);
  });

  it('makes a typed client whose real call type-checks, and whose wrong use does not', async () => {
    const generated = await exec(bin('openapi-typescript'), [docFile, '--output', path.join(OUT, 'schema.d.ts')]);
    expect([generated.code, generated.stderr.includes('✨') || fs.existsSync(path.join(OUT, 'schema.d.ts'))]).toEqual([0, true]);
    fs.writeFileSync(
      path.join(OUT, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** Titles and ids of the newest posts, asked with the client typed from the document. */
export async function newestPosts(baseUrl: string): Promise<Array<{ id: number; title: string }>> {
  const client = createClient<paths>({ baseUrl });
  const { data, error, response } = await client.GET('/api/posts', { params: { query: { page: 1, per_page: 5, filter: 'newest' } } });
  if (error) throw new Error(\`\${response.status} \${error.message}\`);
  return data.data.map((post) => ({ id: post.id, title: post.title }));
}
`,
    );
    fs.writeFileSync(
      path.join(OUT, 'wrong.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './schema';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
export const wrongQuery = client.GET('/api/posts', { params: { query: { filter: 'oldest-first' } } });
export const wrongPath = client.GET('/api/postz');
export async function wrongField() {
  const { data } = await client.GET('/api/posts');
  return data?.data[0]?.headline;
}
`,
    );
    const tsconfig = (files: string[]) => ({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        types: [],
        skipLibCheck: true,
        noUnusedLocals: true,
      },
      files,
    });
    fs.writeFileSync(path.join(OUT, 'tsconfig.json'), JSON.stringify(tsconfig(['client.ts'])));
    fs.writeFileSync(path.join(OUT, 'tsconfig.wrong.json'), JSON.stringify(tsconfig(['wrong.ts'])));
    const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');

    const right = await exec(tsc, ['-p', 'tsconfig.json']);
    expect([right.code, right.stdout]).toEqual([0, '']);
    const wrong = await exec(tsc, ['-p', 'tsconfig.wrong.json']);
    expect(wrong.code).not.toBe(0);
    // One error per wrong use: an enum value the query does not take, a path the API does not have, a field posts do not have.
    for (const line of [5, 6, 9]) expect(wrong.stdout).toMatch(new RegExp(`wrong\\.ts\\(${line},\\d+\\): error TS`));

    // The same client code against a listening server.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const { newestPosts } = (await import(path.join(OUT, 'client.ts'))) as { newestPosts: (baseUrl: string) => Promise<Array<{ id: number; title: string }>> };
    const posts = await newestPosts(`http://127.0.0.1:${address.port}`);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((post) => Number.isInteger(post.id) && post.title.length > 0)).toBe(true);
  }, 180_000);
});
