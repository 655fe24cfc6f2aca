/**
 * The dashboard's question files (issue 37 item 1; permission `manage-product-sessions`): a CSV file
 * of questions imported into a course's bank, and a question's image or audio clip.
 */
import type { FastifyPluginAsync } from 'fastify';
import { routeId } from '../../lib/pagination';
import { errorBodySchema as errorBody, itemSchema, messageItemSchema, signedInErrorResponses } from '../../lib/schemas';
import { readForm } from '../../lib/uploads';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { importQuizQuestions, QUESTION_IMPORT_MAX_KB, QUIZ_IMPORT_MESSAGES, saveQuizMedia } from '../../modules/learning';
import { quizImportResultSchema, quizMediaSchema } from './schemas';

const tags = ['learning'];
const errors = signedInErrorResponses;
const productParams = { type: 'object', properties: { productId: { type: 'string' } } } as const;
const staff = { onRequest: requirePermission('manage-product-sessions') };

const dashboardQuizFileRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST …/products/:productId/quiz-questions/import (multipart, one `file`: a CSV in the format of
   * modules/learning/quiz-import.ts): 201 {message, data: {imported}} all rows as new questions in one
   * transaction; 404 unknown course; 413 over {@link QUESTION_IMPORT_MAX_KB} KB; 415 not a UTF-8 CSV;
   * 422 `file` or `row-N.<column>` errors in Persian («ردیف ۳، ستون «گزینه‌ها»: …»), nothing saved.
   */
  app.post<{ Params: { productId: string } }>(
    '/api/dashboard/products/:productId/quiz-questions/import',
    {
      schema: {
        tags,
        summary: "Import questions into a course's bank from a CSV file (all or nothing)",
        description: `multipart/form-data: file (CSV, UTF-8 with or without BOM, at most ${QUESTION_IMPORT_MAX_KB} KB; header نوع,متن,امتیاز[,گزینه‌ها,پاسخ,تصویر,صدا]; see server/README.md).`,
        consumes: ['multipart/form-data'],
        params: productParams,
        response: { 201: messageItemSchema(quizImportResultSchema), 413: errorBody, 415: errorBody, ...errors },
      },
      ...staff,
    },
    async (request, reply) => {
      const productId = routeId(request.params.productId);
      const form = await readForm(request, { file: QUESTION_IMPORT_MAX_KB });
      const imported = await importQuizQuestions(app.db, productId, form.files.file, await auditContextOf(request));
      return reply.code(201).send({ message: QUIZ_IMPORT_MESSAGES.imported(imported), data: { imported } });
    },
  );

  /**
   * POST /api/dashboard/quiz-media (multipart, one `file`): 201 {data: {path, kind}} an image (re-encoded
   * to WebP) or an audio clip (checked by content) for a question, stored as public `/media/…`;
   * 413 over `uploadLimits.imageKb`/`audioKb`; 415 neither image nor audio; 422 no file.
   */
  app.post(
    '/api/dashboard/quiz-media',
    {
      schema: {
        tags,
        summary: "Upload a question's image or audio clip",
        description: 'multipart/form-data: file (an image, stored as WebP, or an audio clip; by its MIME type, checked by content).',
        consumes: ['multipart/form-data'],
        response: { 201: itemSchema(quizMediaSchema), 413: errorBody, 415: errorBody, ...errors },
      },
      ...staff,
    },
    async (request, reply) => {
      const { imageKb, audioKb } = app.settings.uploadLimits;
      const form = await readForm(request, { file: Math.max(imageKb, audioKb) });
      return reply.code(201).send({ data: await saveQuizMedia(app.db, app.files, form.files.file, { image: imageKb, audio: audioKb }) });
    },
  );
};

export default dashboardQuizFileRoutes;
