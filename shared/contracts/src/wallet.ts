/**
 * Wire shapes of the wallet («کیف پول») and gift cards (issue 36 item 3). A wallet is its ledger
 * entries: the balance is their sum, in whole tomans, and is never negative. Same conventions as
 * entities.ts: snake_case, ISO 8601 UTC dates.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 *
 * Signed in (401 otherwise):
 * - `GET  /wallet?page=&per_page=`            → {@link WalletPage}: the balance and the entries, newest first
 * - `POST /wallet/gift-cards/redeem` `{code}` → `{message, data: WalletEntry}`; 422 on `code` for an unknown,
 *   used or expired card; 429 after too many tries
 * - `POST /checkout` `{use_wallet: true}` pays from the wallet as much of the order as it holds (commerce.ts)
 *
 * Dashboard (permission `manage-refunds`):
 * - `GET    /dashboard/financial-info/gift-cards?page=&per_page=&q=` → `Paginated<GiftCard>`, newest first
 * - `POST   /dashboard/financial-info/gift-cards` {@link GiftCardBody} → 201 `{message, data: GiftCard}`; 422 on
 *   `code` (taken, malformed), `amount`, `expires_at`
 * - `DELETE /dashboard/financial-info/gift-cards/:id` → `{message}`; 422 for a redeemed card
 * - `GET    /dashboard/financial-info/wallets/:userId?page=&per_page=` → {@link WalletPage} with `user`
 * - `POST   /dashboard/financial-info/wallets/:userId/entries` {@link WalletAdjustmentBody} → 201
 *   `{message, data: WalletEntry}`; 422 on `amount` when a debit is more than the balance
 */
import type { PageMeta } from './entities';

/**
 * Why an entry moved money: a gift card redeemed, a refund given to the wallet, staff's credit or
 * debit, an order's wallet share taken at checkout, or given back when that unpaid order was cancelled,
 * a second payment verified for an order already paid (`overpayment`, kept rather than lost), and a sales
 * agent's payout asked to the wallet (`agent_payout`, issue 36 item 4).
 */
export type WalletEntryKind = 'gift_card' | 'refund' | 'staff_credit' | 'staff_debit' | 'order_payment' | 'order_payment_returned' | 'overpayment' | 'agent_payout';

/** One ledger entry of a wallet. */
export interface WalletEntry {
  id: number;
  kind: WalletEntryKind;
  /** Tomans, positive in and negative out. */
  amount: number;
  /** The wallet's balance in tomans right after this entry. */
  balance_after: number;
  /** The order an `order_payment`, `order_payment_returned` or `refund` entry is about, else null. */
  order_id: number | null;
  /** The gift card's code of a `gift_card` entry, else null. */
  gift_card_code: string | null;
  /** Staff's reason for a `staff_credit` or `staff_debit` entry, else null. */
  reason: string | null;
  created_at: string;
}

/** A page of one wallet's entries with its balance in tomans; the dashboard's answer also names the user. */
export interface WalletPage {
  balance: number;
  data: WalletEntry[];
  meta: PageMeta;
  user?: { id: number; full_name: string; email: string; mobile: string | null };
}

/** `POST /wallet/gift-cards/redeem`. */
export interface GiftCardRedeemBody {
  code: string;
}

/** A gift card as the dashboard lists it. `code` is upper-case Latin letters and digits. */
export interface GiftCard {
  id: number;
  code: string;
  /** Tomans it puts in the wallet that redeems it. */
  amount: number;
  /** The last moment it can be redeemed, else null (no end). */
  expires_at: string | null;
  redeemed_by: { id: number; full_name: string; email: string } | null;
  redeemed_at: string | null;
  created_by: { id: number; full_name: string } | null;
  created_at: string;
}

/** `POST /dashboard/financial-info/gift-cards`: an empty `code` is made by the server (12 characters). */
export interface GiftCardBody {
  code?: string;
  amount: number;
  expires_at?: string | null;
}

/** `POST /dashboard/financial-info/wallets/:userId/entries`: staff add to or take from a wallet, with a reason. */
export interface WalletAdjustmentBody {
  direction: 'credit' | 'debit';
  /** Tomans, a whole number ≥ 1. */
  amount: number;
  reason: string;
}
