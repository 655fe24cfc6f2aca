/**
 * Checks of input no route may pass on (issue 10 "Bad input", issue 22 item 3): JSON nested too
 * deep for recursive readers, NUL characters, which PostgreSQL text cannot hold, and text that is
 * not well-formed Unicode (lone UTF-16 surrogates, from `\ud800` in JSON; percent-encoded bytes
 * that are not UTF-8, from `%FF` or `%C3%28` in a URL), which PostgreSQL would receive as U+FFFD.
 * plugins/app/input-guard.ts applies them to every path parameter, query, cookie, header and JSON
 * body of every route, lib/uploads.ts to multipart fields.
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

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds U+0000 or a lone surrogate: text no route may store or look up. */
export function isBadText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Dotted paths (`title`, `social_links.x`) of every string or key of `value` that {@link isBadText}
 * refuses; `body` for a bare string.
 */
export function fieldsWithBadText(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<[string, unknown]> = [['', value]];
  while (pending.length > 0) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (isBadText(current)) found.push(path || 'body');
    } else if (Array.isArray(current) || isPlainObject(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isBadText(key)) found.push(childPath);
        else pending.push([childPath, child]);
      }
    }
  }
  return found;
}

/** 422 with `fieldBadCharacter` on each of `fields`. */
const badCharacters = (fields: string[]) => validationFailed(Object.fromEntries(fields.map((field) => [field, [MESSAGES.fieldBadCharacter]])));

/**
 * Throws when `value` holds a NUL character or a lone surrogate anywhere.
 * @throws ApiError 422 with `fieldBadCharacter` on each such field.
 */
export function refuseBadText(value: unknown): void {
  const fields = fieldsWithBadText(value);
  if (fields.length > 0) throw badCharacters(fields);
}

/**
 * `component` of a URL decoded as UTF-8 (`+` a space, as in a query), or null when its bytes are
 * not UTF-8. A `%` not followed by two hex digits (`?q=50%`) is text, as the query parser reads it.
 */
function decodedComponent(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return null;
  }
}

/**
 * Names of the parameters of a raw query string (`a=1&b=%FF`) whose name or value is
 * percent-encoded bytes that are not UTF-8: the query parser would pass them on as `%FF` text or
 * U+FFFD, unnoticed. A name that does not decode is reported as sent.
 */
export function undecodableQueryFields(query: string): string[] {
  const found: string[] = [];
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const decodedName = decodedComponent(name);
    if (decodedName === null || (equals !== -1 && decodedComponent(pair.slice(equals + 1)) === null)) found.push(decodedName ?? name);
  }
  return found;
}

/**
 * Throws when a raw query string has a parameter whose bytes are not UTF-8 (issue 22 item 3).
 * @throws ApiError 422 with `fieldBadCharacter` on each such parameter.
 */
export function refuseUndecodableQuery(query: string): void {
  const fields = undecodableQueryFields(query);
  if (fields.length > 0) throw badCharacters(fields);
}
