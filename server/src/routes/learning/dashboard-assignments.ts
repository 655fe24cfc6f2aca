/**
 * The dashboard's assignments (issue 37 item 3), permission `manage-product-sessions`: an
 * assignment's rules, the queue of submissions (ungraded first, by course and status), one
 * submission with its files, and grading it (audited, mailed to the buyer). Routes delegate to
 * modules/learning.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  assignmentGradeSchema as gradeBodySchema,
  assignmentSettingsSchema as settingsBodySchema,
  type AssignmentGradeInput,
  type AssignmentSettingsInput,
} from '@shop/validation';
import { routeId } from '../../lib/pagination';
import { itemSchema, messageItemSchema, pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requireAuth, requirePermission } from '../../plugins/app/auth';
import {
  ASSIGNMENT_MESSAGES,
  type AssignmentQueueQuery,
  getAssignmentSettings,
  getAssignmentSubmission,
  gradeAssignmentSubmission,
  listAssignmentCourses,
  listAssignmentSubmissions,
  saveAssignmentSettings,
} from '../../modules/learning';
import { assignmentCourseSchema, assignmentSettingsSchema, dashboardAssignmentSubmissionDetailSchema, dashboardAssignmentSubmissionSchema } from './assignment-schemas';

const tags = ['learning'];
const errors = signedInErrorResponses;
const settingsBody = yupBody(settingsBodySchema);
const gradeBody = yupBody(gradeBodySchema);
const sessionParams = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } } } as const;
const staff = { onRequest: requirePermission('manage-product-sessions') };
const SUBMISSIONS = '/api/dashboard/assignment-submissions';

const dashboardAssignmentRoutes: FastifyPluginAsync = async (app) => {
  const signing = () => ({ appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds });

  /** GET /api/dashboard/product-sessions/:sessionId/assignment: `{data: AssignmentSettings}` (the defaults until saved); 404 unknown or not an assignment. */
  app.get<{ Params: { sessionId: string } }>(
    '/api/dashboard/product-sessions/:sessionId/assignment',
    { schema: { tags, summary: "An assignment's rules", params: sessionParams, response: { 200: itemSchema(assignmentSettingsSchema), ...errors } }, ...staff },
    async (request) => ({ data: await getAssignmentSettings(app.db, routeId(request.params.sessionId)) }),
  );

  /** PUT /api/dashboard/product-sessions/:sessionId/assignment AssignmentSettingsBody: `{message, data}`, audited; 404; 422 field errors. */
  app.put<{ Params: { sessionId: string }; Body: AssignmentSettingsInput }>(
    '/api/dashboard/product-sessions/:sessionId/assignment',
    {
      schema: { tags, summary: "Save an assignment's rules", params: sessionParams, body: settingsBody.jsonSchema, response: { 200: messageItemSchema(assignmentSettingsSchema), ...errors } },
      ...staff,
      preValidation: settingsBody.preValidation,
      validatorCompiler: settingsBody.validatorCompiler,
    },
    async (request) => ({
      message: ASSIGNMENT_MESSAGES.settingsSaved,
      data: await saveAssignmentSettings(app.db, routeId(request.params.sessionId), request.body, await auditContextOf(request)),
    }),
  );

  /** GET /api/dashboard/assignment-submissions (`product_id`, `status`): `Paginated<DashboardAssignmentSubmission>`, ungraded first. */
  app.get<{ Querystring: AssignmentQueueQuery }>(
    SUBMISSIONS,
    {
      schema: {
        tags,
        summary: 'The queue of assignment submissions',
        querystring: {
          type: 'object',
          properties: { ...pageQueryProperties, product_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, status: { type: 'string', enum: ['submitted', 'graded'] } },
        },
        response: { 200: paginatedSchema(dashboardAssignmentSubmissionSchema), ...errors },
      },
      ...staff,
    },
    (request) => listAssignmentSubmissions(app.db, request.query),
  );

  /** GET /api/dashboard/assignment-submissions/courses: `{data: AssignmentCourse[]}`, the courses with submissions. */
  app.get(
    `${SUBMISSIONS}/courses`,
    { schema: { tags, summary: 'Courses with assignment submissions', response: { 200: itemSchema({ type: 'array', items: assignmentCourseSchema }), ...errors } }, ...staff },
    async () => ({ data: await listAssignmentCourses(app.db) }),
  );

  /** GET /api/dashboard/assignment-submissions/:id: `{data: DashboardAssignmentSubmissionDetail}`, files signed for the caller; 404. */
  app.get<{ Params: { id: string } }>(
    `${SUBMISSIONS}/:id`,
    { schema: { tags, summary: 'A submission to grade', params: idParams, response: { 200: itemSchema(dashboardAssignmentSubmissionDetailSchema), ...errors } }, ...staff },
    async (request) => ({ data: await getAssignmentSubmission(app.db, routeId(request.params.id), (await requireAuth(request)).user.id, signing()) }),
  );

  /** POST /api/dashboard/assignment-submissions/:id/grade AssignmentGradeBody: `{message, data}`; audited, the buyer mailed; a pass makes the session done. 404; 422. */
  app.post<{ Params: { id: string }; Body: AssignmentGradeInput }>(
    `${SUBMISSIONS}/:id/grade`,
    {
      schema: { tags, summary: 'Grade a submission', params: idParams, body: gradeBody.jsonSchema, response: { 200: messageItemSchema(dashboardAssignmentSubmissionDetailSchema), ...errors } },
      ...staff,
      preValidation: gradeBody.preValidation,
      validatorCompiler: gradeBody.validatorCompiler,
    },
    async (request) => ({
      message: ASSIGNMENT_MESSAGES.graded,
      data: await gradeAssignmentSubmission(app, routeId(request.params.id), request.body, await auditContextOf(request)),
    }),
  );
};

export default dashboardAssignmentRoutes;
