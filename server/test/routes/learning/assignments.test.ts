/**
 * Assignments (issue 37 item 3): a buyer sends a text and files uploaded by tus within the
 * assignment's limits (count, size, type; each refusal in Persian on its field), staff see the queue
 * and grade with a score and feedback (audited), a pass makes the session done (and the certificate
 * when it was the last session it waits for, an optional assignment not waited for), a fail lets the
 * buyer send again as the assignment allows, both sides get a mail, the files open only through
 * links signed for their viewer, and strangers are refused. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AssignmentOverview, AssignmentSubmission, DashboardAssignmentSubmission, DashboardAssignmentSubmissionDetail } from '@shop/contracts';
import { users } from '../../../src/modules/users/tables';
import { auditLog } from '../../../src/modules/audit/tables';
import { buy, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';
import { buildTestApp, DB_TARGETS } from '../../helpers/test-app';

/** The first bytes of a PDF (file-type reads them as one). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const SCRIPT = Buffer.from('console.log("سلام دنیا");\n');

describe.each(DB_TARGETS)('assignments on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let origin: string;
  let staff: AuthHeaders;
  let buyer: Buyer;
  let course: { id: number; sessionIds: number[] };
  let assignmentId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url, rateLimit: { register: 1_000, checkout: 1_000 } });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    staff = await newStaff(app, ['manage-product-sessions']);
    course = await newCourse(app, { price: 90_000, sessions: [{}, { kind: 'assignment' }] });
    assignmentId = course.sessionIds[1]!;
    buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const saveRules = (payload: object, sessionId = assignmentId) => call('PUT', `/api/dashboard/product-sessions/${sessionId}/assignment`, staff, payload);
  const overview = async (who: Buyer = buyer, sessionId = assignmentId) =>
    (await call('GET', `/api/product-sessions/${sessionId}/assignment`, who.headers)).json<{ data: AssignmentOverview }>().data;
  const submit = (payload: object, who: Buyer = buyer, sessionId = assignmentId) => call('POST', `/api/product-sessions/${sessionId}/assignment/submissions`, who.headers, payload);
  const grade = (id: number, payload: object, headers: Record<string, string> = staff) => call('POST', `/api/dashboard/assignment-submissions/${id}/grade`, headers, payload);
  const emailOf = async (who: Buyer) => (await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id)))[0]!.email;
  const sessionsOf = async (who: Buyer, productId = course.id) =>
    (await call('GET', `/api/products/${productId}`, who.headers)).json<{ data: { sessions: Array<{ id: number; is_done: boolean }>; certificate_code: string | null } }>().data;

  /** Uploads `content` named `filename` by tus (creation, then one PATCH); answers the upload id, or the refusal. */
  async function upload(content: Buffer, filename: string, who: Buyer = buyer, sessionId = assignmentId): Promise<{ status: number; id?: string; body?: { message: string; errors?: Record<string, string[]> } }> {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const headers = { 'tus-resumable': '1.0.0', authorization: who.headers.authorization };
    const created = await fetch(`${origin}/api/assignment-uploads`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(content.length), 'upload-metadata': `session_id ${b64(String(sessionId))},filename ${b64(filename)},filetype ${b64('application/octet-stream')}` },
    });
    if (created.status !== 201) return { status: created.status, body: (await created.json()) as { message: string } };
    const location = created.headers.get('location')!;
    const patched = await fetch(`${origin}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(content),
    });
    if (patched.status !== 204) return { status: patched.status, body: (await patched.json()) as { message: string } };
    return { status: 204, id: location.split('/').pop()! };
  }

  it('answers the default rules of an assignment never saved, and lets staff save them (audited)', async () => {
    expect(await overview()).toMatchObject({ max_files: 3, max_file_size_mb: 10, pass_score: 60, allow_resubmit: 'until_passed', required_for_certificate: true, submissions: [], can_submit: true, passed: false });
    const bad = await saveRules({ instructions: '', max_files: 11, max_file_size_mb: 0, allowed_types: ['p d f'], pass_score: 101 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual(['allowed_types[0]', 'instructions', 'max_file_size_mb', 'max_files', 'pass_score'].sort());
    const saved = await saveRules({ instructions: '<p>برنامه‌ای بنویسید</p><script>x</script>', max_files: 2, max_file_size_mb: 1, allowed_types: ['pdf', 'js'], pass_score: 60, allow_resubmit: 'until_passed', required_for_certificate: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: { instructions: string; max_files: number } }>().data).toMatchObject({ instructions: '<p>برنامه‌ای بنویسید</p>', max_files: 2 });
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.entity_type, 'assignment'), eq(auditLog.entity_id, assignmentId)));
    expect(entry).toMatchObject({ action: 'update', after: expect.objectContaining({ max_files: 2, allowed_types: ['pdf', 'js'] }) });
  });

  it('refuses files past the limits in Persian, on the field `files`', async () => {
    const wrongType = await upload(PDF, 'report.docx');
    expect(wrongType.status).toBe(422);
    expect(wrongType.body!.errors!.files![0]).toContain('pdf، js');
    const tooLarge = await upload(Buffer.alloc(1024 * 1024 + 1, 'a'), 'big.js');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body!.errors!.files).toEqual(['حجم هر فایل باید حداکثر ۱ مگابایت باشد.']);
    // A PDF's bytes named as a script are not a script.
    const renamed = await upload(PDF, 'trick.js');
    expect(renamed.status).toBe(415);
    expect(renamed.body!.errors!.files).toEqual(['محتوای فایل با پسوند آن نمی‌خواند.']);
    const first = await upload(PDF, 'گزارش.pdf');
    const second = await upload(SCRIPT, 'app.js');
    expect([first.status, second.status]).toEqual([204, 204]);
    const third = await upload(SCRIPT, 'more.js');
    expect(third.status).toBe(422);
    expect(third.body!.errors!.files).toEqual(['حداکثر ۲ فایل می‌توانید بفرستید.']);
    const pending = (await overview()).pending_files;
    expect(pending.map((file) => [file.name, file.type])).toEqual([
      ['گزارش.pdf', 'application/pdf'],
      ['app.js', 'text/javascript'],
    ]);
    // Dropping one makes room for another.
    const dropped = await call('DELETE', `/api/product-sessions/${assignmentId}/assignment/uploads/${second.id}`, buyer.headers);
    expect(dropped.statusCode).toBe(200);
    expect((await upload(SCRIPT, 'app.js')).status).toBe(204);
  });

  it('refuses a buyer of another course, a visitor, and staff without the permission', async () => {
    const stranger = await newBuyer(app);
    expect((await call('GET', `/api/product-sessions/${assignmentId}/assignment`, stranger.headers)).statusCode).toBe(403);
    expect((await submit({ text: 'پاسخ' }, stranger)).statusCode).toBe(403);
    const refused = await upload(SCRIPT, 'app.js', stranger);
    expect(refused.status).toBe(403);
    // Another's upload is unknown to them, and theirs to drop neither.
    const [own] = (await overview()).pending_files;
    const peek = await fetch(`${origin}/api/assignment-uploads/${own!.id}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...stranger.headers } });
    expect(peek.status).toBe(404);
    expect((await call('DELETE', `/api/product-sessions/${assignmentId}/assignment/uploads/${own!.id}`, stranger.headers)).statusCode).toBe(403);
    expect((await fetch(`${origin}${own!.url}`, { headers: stranger.headers })).status).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/product-sessions/${assignmentId}/assignment` })).statusCode).toBe(401);
    const other = await newStaff(app, ['manage-posts']);
    expect((await call('GET', '/api/dashboard/assignment-submissions', other)).statusCode).toBe(403);
    expect((await grade(1, { score: 100, feedback: '' }, other)).statusCode).toBe(403);
    // A lesson is no assignment.
    expect((await call('GET', `/api/product-sessions/${course.sessionIds[0]}/assignment`, buyer.headers)).statusCode).toBe(404);
  });

  it('sends a text with files, mails staff, and keeps one submission waiting', async () => {
    expect((await submit({ text: '', upload_ids: [] })).json<{ errors: Record<string, string[]> }>().errors).toEqual({ text: ['متن پاسخ را بنویسید یا دست‌کم یک فایل بفرستید.'] });
    expect((await submit({ text: 'x', upload_ids: ['0'.repeat(32)] })).json<{ errors: Record<string, string[]> }>().errors).toEqual({ upload_ids: [expect.stringContaining('پیدا نشد')] });
    const ids = (await overview()).pending_files.map((file) => file.id);
    const sent = await submit({ text: 'پاسخ من\nدو خط', upload_ids: ids });
    expect(sent.statusCode).toBe(201);
    const submission = sent.json<{ data: AssignmentSubmission }>().data;
    expect(submission).toMatchObject({ number: 1, status: 'submitted', text: 'پاسخ من\nدو خط', score: null });
    expect(submission.files).toHaveLength(2);
    const mail = await smtp.waitForMail((m) => m.to.includes('super@example.com') && m.subject.includes('پاسخ تازه به تکلیف'));
    expect(mail.text).toContain(`/dashboard/assignments/${submission.id}`);
    expect(mail.text).toContain('۲ فایل');
    // The buyer's own link opens the file; another's copy of it does not.
    const own = await fetch(`${origin}${submission.files[0]!.url}`, { headers: buyer.headers });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await own.arrayBuffer()).equals(PDF)).toBe(true);
    const stranger = await newBuyer(app);
    expect((await fetch(`${origin}${submission.files[0]!.url}`, { headers: stranger.headers })).status).toBe(403);
    // Waiting for staff: no second submission, no new upload.
    const again = await submit({ text: 'دوباره' });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ message: string }>().message).toContain('هنوز بررسی نشده');
    expect((await upload(SCRIPT, 'app.js')).status).toBe(422);
    expect((await overview()).can_submit).toBe(false);
  });

  it('lists the queue ungraded first, filtered by course and status, and a buyer may not mark the session done', async () => {
    const list = (await call('GET', `/api/dashboard/assignment-submissions?product_id=${course.id}&status=submitted`, staff)).json<{ data: DashboardAssignmentSubmission[] }>();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ product_id: course.id, product_session_id: assignmentId, status: 'submitted', files_count: 2, user_id: buyer.id });
    expect((await call('GET', '/api/dashboard/assignment-submissions?status=graded&product_id=' + course.id, staff)).json<{ data: unknown[] }>().data).toEqual([]);
    const courses = (await call('GET', '/api/dashboard/assignment-submissions/courses', staff)).json<{ data: Array<{ id: number }> }>().data;
    expect(courses.map((c) => c.id)).toContain(course.id);
    const done = await call('PUT', `/api/product-sessions/${assignmentId}/progress`, buyer.headers, { done: true });
    expect(done.statusCode).toBe(422);
    expect(done.json<{ errors: Record<string, string[]> }>().errors.done).toEqual(['این جلسه تکلیف است و وقتی پاسخ شما نمرهٔ قبولی بگیرد کامل می‌شود.']);
  });

  it('grades a fail (mailed, audited), lets the buyer send again, then a pass makes the session done and issues the certificate', async () => {
    const [waiting] = (await call('GET', '/api/dashboard/assignment-submissions?status=submitted&product_id=' + course.id, staff)).json<{ data: DashboardAssignmentSubmission[] }>().data;
    const detail = (await call('GET', `/api/dashboard/assignment-submissions/${waiting!.id}`, staff)).json<{ data: DashboardAssignmentSubmissionDetail }>().data;
    expect(detail).toMatchObject({ text: 'پاسخ من\nدو خط', pass_score: 60, instructions: '<p>برنامه‌ای بنویسید</p>' });
    // Staff's own signed link opens the file.
    expect((await fetch(`${origin}${detail.files[1]!.url}`, { headers: staff })).status).toBe(200);
    expect((await grade(waiting!.id, { score: 101, feedback: '' })).json<{ errors: object }>().errors).toHaveProperty('score');

    const failed = await grade(waiting!.id, { score: 40, feedback: 'خروجی برنامه درست نیست.' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json<{ data: DashboardAssignmentSubmissionDetail }>().data).toMatchObject({ status: 'graded', score: 40, passed: false, graded_by_name: 'کارمند آزمایشی' });
    const buyerEmail = await emailOf(buyer);
    const failMail = await smtp.waitForMail((m) => m.to.includes(buyerEmail) && m.subject.includes('نمرهٔ تکلیف'));
    expect(failMail.text).toContain('۴۰ از ۱۰۰');
    expect(failMail.text).toContain('خروجی برنامه درست نیست.');
    expect(failMail.text).toContain('می‌توانید پاسخ تازه‌ای بفرستید');
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entity_type, 'assignment_submission'));
    expect(entry).toMatchObject({ entity_id: waiting!.id, action: 'grade' });
    expect((await sessionsOf(buyer)).sessions.find((s) => s.id === assignmentId)!.is_done).toBe(false);

    const after = await overview();
    expect(after).toMatchObject({ can_submit: true, passed: false });
    expect(after.submissions[0]).toMatchObject({ score: 40, passed: false, feedback: 'خروجی برنامه درست نیست.' });
    const second = (await submit({ text: 'نسخهٔ درست‌شده' })).json<{ data: AssignmentSubmission }>().data;
    expect(second.number).toBe(2);

    // The lesson done first, so the pass is the course's last session: the certificate comes with it.
    await call('PUT', `/api/product-sessions/${course.sessionIds[0]}/progress`, buyer.headers, { done: true });
    expect((await sessionsOf(buyer)).certificate_code).toBeNull();
    const passed = await grade(second.id, { score: 85, feedback: 'عالی' });
    expect(passed.json<{ data: { passed: boolean } }>().data.passed).toBe(true);
    const state = await sessionsOf(buyer);
    expect(state.sessions.find((s) => s.id === assignmentId)!.is_done).toBe(true);
    expect(state.certificate_code).toMatch(/^[A-Z0-9]{10}$/);
    const passMail = await smtp.waitForMail((m) => m.subject.includes('نمرهٔ تکلیف') && m.text.includes('۸۵ از ۱۰۰'));
    expect(passMail.text).toContain('قبول شدید');
    // Passed, «until passed»: no more submissions.
    expect(await overview()).toMatchObject({ can_submit: false, passed: true });
    expect((await submit({ text: 'باز هم' })).json<{ message: string }>().message).toContain('قبول شده‌اید');
  });

  it("seeds the demo course's second session as an assignment: pass at 60, send again until passed", async () => {
    const list = (await app.inject({ url: '/api/products?filter=oldest' })).json<{ data: Array<{ id: number; slug: string }> }>().data;
    const demo = list.find((p) => p.slug === 'javascript-basics-course')!;
    const { sessions } = (await app.inject({ url: `/api/products/${demo.id}` })).json<{ data: { sessions: Array<{ id: number; kind: string }> } }>().data;
    expect(sessions.map((session) => session.kind)).toEqual(['lesson', 'assignment', 'lesson', 'lesson', 'quiz']);
    const rules = (await call('GET', `/api/dashboard/product-sessions/${sessions[1]!.id}/assignment`, staff)).json<{ data: { pass_score: number; allow_resubmit: string; instructions: string } }>().data;
    expect(rules).toMatchObject({ pass_score: 60, allow_resubmit: 'until_passed', required_for_certificate: true });
    expect(rules.instructions).toContain('sumEven');
  });

  it('keeps to «never», and an assignment made optional no longer holds back the certificate', async () => {
    const other = await newCourse(app, { price: 50_000, sessions: [{}, { kind: 'assignment' }] });
    const [lessonId, optionalId] = other.sessionIds as [number, number];
    const rules = { instructions: '<p>اختیاری</p>', max_files: 0, max_file_size_mb: 1, allowed_types: ['txt'], pass_score: 50, allow_resubmit: 'never' };
    expect((await saveRules({ ...rules, required_for_certificate: true }, optionalId)).statusCode).toBe(200);
    const learner = await newBuyer(app);
    await buy(app, learner, other.id);
    expect((await submit({ text: 'x', upload_ids: ['a'.repeat(32)] }, learner, optionalId)).json<{ errors: Record<string, string[]> }>().errors).toEqual({ upload_ids: ['این تکلیف فایل نمی‌پذیرد.'] });
    const sent = (await submit({ text: 'پاسخ کوتاه' }, learner, optionalId)).json<{ data: AssignmentSubmission }>().data;
    await grade(sent.id, { score: 10, feedback: '' });
    const never = await submit({ text: 'دوباره' }, learner, optionalId);
    expect(never.statusCode).toBe(422);
    expect(never.json<{ message: string }>().message).toContain('فقط یک بار');
    // The lesson done, the failed assignment still stands between the learner and the certificate…
    await call('PUT', `/api/product-sessions/${lessonId}/progress`, learner.headers, { done: true });
    expect((await sessionsOf(learner, other.id)).certificate_code).toBeNull();
    // …until staff make it optional: the one rule counts only the sessions the certificate waits for.
    expect((await saveRules({ ...rules, required_for_certificate: false }, optionalId)).statusCode).toBe(200);
    const state = await sessionsOf(learner, other.id);
    expect(state.sessions.find((s) => s.id === optionalId)!.is_done).toBe(false);
    expect(state.certificate_code).toMatch(/^[A-Z0-9]{10}$/);
    expect((await overview(learner, optionalId)).required_for_certificate).toBe(false);
    // A new buyer of the course gets it with the lesson alone.
    const next = await newBuyer(app);
    await buy(app, next, other.id);
    await call('PUT', `/api/product-sessions/${lessonId}/progress`, next.headers, { done: true });
    expect((await sessionsOf(next, other.id)).certificate_code).toMatch(/^[A-Z0-9]{10}$/);
  });
});
