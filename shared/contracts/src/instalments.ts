/**
 * Wire shapes of buying a course in parts («خرید اقساطی», issue 36 item 2): staff give a course one or
 * more plans; a buyer sees the schedule with its dates before paying, pays the first part to open the
 * course, and each later part from the profile; after a grace period a missed part pauses access until
 * it is paid. Each part is paid by an order of its own (`source: 'instalment'`) through the gateway, so
 * receipts, refunds and the access ledger treat it as they treat any order. Same conventions as
 * entities.ts: snake_case, ISO 8601 UTC dates, whole tomans.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 * - `GET  /products/:productId` → its active plans as `instalment_plans` (each with the schedule if bought now)
 * - `POST /products/:productId/instalment-purchases` {@link InstalmentPurchaseBody} (signed in) →
 *   201 `{data: InstalmentCheckoutAnswer}`: the purchase and the first part's gateway form; the same
 *   course's unpaid purchase of the same plan is answered again (200); 422 on `plan_id` (unknown or
 *   inactive plan), already bought, selling off (403)
 * - `GET  /instalment-purchases` (signed in) → `{data: InstalmentPurchase[]}` the caller's, newest first
 * - `POST /instalments/:instalmentId/pay` (signed in, owner) → `{data: InstalmentCheckoutAnswer}` a gateway
 *   form for that part (the next unpaid one only); 422 paid, not next, or its purchase cancelled
 *
 * Dashboard (permission `show-financial-info`; writes `manage-products` for plans, `manage-refunds` to cancel):
 * - `GET/POST /dashboard/products/:productId/instalment-plans`, `PUT/DELETE …/:planId` {@link InstalmentPlanBody}
 * - `GET  /dashboard/financial-info/instalments?state=upcoming|overdue|paused&page=&q=` → `Paginated<DashboardInstalment>`
 * - `POST /dashboard/financial-info/instalment-purchases/:id/cancel` → `{message, data: InstalmentPurchase}`
 */
import type { CheckoutAnswer } from './commerce';

/** A plan of a course: how many parts, the share due now, the days between parts and an optional surcharge. */
export interface InstalmentPlan {
  id: number;
  product_id: number;
  /** Parts in all, the first included: 2..12. */
  parts: number;
  /** Percent of the total due with the first part: 1..99. */
  first_share_percent: number;
  /** Days between one part's due date and the next: 1..365. */
  days_between: number;
  /** Tomans added to the course's price when bought this way (0: none). */
  surcharge: number;
  /** Days after a part's due date before an unpaid part pauses access: 0..60. */
  grace_days: number;
  is_active: boolean;
}

/** One part of a schedule: its number (1-based), tomans and due date. */
export interface InstalmentScheduleItem {
  number: number;
  amount: number;
  due_at: string;
}

/** A plan as the course page shows it: with the whole schedule if bought now, and its total in tomans. */
export interface InstalmentPlanOffer extends InstalmentPlan {
  total: number;
  schedule: InstalmentScheduleItem[];
}

/** `POST /dashboard/products/:productId/instalment-plans` and its `PUT`. */
export interface InstalmentPlanBody {
  parts: number;
  first_share_percent: number;
  days_between: number;
  surcharge?: number;
  grace_days?: number;
  is_active?: boolean;
}

/** `POST /products/:productId/instalment-purchases`. */
export interface InstalmentPurchaseBody {
  plan_id: number;
}

/** Where a part stands: paid; due (its date passed or comes); overdue (past its date, within the grace); pausing access (past the grace). */
export type InstalmentState = 'paid' | 'upcoming' | 'overdue' | 'paused';

/** One part of a purchase. */
export interface Instalment {
  id: number;
  number: number;
  amount: number;
  due_at: string;
  state: InstalmentState;
  paid_at: string | null;
  /** The order that pays (or paid) it, once a payment was started. */
  order_id: number | null;
}

/**
 * A course bought in parts. `status`: `pending` until the first part is paid, `active` while parts
 * remain, `completed` when every part is paid, `cancelled` by staff (access ends; paid parts stay paid).
 */
export interface InstalmentPurchase {
  id: number;
  product: { id: number; title: string };
  parts: number;
  /** Tomans: the course's price when bought plus the plan's surcharge. */
  total: number;
  /** Tomans paid so far. */
  paid: number;
  grace_days: number;
  status: 'pending' | 'active' | 'completed' | 'cancelled';
  /** While a missed part pauses it, false; true while the buyer may open the course by this purchase. */
  has_access: boolean;
  instalments: Instalment[];
  created_at: string;
}

/** The answer of buying in parts or paying a part: the purchase, and the order and gateway form of the part to pay. */
export interface InstalmentCheckoutAnswer extends CheckoutAnswer {
  purchase: InstalmentPurchase;
}

/** A part as staff list the ones due and overdue, with its buyer. */
export interface DashboardInstalment extends Instalment {
  purchase_id: number;
  /** Parts of its purchase in all («۲ از ۳»). */
  parts: number;
  product: { id: number; title: string };
  user: { id: number; full_name: string; email: string; mobile: string | null };
  purchase_status: InstalmentPurchase['status'];
}

const DAY_MS = 86_400_000;

/**
 * A plan's schedule for a course at `price` tomans bought at `from` (issue 36 item 2), the one rule
 * the server's offers and purchases and the dashboard's sample share: the total is the price plus the
 * surcharge; the first part is `first_share_percent` of it, rounded to whole tomans, due at once; the
 * rest are equal whole-toman parts (the last takes what rounding leaves) every `days_between` days.
 * @example planSchedule({ parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0 }, 490000, now).schedule.map((p) => p.amount) // [196000, 147000, 147000]
 */
export function planSchedule(
  plan: Pick<InstalmentPlan, 'parts' | 'first_share_percent' | 'days_between' | 'surcharge'>,
  price: number,
  from: Date,
): { total: number; schedule: InstalmentScheduleItem[] } {
  const total = price + plan.surcharge;
  const first = Math.round((total * plan.first_share_percent) / 100);
  const each = Math.floor((total - first) / (plan.parts - 1));
  const schedule = Array.from({ length: plan.parts }, (_, index) => ({
    number: index + 1,
    amount: index === 0 ? first : index === plan.parts - 1 ? total - first - each * (plan.parts - 2) : each,
    due_at: new Date(from.getTime() + index * plan.days_between * DAY_MS).toISOString(),
  }));
  return { total, schedule };
}
