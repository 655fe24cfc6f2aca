/**
 * The buyer's place in a lesson (issue 24): `PUT /api/product-sessions/:id/progress` with
 * `position_seconds` and/or `done`, read back by the session page on any device, 90 % of the
 * lesson marking the session done for good, the refusals, and the one statement of a save.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProductSessionDetail, SessionProgressAnswer } from '@shop/contracts';
import type { Db } from '../../../src/db/client';
import { productSessions } from '../../../src/modules/commerce/tables';
import { setSessionProgress } from '../../../src/modules/commerce/sessions-service';
import { getUserById } from '../../../src/modules/users/users-service';
import { buy, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';

describe.each(DB_TARGETS)('the place in a lesson on %s', (target) => {
  let app: FastifyInstance;
  let owner: Buyer;
  let course: { id: number; sessionIds: number[] };
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false });
    course = await newCourse(app, { price: 90_000, sessions: [{}, {}, { is_free_preview: true }] });
    // Sessions 1 and 3 hold a ready 100-second lesson; session 2 has none (no length known).
    for (const id of [course.sessionIds[0]!, course.sessionIds[2]!]) {
      await app.db
        .update(productSessions)
        .set({ hls: `lessons/${id}/hls/`, media_kind: 'video', media_status: 'ready', duration_seconds: 100 })
        .where(eq(productSessions.id, id));
    }
    owner = await newBuyer(app);
    await buy(app, owner, course.id);
  });
  afterAll(() => app.close());

  const save = (id: number, payload: object, headers: Record<string, string> = owner.headers) =>
    app.inject({ method: 'PUT', url: `/api/product-sessions/${id}/progress`, headers, payload });
  const answerOf = async (id: number, payload: object) => {
    const response = await save(id, payload);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: SessionProgressAnswer }>().data;
  };
  const detailOf = async (id: number, headers: Record<string, string> = owner.headers) =>
    (await app.inject({ url: `/api/product-sessions/${id}`, headers })).json<{ data: ProductSessionDetail }>().data;

  it('saves the position from the browser (cookie, XSRF header, as a keepalive fetch sends it) and answers it on another device', async () => {
    const id = course.sessionIds[0]!;
    const token = owner.headers.authorization.replace('Bearer ', '');
    const csrf = await csrfHeaders(app);
    const browser = { ...csrf, cookie: `${csrf.cookie}; auth_token=${token}`, 'content-type': 'application/json' };
    const saved = await save(id, { position_seconds: 42 }, browser);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: SessionProgressAnswer }>().data).toEqual({
      session_id: id,
      is_done: false,
      position_seconds: 42,
      progress: {
        done: 0,
        total: 3,
        resume_session_id: id,
        left: course.sessionIds.map((sessionId, index) => ({ session_id: sessionId, title: `جلسه ${index + 1}`, kind: 'lesson' })),
      },
    });
    expect((await save(id, { position_seconds: 43 }, { cookie: browser.cookie })).statusCode).toBe(419);
    expect(await detailOf(id)).toMatchObject({ position_seconds: 42, is_done: false });
  });

  it('marks the session done at 90 % of the lesson and never undoes it by itself', async () => {
    const id = course.sessionIds[0]!;
    expect(await answerOf(id, { position_seconds: 89 })).toMatchObject({ is_done: false, position_seconds: 89, progress: { done: 0, total: 3 } });
    expect(await answerOf(id, { position_seconds: 90 })).toMatchObject({ is_done: true, position_seconds: 90, progress: { done: 1, total: 3 } });
    expect(await answerOf(id, { position_seconds: 12 })).toMatchObject({ is_done: true, position_seconds: 12, progress: { done: 1, total: 3 } });
    expect(await detailOf(id)).toMatchObject({ is_done: true, position_seconds: 12 });
  });

  it('lets done by hand win, keeps the position when only done is sent, and marks a new row done at once', async () => {
    const [first, second, third] = course.sessionIds;
    expect(await answerOf(first!, { done: false })).toMatchObject({ is_done: false, position_seconds: 12, progress: { done: 0, total: 3 } });
    expect(await answerOf(first!, { done: false, position_seconds: 95 })).toMatchObject({ is_done: false, position_seconds: 95 });
    expect(await answerOf(first!, { done: true, position_seconds: 3 })).toMatchObject({ is_done: true, position_seconds: 3 });
    // No row yet, the first save at the end of the lesson.
    expect(await answerOf(third!, { position_seconds: 100 })).toMatchObject({ is_done: true, position_seconds: 100, progress: { done: 2, total: 3 } });
    // Without a ready lesson the length is unknown: any position is kept, and only done by hand marks it.
    expect(await answerOf(second!, { position_seconds: 5000 })).toMatchObject({ is_done: false, position_seconds: 5000, progress: { done: 2, total: 3 } });
    expect(await answerOf(second!, { done: true })).toMatchObject({ is_done: true, position_seconds: 5000, progress: { done: 3, total: 3 } });
  });

  it('refuses bad bodies and positions past the lesson with 422 Persian field errors', async () => {
    const id = course.sessionIds[0]!;
    const cases: Array<[object, string]> = [
      [{}, 'done'],
      [{ position_seconds: -1 }, 'position_seconds'],
      [{ position_seconds: 1.5 }, 'position_seconds'],
      [{ position_seconds: 'x' }, 'position_seconds'],
      [{ position_seconds: 86_401 }, 'position_seconds'],
      [{ position_seconds: 101 }, 'position_seconds'],
      [{ done: 'maybe', position_seconds: 3 }, 'done'],
    ];
    for (const [payload, field] of cases) {
      const response = await save(id, payload);
      expect([payload, response.statusCode]).toEqual([payload, 422]);
      expect(response.json().errors[field][0]).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await save(id, { position_seconds: 101 })).json().errors.position_seconds).toEqual(['این فیلد باید حداکثر 100 باشد.']);
    expect((await detailOf(id)).position_seconds).toBe(3);
  });

  it('refuses a non-buyer (free preview included) with 403, a visitor with 401 and an unknown session with 404', async () => {
    const stranger = await newBuyer(app);
    for (const id of [course.sessionIds[0]!, course.sessionIds[2]!]) {
      const locked = await save(id, { position_seconds: 10 }, stranger.headers);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().message).toBe('forbidden: برای دیدن این جلسه باید دوره را بخرید.');
    }
    expect((await detailOf(course.sessionIds[2]!, stranger.headers)).position_seconds).toBe(0);
    expect((await save(course.sessionIds[0]!, { position_seconds: 10 }, await csrfHeaders(app))).statusCode).toBe(401);
    expect((await save(999_999, { position_seconds: 10 })).statusCode).toBe(404);
    const hidden = await newCourse(app, { price: 1000, sessions: [{ is_active: false }] });
    expect((await save(hidden.sessionIds[0]!, { position_seconds: 1 })).statusCode).toBe(404);
  });

  it('saves with one statement', async () => {
    const calls: string[] = [];
    const counted = new Proxy(app.db, {
      get(db, name, receiver) {
        const value = Reflect.get(db, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(String(name));
          return (value as (...a: unknown[]) => unknown).apply(db, args);
        };
      },
    }) as Db;
    const user = (await getUserById(app.db, owner.id))!;
    expect(await setSessionProgress(counted, user, course.sessionIds[0]!, { position_seconds: 7 })).toMatchObject({ position_seconds: 7 });
    expect(calls).toEqual(['execute']);
  });
});
