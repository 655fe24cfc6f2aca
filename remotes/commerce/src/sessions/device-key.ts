/**
 * This browser profile's device key (issue 38 item 1): 32 random bytes, base64url, made on first
 * need and kept in localStorage, sent as `X-Device-Key` when a lesson's media is asked for. The
 * server keeps only its hash; clearing the site's data makes the browser a new device.
 */

/** The localStorage key that keeps it. */
export const DEVICE_KEY_STORAGE = 'shop-device-key';

/** Base64url of bytes (no padding). */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The device key of this browser, made and kept on first use. Where localStorage refuses (a private
 * window that forbids it), a key for this page only: the browser then counts as a new device each visit.
 */
export function deviceKey(): string {
  try {
    const kept = window.localStorage.getItem(DEVICE_KEY_STORAGE);
    if (kept && /^[A-Za-z0-9_-]{22,64}$/.test(kept)) return kept;
  } catch {
    // Storage refused: fall through to a key of this page.
  }
  const made = base64url(window.crypto.getRandomValues(new Uint8Array(32)));
  try {
    window.localStorage.setItem(DEVICE_KEY_STORAGE, made);
  } catch {
    // Kept for this page only.
  }
  return made;
}
