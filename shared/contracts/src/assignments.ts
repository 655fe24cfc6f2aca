/**
 * Assignments (issue 37 item 3): a session of kind `assignment` whose buyer sends a text and files
 * (each file by the resumable upload), graded by staff from the dashboard's queue with a score out of
 * 100 and feedback. A grade at or above `pass_score` makes the session done; resubmission as the
 * assignment allows. Calls (under `/api`):
 *
 * - `GET  /product-sessions/:sessionId/assignment` → `Item<AssignmentOverview>`; 403 not bought; 404 not an assignment
 * - tus 1.0.0 at `/assignment-uploads` (metadata `session_id`, `filename`, `filetype`): a file of the
 *   buyer's next submission; refused 413/415/422 `{message, errors: {files}}` past the assignment's limits
 * - `DELETE /product-sessions/:sessionId/assignment/uploads/:uploadId` → `{message}`: drops a file not yet sent
 * - `POST /product-sessions/:sessionId/assignment/submissions` {@link AssignmentSubmissionBody} → 201 `Item<AssignmentSubmission>`
 * - `GET  /dashboard/assignment-submissions` (`page`, `per_page`, `product_id`, `status`) → `Paginated<DashboardAssignmentSubmission>`, ungraded first
 * - `GET  /dashboard/assignment-submissions/courses` → `{data: AssignmentCourse[]}`: courses with assignments (the queue's filter)
 * - `GET  /dashboard/assignment-submissions/:id` → `Item<DashboardAssignmentSubmissionDetail>` (files with links signed for the viewer)
 * - `POST /dashboard/assignment-submissions/:id/grade` {@link AssignmentGradeBody} → `{message, data}`: audited, mails the buyer
 * - `GET  /dashboard/product-sessions/:sessionId/assignment` → `Item<AssignmentSettings>`; `PUT` {@link AssignmentSettingsBody} → `{message, data}`
 */

/** When a buyer may send again: never, until a submission passes, or always. */
export type AssignmentResubmit = 'never' | 'until_passed' | 'always';

/** A submission waits for staff (`submitted`) or has its score (`graded`). */
export type AssignmentSubmissionStatus = 'submitted' | 'graded';

/** What staff set for an assignment (`PUT /dashboard/product-sessions/:sessionId/assignment`). */
export interface AssignmentSettingsBody {
  /** Sanitized HTML. */
  instructions: string;
  /** Files a submission may have, 0–10. */
  max_files: number;
  /** Largest file, megabytes (1–500). */
  max_file_size_mb: number;
  /** Extensions accepted, lower case without the dot (`pdf`, `zip`, `js`…); at least one. */
  allowed_types: string[];
  /** Least score out of 100 that passes. */
  pass_score: number;
  allow_resubmit: AssignmentResubmit;
  /** False: the course's certificate does not wait for this session. */
  required_for_certificate: boolean;
}

/** An assignment's rules as the dashboard and the buyer read them. */
export interface AssignmentSettings extends AssignmentSettingsBody {
  product_session_id: number;
  product_id: number;
}

/** A file of a submission (or uploaded for the next one): its name as sent, bytes and MIME type. */
export interface AssignmentFile {
  /** The upload's id (32 hex digits). */
  id: string;
  name: string;
  size: number;
  type: string;
  /** A link signed for the viewer (expires with `url_expires_at`); null for a file not yet sent. */
  url: string | null;
  url_expires_at: string | null;
}

/** A buyer's submission as they and staff see it. */
export interface AssignmentSubmission {
  id: number;
  product_session_id: number;
  /** 1 for the buyer's first submission of this assignment. */
  number: number;
  text: string;
  files: AssignmentFile[];
  status: AssignmentSubmissionStatus;
  /** Out of 100, once graded. */
  score: number | null;
  passed: boolean | null;
  feedback: string | null;
  graded_at: string | null;
  created_at: string;
}

/** `GET /product-sessions/:sessionId/assignment`: the rules, the buyer's submissions (newest first) and what they may do now. */
export interface AssignmentOverview extends Omit<AssignmentSettings, 'product_id'> {
  submissions: AssignmentSubmission[];
  /** Files uploaded for the next submission, not sent yet. */
  pending_files: AssignmentFile[];
  /** Whether a new submission is accepted now (none waiting, and resubmission as allowed). */
  can_submit: boolean;
  passed: boolean;
}

/** `POST /product-sessions/:sessionId/assignment/submissions`: a text and/or the ids of files uploaded for it. */
export interface AssignmentSubmissionBody {
  text: string;
  upload_ids: string[];
}

/** `POST /dashboard/assignment-submissions/:id/grade`. */
export interface AssignmentGradeBody {
  /** 0–100. */
  score: number;
  feedback: string;
}

/** A row of the staff queue. */
export interface DashboardAssignmentSubmission {
  id: number;
  product_id: number;
  product_title: string;
  product_session_id: number;
  session_title: string;
  user_id: number;
  user_name: string;
  user_email: string;
  number: number;
  status: AssignmentSubmissionStatus;
  score: number | null;
  passed: boolean | null;
  files_count: number;
  created_at: string;
  graded_at: string | null;
}

/** The grading page: the row, its text and files, the assignment's rules and who graded it. */
export interface DashboardAssignmentSubmissionDetail extends DashboardAssignmentSubmission {
  text: string;
  files: AssignmentFile[];
  feedback: string | null;
  graded_by_name: string | null;
  instructions: string;
  pass_score: number;
  allow_resubmit: AssignmentResubmit;
}

/** A course with assignments (the queue's course filter). */
export interface AssignmentCourse {
  id: number;
  title: string;
}
