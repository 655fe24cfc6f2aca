/** A session's schedule (issue 37 item 5): the session form's fields and staff's per-buyer overrides. `SessionLock` is in entities.ts. */
import type { SessionRelease } from './entities';

/** The schedule's fields of the dashboard session form (`ProductSessionForm`); the dashboard's answer always carries them. */
export interface SessionScheduleForm {
  /** When it opens for a buyer (default `none`). */
  release?: SessionRelease;
  /** Days after the buyer's access began, 1–365: with `days_after_purchase`. */
  release_days?: number | null;
  /** The Jalali day it opens at 00:00 Tehran time, `1405-09-12`: with `on_date`. */
  release_date?: string | null;
  /** Another session of the same course to do first (a quiz: to pass), or null. */
  prerequisite_session_id?: number | null;
}

/**
 * Staff's override of a session's lock for one buyer (issue 37 item 5): `opens_at` null lifts it
 * now, a date moves its date for this buyer (a prerequisite still holds).
 * `GET/PUT/DELETE /api/dashboard/product-sessions/:id/unlocks[/:userId]`.
 */
export interface SessionUnlock {
  user_id: number;
  user_full_name: string;
  user_email: string;
  /** ISO UTC, or null: lifted. */
  opens_at: string | null;
  reason: string;
  /** The staff member who set it, or null once gone. */
  by_full_name: string | null;
  created_at: string;
}

/** Body of `PUT /api/dashboard/product-sessions/:id/unlocks` (422 on a field it cannot use). */
export interface SessionUnlockBody {
  /** The buyer: their email (or a part of a name, email or mobile that only one buyer of the course has). */
  buyer: string;
  /** A Jalali day (`1405-09-12`, opens 00:00 Tehran time), or null to lift the lock now. */
  opens_date: string | null;
  /** Why, up to 500 characters; may be empty. */
  reason: string;
}
