/**
 * A course's questions imported from a CSV file (issue 37 item 1), all or nothing, and a question's
 * image and audio clip uploaded from the question form. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Paginated, QuizQuestion } from '@shop/contracts';
import { auditLog } from '../../../src/modules/audit/tables';
import { SEED_MEDIA_DIR } from '../../../src/seed/demo';
import { newBuyer, newCourse } from '../../helpers/commerce-fixtures';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { multipart, pngFile, type FilePart } from '../../helpers/multipart';
import { buildTestApp, DB_TARGETS } from '../../helpers/test-app';

const BOM = '\uFEFF';

/** A CSV file part of `text` (UTF-8). */
const csvFile = (text: string, filename = 'questions.csv', type = 'text/csv'): FilePart => ({ filename, content: Buffer.from(text, 'utf8'), type });

/** One question of every type, Persian headers, Persian digits, a quoted cell with a comma and a line break. */
const GOOD_CSV = [
  'نوع,متن,امتیاز,گزینه‌ها,پاسخ,تصویر',
  'چندگزینه‌ای (یک پاسخ),پایتخت ایران کدام است؟,۲,*تهران|تبریز|شیراز,,/media/products/map.webp',
  'multiple_choice,"عددهای زوج را برگزینید، همه را",۳,*۲|۳|*۴,,',
  'درست یا نادرست,زمین گرد است.,۱,,درست,',
  'پاسخ کوتاه,"فعل «رفتن» برای «من»؟\nزمان حال",1,,می‌روم|میروم,',
  ',,,,,',
  'مرتب‌سازی,از کوچک به بزرگ,۰,یک|دو|سه,,',
  'جورکردنی,پایتخت هر کشور,۴,ایران=تهران|ژاپن=توکیو,,',
].join('\r\n');

describe.each(DB_TARGETS)('quiz question import on %s', (target) => {
  let app: FastifyInstance;
  let staff: AuthHeaders;
  let course: { id: number };

  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { register: 1_000 } });
    staff = await newStaff(app, ['manage-product-sessions']);
    course = await newCourse(app, { price: 50_000, sessions: [{ kind: 'quiz' }] });
  });
  afterAll(() => app.close());

  const upload = (file: FilePart, productId = course.id, headers: Record<string, string> = staff) => {
    const body = multipart({}, { file });
    return app.inject({ method: 'POST', url: `/api/dashboard/products/${productId}/quiz-questions/import`, payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const bank = async (productId = course.id) =>
    (await app.inject({ url: `/api/dashboard/products/${productId}/quiz-questions?per_page=100`, headers: staff })).json<Paginated<QuizQuestion>>().data;

  it('imports a file of every type (BOM, Persian headers and digits, a blank row) as first versions, each audited as created', async () => {
    const response = await upload(csvFile(BOM + GOOD_CSV));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: '۶ پرسش از فایل به بانک پرسش‌های دوره افزوده شد.', data: { imported: 6 } });

    const questions = await bank();
    expect(questions.map((q) => [q.type, q.points, q.version])).toEqual([
      ['single_choice', 2, 1],
      ['multiple_choice', 3, 1],
      ['true_false', 1, 1],
      ['short_answer', 1, 1],
      ['ordering', 0, 1],
      ['matching', 4, 1],
    ]);
    const [single, multiple, trueFalse, short, ordering, matching] = questions;
    expect(single!.body).toBe('<p>پایتخت ایران کدام است؟</p>');
    expect(single!.image).toBe('/media/products/map.webp');
    expect(single!.options.map((o) => [o.text, o.is_correct])).toEqual([['تهران', true], ['تبریز', false], ['شیراز', false]]);
    expect(multiple!.body).toBe('<p>عددهای زوج را برگزینید، همه را</p>');
    expect(multiple!.options.filter((o) => o.is_correct).map((o) => o.text)).toEqual(['۲', '۴']);
    expect(trueFalse!.correct_boolean).toBe(true);
    expect(short!.body).toBe('<p>فعل «رفتن» برای «من»؟</p><p>زمان حال</p>');
    expect(short!.accepted_answers).toEqual(['می‌روم', 'میروم']);
    expect(ordering!.options.map((o) => o.text)).toEqual(['یک', 'دو', 'سه']);
    expect(matching!.options.map((o) => o.text)).toEqual(['ایران', 'ژاپن']);
    expect(matching!.matches.map((o) => o.text)).toEqual(['تهران', 'توکیو']);

    const audited = await app.db
      .select({ id: auditLog.entity_id, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, 'quiz_question'), inArray(auditLog.entity_id, questions.map((q) => q.id))));
    expect(audited).toHaveLength(6);
    expect(audited.every((entry) => entry.action === 'create')).toBe(true);
  });

  it('reads English headers and type codes, in any column order, without a BOM', async () => {
    const other = await newCourse(app, { price: 10_000 });
    const response = await upload(csvFile('points,type,text,answer\n5,true_false,خورشید ستاره است,false\n'), other.id);
    expect(response.statusCode).toBe(201);
    const [question] = await bank(other.id);
    expect(question).toMatchObject({ type: 'true_false', points: 5, correct_boolean: false, body: '<p>خورشید ستاره است</p>' });
  });

  it('saves nothing when one row is bad, and names each bad row and column in Persian (422)', async () => {
    const other = await newCourse(app, { price: 10_000 });
    const csv = [
      'نوع,متن,امتیاز,گزینه‌ها,پاسخ',
      'چندگزینه‌ای (یک پاسخ),درست,۱,*الف|ب,',
      'چندگزینه‌ای (یک پاسخ),دو پاسخ درست,۱,*الف|*ب,',
      'نوع ناشناخته,متن,۱,,',
      'درست یا نادرست,,۲۰۰,,شاید',
      'جورکردنی,جور کنید,۱,ایران|ژاپن=توکیو,',
    ].join('\n');
    const response = await upload(csvFile(csv), other.id);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors['row-3.options']).toEqual(['ردیف ۳، ستون «گزینه‌ها»: یک گزینه را به‌عنوان پاسخ درست مشخص کنید']);
    expect(errors['row-4.type']![0]).toMatch(/^ردیف ۴، ستون «نوع»: نوع پرسش شناخته نیست/);
    expect(errors['row-5.text']![0]).toMatch(/^ردیف ۵، ستون «متن»: /);
    expect(errors['row-5.points']![0]).toMatch(/^ردیف ۵، ستون «امتیاز»: /);
    expect(errors['row-5.answer']![0]).toMatch(/^ردیف ۵، ستون «پاسخ»: برای پرسش درست یا نادرست/);
    expect(errors['row-6.options']![0]).toMatch(/^ردیف ۶، ستون «گزینه‌ها» \(مورد ۱\): هر مورد جورکردنی/);
    expect(Object.keys(errors).some((key) => key.startsWith('row-2.'))).toBe(false);
    expect(await bank(other.id)).toEqual([]);
  });

  it('refuses a file without the required columns, an unknown column or no rows (422 on file)', async () => {
    const missing = await upload(csvFile('نوع,متن\nدرست یا نادرست,الف\n'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual(['ستون «امتیاز» در سطر نخست (سرستون‌ها) نیست.']);
    const unknown = await upload(csvFile('نوع,متن,امتیاز,گزینه\n'));
    expect(unknown.json().errors.file[0]).toMatch(/^ستون «گزینه» شناخته نیست/);
    const empty = await upload(csvFile('نوع,متن,امتیاز\n'));
    expect(empty.json().errors.file).toEqual(['فایل پس از سطر سرستون‌ها پرسشی ندارد.']);
  });

  it('answers 415 for a file that is not a UTF-8 CSV and 413 for one over the limit', async () => {
    expect((await upload(await pngFile(20, 20))).statusCode).toBe(415);
    const windows1256 = csvFile('type,text,points\n', 'questions.csv');
    windows1256.content = Buffer.concat([windows1256.content, Buffer.from([0xe3, 0xca, 0xe4, 0x2c, 0x31, 0x0a])]);
    const notUtf8 = await upload(windows1256);
    expect(notUtf8.statusCode).toBe(415);
    expect(notUtf8.json().message).toMatch(/UTF-8/);
    const huge = await upload(csvFile(`type,text,points\n${'true_false,متن,1\n'.repeat(70_000)}`));
    expect(huge.statusCode).toBe(413);
    expect(await bank()).toHaveLength(6);
  });

  it('answers 404 for an unknown course and 403 to a signed-in person without the permission', async () => {
    expect((await upload(csvFile(GOOD_CSV), 999_999)).statusCode).toBe(404);
    const buyer = await newBuyer(app);
    expect((await upload(csvFile(GOOD_CSV), course.id, buyer.headers)).statusCode).toBe(403);
    expect(await bank()).toHaveLength(6);
  });

  describe('question media', () => {
    const send = (file: FilePart, headers: Record<string, string> = staff) => {
      const body = multipart({}, { file });
      return app.inject({ method: 'POST', url: '/api/dashboard/quiz-media', payload: body.payload, headers: { ...headers, ...body.headers } });
    };

    it('stores an image as WebP and an audio clip, answering public paths a question can name and the site serves', async () => {
      const image = await send(await pngFile(40, 30));
      expect(image.statusCode).toBe(201);
      const imagePath = image.json<{ data: { path: string; kind: string } }>().data;
      expect(imagePath).toEqual({ path: expect.stringMatching(/^\/media\/products\/[0-9a-f-]+\.webp$/), kind: 'image' });
      const ogg = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'audio', 'podcast-1.ogg'));
      const audio = await send({ filename: 'clip.ogg', content: ogg, type: 'audio/ogg' });
      expect(audio.statusCode).toBe(201);
      const audioPath = audio.json<{ data: { path: string; kind: string } }>().data;
      expect(audioPath).toEqual({ path: expect.stringMatching(/^\/media\/products\/[0-9a-f-]+\.ogg$/), kind: 'audio' });

      const served = await app.inject({ url: imagePath.path });
      expect(served.statusCode).toBe(200);
      const created = await app.inject({
        method: 'POST',
        url: `/api/dashboard/products/${course.id}/quiz-questions`,
        headers: staff,
        payload: { type: 'true_false', body: '<p>با تصویر</p>', points: 1, correct_boolean: true, image: imagePath.path, audio: audioPath.path },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).toMatchObject({ image: imagePath.path, audio: audioPath.path });
    });

    it('refuses what is neither image nor audio (415), content that lies about its type (415), no file (422) and non-staff (403)', async () => {
      expect((await send(csvFile('a,b'))).statusCode).toBe(415);
      expect((await send({ filename: 'x.png', content: Buffer.from('not an image'), type: 'image/png' })).statusCode).toBe(415);
      expect((await send({ filename: 'x.mp3', content: Buffer.from('not audio'.repeat(20)), type: 'audio/mpeg' })).statusCode).toBe(415);
      const fieldOnly = multipart({ x: '1' });
      const none = await app.inject({ method: 'POST', url: '/api/dashboard/quiz-media', headers: { ...staff, ...fieldOnly.headers }, payload: fieldOnly.payload });
      expect(none.statusCode).toBe(422);
      const buyer = await newBuyer(app);
      expect((await send(await pngFile(10, 10), buyer.headers)).statusCode).toBe(403);
    });

    it('answers 413 for an image over the image limit', async () => {
      const big = { filename: 'big.png', content: Buffer.alloc((app.settings.uploadLimits.imageKb + 1) * 1024, 1), type: 'image/png' };
      expect((await send(big)).statusCode).toBe(413);
    });
  });
});
