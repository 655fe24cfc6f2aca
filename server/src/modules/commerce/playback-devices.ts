/**
 * The devices a buyer's paid lessons play on (issue 38 item 1). A device is a browser profile that
 * keeps a random key in its localStorage and sends it with the request for a lesson's media; only
 * the key's SHA-256 is stored. A known device plays; a new one is added while the account has fewer
 * than the site's `max_devices`, else refused with the list of the others. The buyer removes one
 * themselves at most `device_removals_per_month` times in 30 days; staff see and reset them all
 * (audited). Free previews need no device (lesson-playback.ts).
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import type { OwnDevices, UserDevice } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { PLAYBACK_MESSAGES } from './playback-messages';
import { PlaybackRefusalError } from './playback-refusal';
import { userDeviceRemovals, userDevices } from './playback-tables';

/** The window of the buyer's own removals, ms (issue 38 item 1: «a few removals a month»). */
export const REMOVAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Longest user agent kept with a device, characters. */
const USER_AGENT_MAX = 500;

/** Class of the advisory locks that order one account's device changes (`pg_advisory_xact_lock(3801, <user id>)`). */
const DEVICES_LOCK_NAMESPACE = 3801;

/** The site's device limits (issue 38 item 1; site_settings). */
export interface DeviceLimits {
  /** Devices an account's paid lessons play on. */
  maxDevices: number;
  /** Devices the buyer may remove themselves in 30 days. */
  removalsPerMonth: number;
}

/** SHA-256 of a device key, hex: what is stored and looked up (the key never is). */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Short names of browsers whose own are long (two Latin words in a row read badly in a Persian sentence). */
const BROWSER_ALIASES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung',
  'Android Browser': 'مرورگر اندروید',
  'NAVER Whale Browser': 'Whale',
  'Yandex Browser': 'Yandex',
  'UC Browser': 'UCBrowser',
  'QQ Browser': 'QQBrowser',
  'Opera Touch': 'Opera',
};

/** Short names of systems whose own are two words. */
const SYSTEM_ALIASES: Record<string, string> = { 'Chrome OS': 'ChromeOS', 'Windows Phone': 'WindowsPhone', 'PlayStation 4': 'PlayStation' };

/**
 * A device's Persian-friendly name from its user agent, by bowser: «Chrome روی Windows»,
 * «Safari روی iOS»; «مرورگر ناشناس» or «دستگاه ناشناس» for what it does not know. At most 100 characters.
 */
export function deviceNameOf(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return PLAYBACK_MESSAGES.unknownDevice;
  const { browser, os } = Bowser.parse(userAgent.slice(0, USER_AGENT_MAX));
  const browserName = browser.name ? (BROWSER_ALIASES[browser.name] ?? browser.name) : PLAYBACK_MESSAGES.unknownBrowser;
  const systemName = os.name ? (SYSTEM_ALIASES[os.name] ?? os.name) : null;
  if (!browser.name && !systemName) return PLAYBACK_MESSAGES.unknownDevice;
  return (systemName ? PLAYBACK_MESSAGES.deviceName(browserName, systemName) : browserName).slice(0, 100);
}

/** Serializes the device changes of one account in the caller's transaction (two new devices at once must not both pass the limit). */
const lockDevicesOf = (tx: Db, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${DEVICES_LOCK_NAMESPACE}, ${userId})`);

const deviceColumns = { id: userDevices.id, name: userDevices.name, created_at: userDevices.created_at, last_used_at: userDevices.last_used_at };

/** The account's devices, last used first. */
async function devicesOf(db: Db, userId: number): Promise<UserDevice[]> {
  const rows = await db.select(deviceColumns).from(userDevices).where(eq(userDevices.user_id, userId)).orderBy(desc(userDevices.last_used_at), desc(userDevices.id));
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at), last_used_at: toIso(row.last_used_at) }));
}

/** The buyer's own removals in the last 30 days: how many, and the oldest of them. */
async function recentRemovals(db: Db, userId: number): Promise<{ used: number; oldest: Date | null }> {
  const since = new Date(Date.now() - REMOVAL_WINDOW_MS);
  const [row] = await db
    .select({ used: count(), oldest: min(userDeviceRemovals.removed_at) })
    .from(userDeviceRemovals)
    .where(and(eq(userDeviceRemovals.user_id, userId), gt(userDeviceRemovals.removed_at, since)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { used: Number(row?.used ?? 0), oldest };
}

/** {@link OwnDevices} of `userId` under `limits`. */
async function ownDevices(db: Db, userId: number, limits: DeviceLimits): Promise<OwnDevices> {
  const [devices, removals] = await Promise.all([devicesOf(db, userId), recentRemovals(db, userId)]);
  const left = Math.max(0, limits.removalsPerMonth - removals.used);
  const nextAt = left === 0 && removals.oldest ? new Date(removals.oldest.getTime() + REMOVAL_WINDOW_MS).toISOString() : null;
  return { devices, max_devices: limits.maxDevices, removals_left: left, next_removal_at: nextAt };
}

/**
 * The device of `key` for `userId`, noted as used now (issue 38 item 1): a known one, or a new
 * one named from `userAgent` while the account has fewer than `limits.maxDevices`.
 * @returns the device's id
 * @throws PlaybackRefusalError 409 `device_limit` with the account's devices when a new one is one too many
 */
export async function useDevice(db: Db, userId: number, key: string, userAgent: string | undefined, limits: DeviceLimits): Promise<number> {
  const keyHash = hashDeviceKey(key);
  const used = async (tx: Db) => {
    const [known] = await tx
      .update(userDevices)
      .set({ last_used_at: new Date() })
      .where(and(eq(userDevices.user_id, userId), eq(userDevices.key_hash, keyHash)))
      .returning({ id: userDevices.id });
    return known?.id ?? null;
  };
  const known = await used(db);
  if (known !== null) return known;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDevicesOf(tx, userId);
    // Added by a request of the same browser that held the lock before this one.
    const raced = await used(tx);
    if (raced !== null) return raced;
    const devices = await devicesOf(tx, userId);
    if (devices.length >= limits.maxDevices) {
      throw new PlaybackRefusalError('device_limit', PLAYBACK_MESSAGES.deviceLimit(limits.maxDevices, devices), await ownDevices(tx, userId, limits));
    }
    const [added] = await tx
      .insert(userDevices)
      .values({ user_id: userId, key_hash: keyHash, name: deviceNameOf(userAgent), user_agent: (userAgent ?? '').slice(0, USER_AGENT_MAX) })
      .returning({ id: userDevices.id });
    return added!.id;
  });
}

/** `GET /api/devices`: the caller's devices, last used first, and what is left of the month's removals. */
export function listOwnDevices(db: Db, userId: number, limits: DeviceLimits): Promise<OwnDevices> {
  return ownDevices(db, userId, limits);
}

/**
 * `DELETE /api/devices/:deviceId`: the buyer removes one of their devices (issue 38 item 1), at
 * most `limits.removalsPerMonth` in 30 days; the caller ends the device's streams.
 * @returns the devices left
 * @throws ApiError 404 `deviceNotFound` for a device not theirs; 429 `deviceRemovalsUsed` (with
 *   when the next is allowed) or `deviceRemovalsClosed` when none is left
 */
export async function removeOwnDevice(db: Db, userId: number, deviceId: number, limits: DeviceLimits): Promise<OwnDevices> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDevicesOf(tx, userId);
    const [device] = await tx.select({ id: userDevices.id }).from(userDevices).where(and(eq(userDevices.id, deviceId), eq(userDevices.user_id, userId)));
    if (!device) throw notFound(PLAYBACK_MESSAGES.deviceNotFound);
    if (limits.removalsPerMonth === 0) throw new ApiError(429, PLAYBACK_MESSAGES.deviceRemovalsClosed);
    const { used, oldest } = await recentRemovals(tx, userId);
    if (used >= limits.removalsPerMonth) {
      throw new ApiError(429, PLAYBACK_MESSAGES.deviceRemovalsUsed(used, new Date((oldest ?? new Date()).getTime() + REMOVAL_WINDOW_MS)));
    }
    await tx.delete(userDevices).where(eq(userDevices.id, deviceId));
    await tx.insert(userDeviceRemovals).values({ user_id: userId });
  });
  return ownDevices(db, userId, limits);
}

/** `GET /api/dashboard/users/:userId/devices` (show-users): the user's devices, last used first. */
export function listUserDevices(db: Db, userId: number): Promise<UserDevice[]> {
  return devicesOf(db, userId);
}

/**
 * `DELETE /api/dashboard/users/:userId/devices` (show-users): removes every device of the user,
 * each recorded in the audit log in the same transaction; the buyer's own removals are not spent.
 * The caller ends the user's streams.
 * @returns the ids of the devices removed (none for a user without devices or an unknown one)
 */
export async function resetUserDevices(db: Db, userId: number, audit: AuditContext): Promise<number[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockDevicesOf(tx, userId);
    const removed = await tx
      .delete(userDevices)
      .where(eq(userDevices.user_id, userId))
      .returning({ id: userDevices.id, name: userDevices.name, last_used_at: userDevices.last_used_at });
    if (removed.length > 0) {
      await audit.record(
        tx,
        removed.map(({ id, name, last_used_at }) => ({
          entity: 'user_device' as const,
          id,
          action: 'delete' as const,
          before: { user_id: userId, name, last_used_at: toIso(last_used_at) },
        })),
      );
    }
    return removed.map(({ id }) => id);
  });
}
