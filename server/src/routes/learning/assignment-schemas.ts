/**
 * The assignment routes' response schemas (issue 37 item 3), as @shop/contracts' assignments.ts
 * types them.
 */
import { date, int, nullableStr, str } from '../../lib/schemas';

const bool = { type: 'boolean' } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const nullableBool = { type: ['boolean', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const resubmit = { type: 'string', enum: ['never', 'until_passed', 'always'] } as const;
const status = { type: 'string', enum: ['submitted', 'graded'] } as const;

/** AssignmentFile. */
const fileSchema = {
  type: 'object',
  required: ['id', 'name', 'size', 'type', 'url', 'url_expires_at'],
  properties: { id: str, name: str, size: int, type: str, url: nullableStr, url_expires_at: nullableStr },
} as const;

const rulesProperties = {
  instructions: str,
  max_files: int,
  max_file_size_mb: int,
  allowed_types: { type: 'array', items: str },
  pass_score: int,
  allow_resubmit: resubmit,
  required_for_certificate: bool,
  product_session_id: int,
} as const;

/** AssignmentSettings. */
export const assignmentSettingsSchema = {
  type: 'object',
  required: [...Object.keys(rulesProperties), 'product_id'],
  properties: { ...rulesProperties, product_id: int },
} as const;

/** AssignmentSubmission. */
export const assignmentSubmissionSchema = {
  type: 'object',
  required: ['id', 'product_session_id', 'number', 'text', 'files', 'status', 'score', 'passed', 'feedback', 'graded_at', 'created_at'],
  properties: {
    id: int,
    product_session_id: int,
    number: int,
    text: str,
    files: { type: 'array', items: fileSchema },
    status,
    score: nullableInt,
    passed: nullableBool,
    feedback: nullableStr,
    graded_at: nullableDate,
    created_at: date,
  },
} as const;

/** AssignmentOverview. */
export const assignmentOverviewSchema = {
  type: 'object',
  required: [...Object.keys(rulesProperties), 'submissions', 'pending_files', 'can_submit', 'passed'],
  properties: {
    ...rulesProperties,
    submissions: { type: 'array', items: assignmentSubmissionSchema },
    pending_files: { type: 'array', items: fileSchema },
    can_submit: bool,
    passed: bool,
  },
} as const;

const queueProperties = {
  id: int,
  product_id: int,
  product_title: str,
  product_session_id: int,
  session_title: str,
  user_id: int,
  user_name: str,
  user_email: str,
  number: int,
  status,
  score: nullableInt,
  passed: nullableBool,
  files_count: int,
  created_at: date,
  graded_at: nullableDate,
} as const;

/** DashboardAssignmentSubmission. */
export const dashboardAssignmentSubmissionSchema = { type: 'object', required: Object.keys(queueProperties), properties: queueProperties } as const;

const detailProperties = {
  ...queueProperties,
  text: str,
  files: { type: 'array', items: fileSchema },
  feedback: nullableStr,
  graded_by_name: nullableStr,
  instructions: str,
  pass_score: int,
  allow_resubmit: resubmit,
} as const;

/** DashboardAssignmentSubmissionDetail. */
export const dashboardAssignmentSubmissionDetailSchema = { type: 'object', required: Object.keys(detailProperties), properties: detailProperties } as const;

/** AssignmentCourse. */
export const assignmentCourseSchema = { type: 'object', required: ['id', 'title'], properties: { id: int, title: str } } as const;
