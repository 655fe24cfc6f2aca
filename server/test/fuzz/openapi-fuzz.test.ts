/**
 * The OpenAPI-driven fuzz test of issue 10 "Bad input", on every database target: every operation
 * of `GET /api/docs/json`, with every case class that applies to it (arbitraries.ts), as a visitor
 * and as the super user (fuzz-runner.ts). No answer may be a 5xx, every 4xx carries a Persian
 * `message`, a refused write changes no table's row count, and a NUL byte or bytes that are not
 * UTF-8 in a path parameter or the query are refused (issue 22 item 3).
 *
 * Environment: FUZZ_RUNS generated requests per operation and case class (default 2, about 4 000
 * requests); FUZZ_SEED the run's seed (default DEFAULT_SEED; a failure prints the seed of its
 * property); FUZZ_ONLY fuzzes only the operations whose `METHOD path` contains it.
 * `npm run bench:fuzz -w server` runs ten times the count and prints the outcomes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { auditLog } from '../../src/modules/audit/tables';
import { csrfHeaders, DB_TARGETS } from '../helpers/test-app';
import { caseClassesOf } from './arbitraries';
import { answerProblems, buildFuzzApp, DEFAULT_RUNS, formatReport, rowCounter, runFuzz, seedFromEnv } from './fuzz-runner';
import { operationsOf, type OpenApiDocument } from './openapi-operations';

describe('the fuzzer\'s checks can fail', () => {
  it('flags a 5xx, a 4xx with an English message or field error, and a non-JSON 4xx; passes Persian with lone Latin terms', async () => {
    const bare = Fastify({ logger: false });
    bare.get('/crash', async (_request, reply) => reply.code(500).send({ message: 'خطای سرور' }));
    bare.get('/english', async (_request, reply) => reply.code(400).send({ message: 'Bad Request' }));
    bare.get('/field', async (_request, reply) => reply.code(422).send({ message: 'اطلاعات معتبر نیست.', errors: { title: ['عنوان must be at most 2 characters'] } }));
    bare.get('/html', async (_request, reply) => reply.code(404).type('text/html').send('<h1>Not Found</h1>'));
    bare.get('/persian', async (_request, reply) => reply.code(403).send({ message: 'forbidden: بدنه JSON معتبر نیست.', errors: { file: ['پسوند فایل باید یکی از این موارد باشد: png، jpg'] } }));
    const problems = async (url: string) => answerProblems(await bare.inject({ url }));
    expect(await problems('/crash')).toEqual(['500']);
    expect(await problems('/english')).toEqual(['400 message is not Persian']);
    expect(await problems('/field')).toEqual(['field error of title is not Persian']);
    expect(await problems('/html')).toEqual(['404 without a JSON body (text/html)']);
    expect(await problems('/persian')).toEqual([]);
    await bare.close();
  });
});

describe.each(DB_TARGETS)('OpenAPI fuzz on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildFuzzApp(target);
  }, 120_000);
  afterAll(() => app?.close());

  it('reads every documented operation, multipart forms with their fields', async () => {
    const operations = operationsOf((await app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>());
    expect(operations.length).toBeGreaterThan(100);
    const multipart = operations.filter((op) => op.body?.kind === 'multipart');
    expect(multipart.map((op) => op.key).sort()).toEqual(
      [
        ...['posts', 'podcasts', 'products', 'product-sessions'].flatMap((section) => [`POST /api/dashboard/${section}`, `PUT /api/dashboard/${section}/{id}`]),
        'POST /api/dashboard/products/{productId}/quiz-questions/import',
        'POST /api/dashboard/quiz-media',
      ].sort(),
    );
    for (const op of multipart) {
      const fields = op.key.includes('quiz') ? ['file'] : ['title', 'slug', 'image'];
      expect(op.body).toMatchObject({ fields: expect.arrayContaining(fields) });
    }
    const comments = operations.find((op) => op.key === 'POST /api/comments')!;
    expect(caseClassesOf(comments)).toEqual(expect.arrayContaining(['deep-json', 'huge-string', 'malformed-json', 'wrong-content-type']));
  });

  it('sees a row count change (the refused-write check can fail)', async () => {
    const count = await rowCounter(app);
    const before = await count();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await csrfHeaders(app),
      payload: { full_name: 'کاربر فاز', email: 'fuzz-check@example.com', password: 'Fuzz12345', password_confirmation: 'Fuzz12345' },
    });
    expect(registered.statusCode).toBe(201);
    const after = await count();
    expect(after.users).toBe(before.users! + 1);
  });

  it("leaves out only the audit log's record of a refused sign-in, which a refusal writes by design", async () => {
    const count = await rowCounter(app);
    const auditRows = async () => (await app.db.select({ id: auditLog.id }).from(auditLog)).length;
    const [before, auditBefore] = [await count(), await auditRows()];
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: await csrfHeaders(app),
      payload: { email: 'nobody-here@example.com', password: 'Wrong12345' },
    });
    expect(refused.statusCode).toBe(422);
    expect(await auditRows()).toBe(auditBefore + 1);
    expect(await count()).toEqual(before);
  });

  it('answers generated bad input with no 5xx, Persian 4xx messages, and refused writes that change nothing', async () => {
    const seed = seedFromEnv();
    const report = await runFuzz(app, { runsPerClass: Number(process.env.FUZZ_RUNS) || DEFAULT_RUNS, seed, only: process.env.FUZZ_ONLY });
    console.log(formatReport(report));
    // Each failure names FUZZ_SEED and FUZZ_ONLY to replay it.
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThan(1_000);
    expect(report.byStatus[500] ?? 0).toBe(0);
  }, 900_000);
});
