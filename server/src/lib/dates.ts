/** Date helpers for the wire format (ISO 8601, UTC). */

/** ISO string of a date (or null). Accepts what either driver returns: Date or string. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
