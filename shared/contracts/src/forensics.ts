/**
 * Identifying a leaked copy of a lesson and revoking the account it came from (issue 38 items 3
 * and 4): staff upload the copy, the server compares it with the lesson's A and B segments in a
 * background job, and names the account among everyone who could play the lesson, with a
 * confidence, or says it cannot; from a named account staff revoke its access in one action.
 */

/** Where an identification is: waiting for the worker, being compared, finished, or failed (a server fault, told in Persian). */
export type ForensicIdentificationStatus = 'queued' | 'processing' | 'done' | 'failed';

/**
 * Why a finished identification names nobody: the copy does not show this lesson, or it shows it
 * but carries too little of the mark (too short, too damaged, several buyers mixed), or the lesson
 * had no forensic watermark when it was played (`not-marked`).
 */
export type ForensicCannotSayReason = 'not-this-lesson' | 'too-little-evidence' | 'not-marked';

/** What the comparison found, for staff and the audit log. */
export interface ForensicEvidence {
  /** Where the copy starts in the lesson, seconds. */
  start_seconds: number;
  /** Seconds of the copy compared. */
  seconds_compared: number;
  /** The share of the lesson's picture the copy shows (0–1 each), and how well it fits (−1…1). */
  crop: { x: number; y: number; width: number; height: number };
  crop_correlation: number;
  /** Segments whose A/B evidence was used. */
  segments_used: number;
  /** Accounts compared (everyone who could play the lesson). */
  candidates: number;
  /** The named account's score and the next best (how far it stands out). */
  best_score: number;
  runner_up_score: number;
  /** The bound on naming an innocent account the answer was held to (10⁻⁴). */
  false_name_bound: number;
}

/** The account an identification named. */
export interface ForensicIdentifiedUser {
  id: number;
  full_name: string;
  email: string;
}

/** One identification (`GET /api/dashboard/forensic-identifications/:id`). */
export interface ForensicIdentification {
  id: number;
  session_id: number;
  session_title: string;
  product_id: number;
  product_title: string;
  /** The uploaded copy's name and size, bytes. */
  file_name: string;
  file_size: number;
  status: ForensicIdentificationStatus;
  /** Percent of the comparison done while `processing`. */
  progress: number;
  /** Once `done`: `identified` with `user`, else `cannot-say` with `reason`. */
  verdict: 'identified' | 'cannot-say' | null;
  reason: ForensicCannotSayReason | null;
  user: ForensicIdentifiedUser | null;
  /** 1 − the bound on the name being wrong (0–1), and that bound (N · P(an innocent scores this high)). */
  confidence: number | null;
  false_name_probability: number | null;
  evidence: ForensicEvidence | null;
  /** Persian reason when `failed`. */
  error: string | null;
  created_by: { id: number; full_name: string };
  /** ISO 8601. */
  created_at: string;
  finished_at: string | null;
  /** Set once staff revoked the named account's access from this identification. */
  revocation: ForensicRevocation | null;
}

/** A revocation made from an identification (issue 38 item 4). */
export interface ForensicRevocation {
  /** ISO 8601. */
  revoked_at: string;
  revoked_by: { id: number; full_name: string };
  /** Staff's reason, as the buyer's mail quotes it. */
  reason: string;
  /** Grants of the course that ended (an order's, a manual one, a plan's). */
  grants_ended: number;
}

/** `POST /api/dashboard/forensic-identifications`: the copy uploaded by tus to `/api/forensic-uploads` (its id), for session `session_id`. */
export interface ForensicIdentificationRequest {
  session_id: number;
  upload_id: string;
}

/** `POST /api/dashboard/forensic-identifications/:id/revocation`. */
export interface ForensicRevocationRequest {
  /** 3–500 characters. */
  reason: string;
}
