/**
 * Checks of input no route may pass on (issue 10 "Bad input"): JSON nested too deep for recursive
 * readers, and NUL characters, which PostgreSQL text cannot hold. plugins/app/input-guard.ts
 * applies them to every JSON body and query, lib/uploads.ts to multipart fields.
 */
import { ApiError, validationFailed } from './api-error';
import { MESSAGES } from './messages';

/** Deepest accepted nesting of a JSON body (arrays and objects); API bodies nest a few levels. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** True when JSON `text` opens more than `max` arrays/objects inside each other (one linear scan, strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(code)) depth--;
  }
  return false;
}

/** 400 `jsonTooDeep`: a body nested deeper than {@link MAX_JSON_DEPTH}. */
export const jsonTooDeep = () => new ApiError(400, MESSAGES.jsonTooDeep);

/**
 * Parsed JSON and forms are plain objects, a parsed query an object of a class without a prototype
 * chain (fast-querystring); a Buffer or a stream is not walked.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Dotted paths (`title`, `social_links.x`) of every string or key holding U+0000 in `value`; `body` for a bare string. */
export function fieldsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<[string, unknown]> = [['', value]];
  while (pending.length > 0) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path || 'body');
    } else if (Array.isArray(current) || isPlainObject(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) found.push(childPath);
        else pending.push([childPath, child]);
      }
    }
  }
  return found;
}

/**
 * Throws when `value` holds a NUL character anywhere.
 * @throws ApiError 422 with `fieldNulCharacter` on each such field.
 */
export function refuseNul(value: unknown): void {
  const fields = fieldsWithNul(value);
  if (fields.length > 0) {
    throw validationFailed(Object.fromEntries(fields.map((field) => [field, [MESSAGES.fieldNulCharacter]])));
  }
}
