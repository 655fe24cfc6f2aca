/**
 * fast-check arbitraries of the fuzzer (issue 10 "Bad input"): values from an operation's JSON
 * Schemas, then mutated into bad input: wrong types, missing and extra fields, 1 MB strings and
 * strings just over `maxLength`, hostile ids (negative, zero, huge, non-numeric, Persian and
 * Arabic-Indic digits, null bytes, script, SQL and path payloads), malformed and 10 000-level JSON,
 * wrong content types, and for multipart forms JSON, garbage and tiny bogus files; and in every
 * path parameter and the query of every operation, NUL bytes and bytes that are not UTF-8 (issue 22
 * item 3: `GET /api/payments/sandbox/%00` answered 500).
 */
import fc from 'fast-check';
import type { JsonSchema, Operation, OperationParameter } from './openapi-operations';

/** What a case does to the operation's input; each operation is fuzzed with every class that applies. */
export type CaseClass =
  | 'valid'
  | 'noise'
  | 'hostile-path'
  | 'hostile-query'
  | 'hostile-header'
  | 'missing-required'
  | 'wrong-type'
  | 'extra-fields'
  | 'huge-string'
  | 'over-max-length'
  | 'hostile-values'
  | 'non-object'
  | 'malformed-json'
  | 'deep-json'
  | 'wrong-content-type'
  | 'multipart-form'
  | 'json-instead-of-multipart'
  | 'garbage-multipart'
  | 'nul-bytes'
  | 'nul-path'
  | 'bad-utf8-path'
  | 'nul-query'
  | 'bad-utf8-query';

/** How the caller presents the CSRF pair on a write (DESIGN.md "Auth"): echoed, absent or not matching. */
export type CsrfMode = 'valid' | 'missing' | 'mismatch';

/** One generated request, before the actor's credentials are added. */
export interface FuzzCase {
  caseClass: CaseClass;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  csrf: CsrfMode;
  /** How the super user signs in: `Authorization: Bearer`, or the `auth_token` cookie (then CSRF applies). */
  superAuth: 'bearer' | 'cookie';
}

// ── values ──────────────────────────────────────────────────────────────────────────────────

/** Path ids and other scalars that must be refused (404/422), never crash the server. */
export const HOSTILE_IDS = [
  '-1',
  '0',
  '-0',
  '9007199254740992',
  '1e308',
  '99999999999999999999',
  '2147483648',
  'abc',
  '1.5',
  '  1',
  '1 ',
  '+1',
  '0x1F',
  '1e3',
  'NaN',
  'Infinity',
  '۱۲',
  '١٢',
  '1\u0000',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '1; DROP TABLE users',
  '../../etc/passwd',
  '%00',
  '',
] as const;

/** Strings with a history of breaking servers: null bytes, markup, SQL, paths, odd Unicode. */
export const HOSTILE_STRINGS = [
  ...HOSTILE_IDS,
  'a\u0000b',
  '\u0000\u0000\u0000',
  '<img src=x onerror=alert(1)>',
  '<p>متن<script>alert(1)</script></p>',
  'javascript:alert(1)',
  "'; SELECT pg_sleep(5); --",
  '%_\\',
  '\\',
  '"\'`',
  '${7*7}{{7*7}}',
  '\u202Eابپ\u202C',
  '\uD800',
  '\uFEFF',
  '😀👩‍👩‍👧',
  'ـــ\u200c\u064b',
  'ي ك ۰۹۱۲۱۲۳۴۵۶۷',
  '+989121234567',
  'null',
  'true',
  '__proto__',
  ' ',
  '\r\n\t',
] as const;

/** Names of fields no operation documents: privileges, ids, and members of Object.prototype. */
const EXTRA_KEYS = ['id', 'user_id', 'status', 'is_admin', 'permissions', 'created_at', 'price', 'constructor', 'toString', 'hasOwnProperty', 'x'] as const;

/** Numbers that break integer columns and number parsing. */
export const HOSTILE_NUMBERS: unknown[] = [
  -1,
  0,
  -0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1e-300,
  '۱۲',
  '١٢',
  '99999999999999999999',
  '1e308',
  ' 1',
  '',
];

const TEXT_CHARS = [...'ابپتثجچحخدرزژسشصطعغفقکگلمنوهی‌ آ ۰۱۲۳ abcxyz ABC 0123456789 -_.,!?'];
const textUnit = fc.constantFrom(...TEXT_CHARS);

/** Ordinary Persian and Latin text of `minLength`..`maxLength` characters. */
export function text(minLength = 0, maxLength = 40): fc.Arbitrary<string> {
  return fc.string({ unit: textUnit, minLength, maxLength: Math.max(minLength, maxLength) });
}

/** An id that may exist in the seeded demo data, so valid cases reach the services. */
const smallId = fc.integer({ min: 1, max: 8 });

/** A link as the forms take it (fc.webUrl() takes seconds to set up). */
const webLink = fc
  .tuple(fc.constantFrom('https://t.me/', 'https://www.instagram.com/', 'https://example.ir/'), fc.stringMatching(/^[a-z0-9_]{1,30}$/))
  .map(([origin, path]) => origin + path);

const byPattern = new Map<string, fc.Arbitrary<string>>();
/** Strings matching a schema's `pattern`, built once per pattern. */
function matching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = byPattern.get(pattern);
  if (!arbitrary) byPattern.set(pattern, (arbitrary = fc.stringMatching(new RegExp(pattern))));
  return arbitrary;
}

/** A string the schema allows (formats and patterns honoured, lengths capped for speed). */
function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 255));
    case 'date-time':
      return fc
        .integer({ min: 1, max: 365 * 24 })
        .map((hours) => new Date(Date.now() + hours * 3_600_000).toISOString());
    case 'uri':
      return webLink;
    default:
      if (schema.pattern) return matching(schema.pattern).filter((s) => s.length >= min && s.length <= max);
      return text(min, max);
  }
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const max = schema.maximum ?? Math.max(min + 10, 10);
  if (integer) return min <= 8 && max >= 1 ? fc.oneof(fc.integer({ min: Math.max(min, 1), max: Math.min(max, 8) }), fc.integer({ min, max })) : fc.integer({ min, max });
  return fc.double({ min, max, noNaN: true });
}

function typesOf(schema: JsonSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.filter((t) => t !== 'null');
}

/** A value valid for `schema` (as far as the schema tells: the server may still refuse it). */
export function valueOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const types = typesOf(schema);
  const arbitraries = types.map((type) => valueOfType(type, schema, depth));
  if (arbitraries.length === 0) arbitraries.push(fc.oneof(text(1, 20), smallId, stringOf({ format: 'date-time' })));
  if (nullable) arbitraries.push(fc.constant(null));
  return fc.oneof(...arbitraries);
}

function valueOfType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(depth > 3 ? fc.constant(null) : valueOf(schema.items ?? {}, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.constant(null);
  }
}

/** An object with every required property and some optional ones. */
export function objectOf(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (depth > 3) return fc.constant({});
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(property, depth + 1)])),
    { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value of another JSON type than the schema's. */
function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(schema));
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) candidates.push(fc.constantFrom('abc', '', '۱۲', 'true'));
  if (!types.has('integer') && !types.has('number')) candidates.push(fc.constantFrom(0, -1, 1.5, 2 ** 53, 1e308));
  if (!types.has('boolean')) candidates.push(fc.boolean());
  if (!types.has('object')) candidates.push(fc.constantFrom({}, { a: 1 }, { $gt: '' }));
  if (!types.has('array')) candidates.push(fc.constantFrom([], [1, 2], ['a'], [{}]));
  if (schema.nullable !== true) candidates.push(fc.constant(null));
  return fc.oneof(...candidates);
}

/**
 * True for free text (a string with no enum, format or pattern), which validation lets a NUL
 * character through, so that it reaches the database unless something refuses it first.
 */
function isFreeText(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return (types.length === 0 || types.includes('string')) && !schema.enum && !schema.format && !schema.pattern;
}

/** Characters no text may hold: NUL (PostgreSQL text cannot hold one) and lone surrogates (not Unicode). */
const badCharacter = fc.constantFrom('\u0000', '\uD800', '\uDC00', '\u0000\uDBFF');

/** `body` with `bad` at the end of every free-text property of `schema`. */
function withBadText(schema: JsonSchema, body: Record<string, unknown>, bad: string): Record<string, unknown> {
  const result = { ...body };
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (isFreeText(property)) result[name] = `${typeof body[name] === 'string' ? body[name] : 'متن'}${bad}`;
  }
  return result;
}

/** A string longer than anything the API accepts: just under the 1 MB body limit, or just over it. */
const hugeString = fc.constantFrom(1_000_000, 1_048_577).map((size) => 'a'.repeat(size));

/** A value for a hostile case of a property of `schema`. */
function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const numeric = typesOf(schema).some((t) => t === 'integer' || t === 'number');
  return numeric
    ? fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.constantFrom(...HOSTILE_STRINGS))
    : fc.constantFrom(...HOSTILE_STRINGS);
}

// ── parameters ──────────────────────────────────────────────────────────────────────────────

/** A parameter's value as text (query strings and paths are text). */
function paramText(parameter: OperationParameter): fc.Arbitrary<string> {
  return valueOf(parameter.schema).map((value) => (value === null || value === undefined ? '' : String(value)));
}

/** Any UTF-16 code unit, lone surrogates included (fast-check's `binary` unit takes seconds to set up). */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** A hostile parameter value: the hostile ids and strings, a long string, one just over maxLength, random text. */
function hostileParamText(parameter: OperationParameter): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_NUMBERS.map(String)),
    fc.string({ unit: anyCodeUnit, maxLength: 20 }),
  ];
  // Longer than any field allows, yet inside Node's 16 KB request head (a longer URL never reaches the app: 431).
  if (parameter.in === 'query') choices.push(fc.constant('ب'.repeat(1_500)));
  if (parameter.schema.maxLength !== undefined) choices.push(fc.constant('آ'.repeat(parameter.schema.maxLength + 1)));
  return fc.oneof(...choices);
}

/** Header values may hold only visible Latin-1 characters (Node refuses to send others). */
function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

interface Parts {
  path: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** Path parameters and query pairs already percent-encoded, sent as they are (bytes no string encodes to). */
  raw?: { path: Record<string, string>; query: Array<[string, string]> };
}

/** NUL as a client sends it in a URL: alone, after or before an id, twice. */
const NUL_ENCODED = ['%00', '1%00', '%001', 'a%00b', '%00%00'] as const;

/**
 * Percent-encoded bytes that are not UTF-8: a lead byte without its continuation, bytes UTF-8 never
 * uses, a UTF-16 surrogate written as UTF-8 (how a lone surrogate travels), an overlong NUL, a
 * sequence cut short, a code point past U+10FFFF.
 */
const BAD_UTF8_ENCODED = ['%C3%28', '%FF', '1%FE', '%ED%A0%80', '%ED%B0%80x', '%C0%80', '%E2%82', '%F4%90%80%80', '%80'] as const;

function validParts(operation: Operation): fc.Arbitrary<Parts> {
  const path = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  const headers = operation.parameters.filter((p) => p.in === 'header');
  return fc.record({
    path: fc.record(Object.fromEntries(path.map((p) => [p.name, smallId.map(String)]))) as fc.Arbitrary<Record<string, string>>,
    query: fc
      .tuple(...query.map((p) => fc.option(paramText(p), { nil: undefined }).map((v) => [p.name, v] as const)))
      .map((pairs) => pairs.filter((pair): pair is readonly [string, string] => pair[1] !== undefined).map(([k, v]) => [k, v] as [string, string])),
    headers: fc.record(
      Object.fromEntries(headers.map((p) => [p.name, text(8, 40).map((v) => headerSafe(v).replace(/\?/g, 'x'))])),
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, string>>,
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** encodeURIComponent that also writes lone surrogates, as the invalid UTF-8 a hostile client can send (`%ED%A0%80`). */
function encodeComponent(value: string): string {
  if (!LONE_SURROGATE.test(value)) return encodeURIComponent(value);
  let out = '';
  for (const char of value) {
    // Iteration by code points: a lone surrogate comes out alone.
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(char);
  }
  return out;
}

function urlOf(operation: Operation, parts: Parts): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => parts.raw?.path[name] ?? encodeComponent(parts.path[name] ?? '1'));
  const query = [
    ...parts.query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`),
    ...(parts.raw?.query ?? []).map(([k, v]) => `${k}=${v}`),
  ].join('&');
  return query ? `${path}?${query}` : path;
}

/**
 * Valid parts with an encoded bad value (`values`) in EVERY path parameter, or in every query
 * parameter of the operation and one it does not document (so every operation gets one), names
 * included now and then; the rest valid, so the request would otherwise reach the route.
 */
function encodedBadParts(operation: Operation, where: 'path' | 'query', values: readonly string[]): fc.Arbitrary<Parts> {
  const targets = operation.parameters.filter((p) => p.in === where).map((p) => p.name);
  const bad = fc.constantFrom(...values);
  if (where === 'path') {
    return fc.tuple(validParts(operation), fc.tuple(...targets.map(() => bad))).map(([parts, encoded]) => ({
      ...parts,
      raw: { path: Object.fromEntries(targets.map((name, i) => [name, encoded[i]!])), query: [] },
    }));
  }
  const names = [...targets, 'q'];
  return fc.tuple(validParts(operation), fc.tuple(...names.map(() => bad)), bad, fc.boolean()).map(([parts, encoded, badName, withBadName]) => ({
    ...parts,
    query: parts.query.filter(([k]) => !names.includes(k)),
    raw: {
      path: {},
      query: [...names.map((name, i) => [encodeURIComponent(name), encoded[i]!] as [string, string]), ...(withBadName ? [[badName, '1'] as [string, string]] : [])],
    },
  }));
}

/** Parts with hostile path, query or header parameters (the class decides which). */
function hostileParts(operation: Operation, where: OperationParameter['in']): fc.Arbitrary<Parts> {
  const targets = operation.parameters.filter((p) => p.in === where);
  return fc
    .tuple(
      validParts(operation),
      fc.tuple(...targets.map((p) => fc.option(hostileParamText(p), { nil: undefined, freq: 3 }))),
      fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS, '__proto__'), fc.constantFrom(...HOSTILE_STRINGS)), {
        maxLength: 2,
      }),
    )
    .map(([parts, values, extra]) => {
      const result: Parts = { path: { ...parts.path }, query: [...parts.query], headers: { ...parts.headers } };
      targets.forEach((p, i) => {
        const value = values[i] ?? HOSTILE_IDS[i % HOSTILE_IDS.length]!;
        if (where === 'path') result.path[p.name] = value;
        else if (where === 'header') result.headers[p.name] = headerSafe(value);
        else result.query = [...result.query.filter(([k]) => k !== p.name), [p.name, value]];
      });
      if (where === 'query') result.query.push(...extra);
      return result;
    });
}

/** The path, query and header parameters of a case class. */
function partsFor(operation: Operation, caseClass: CaseClass): fc.Arbitrary<Parts> {
  switch (caseClass) {
    case 'hostile-path':
      return hostileParts(operation, 'path');
    case 'hostile-query':
      return hostileParts(operation, 'query');
    case 'hostile-header':
      return hostileParts(operation, 'header');
    case 'nul-path':
      return encodedBadParts(operation, 'path', NUL_ENCODED);
    case 'bad-utf8-path':
      return encodedBadParts(operation, 'path', BAD_UTF8_ENCODED);
    case 'nul-query':
      return encodedBadParts(operation, 'query', NUL_ENCODED);
    case 'bad-utf8-query':
      return encodedBadParts(operation, 'query', BAD_UTF8_ENCODED);
    default:
      return validParts(operation);
  }
}

// ── bodies ──────────────────────────────────────────────────────────────────────────────────

const JSON_TYPE = { 'content-type': 'application/json' };

/** Raw texts that are not JSON, or JSON that parsers treat badly. */
const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'nul',
  'undefined',
  '\u0000',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":"\u0000"}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":1e400}',
  '{"a":-1e400}',
  '{"a":99999999999999999999}',
  '{"__proto__":{"status":"super"}}',
  '{"constructor":{"prototype":{"status":"super"}}}',
  '\uD800',
  'ب',
] as const;

/** JSON 10 000 levels deep: arrays, objects, and one field of a valid body replaced by such a value. */
const DEPTH = 10_000;
const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const DEEP_OBJECT = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

/** Content types a JSON body must not be accepted under (or must be read safely under). */
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/vnd.api+json',
  'image/png',
] as const;

function jsonBodyCases(operation: Operation, schema: JsonSchema, caseClass: CaseClass): fc.Arbitrary<{ headers: Record<string, string>; payload: string }> {
  const properties = Object.entries(schema.properties ?? {});
  const base = objectOf(schema);
  const asJson = (body: unknown) => ({ headers: JSON_TYPE, payload: JSON.stringify(body) });
  const withField = (pick: (property: JsonSchema) => fc.Arbitrary<unknown>, filter: (p: JsonSchema) => boolean = () => true) => {
    const fields = properties.filter(([, p]) => filter(p));
    if (fields.length === 0) return base.map(asJson);
    return fc
      .tuple(base, fc.constantFrom(...fields))
      .chain(([body, [name, property]]) => pick(property).map((value) => asJson({ ...body, [name]: value })));
  };
  switch (caseClass) {
    case 'valid':
      return base.map(asJson);
    case 'missing-required': {
      const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
      if (required.length === 0) return fc.constant(asJson({}));
      return fc
        .tuple(base, fc.subarray(required, { minLength: 1 }))
        .map(([body, drop]) => asJson(Object.fromEntries(Object.entries(body).filter(([k]) => !drop.includes(k)))));
    }
    case 'wrong-type':
      return withField(wrongTypeFor);
    case 'extra-fields':
      return fc
        .tuple(
          base,
          fc.dictionary(fc.constantFrom(...EXTRA_KEYS), valueOf({})),
          fc.boolean(),
        )
        .map(([body, extra, proto]) => {
          const payload = JSON.stringify({ ...body, ...extra });
          // An own `__proto__` key can only be written as text.
          const poisoned = payload === '{}' ? '{"__proto__":{"status":"super"}}' : `{"__proto__":{"status":"super"},${payload.slice(1)}`;
          return { headers: JSON_TYPE, payload: proto ? poisoned : payload };
        });
    case 'huge-string':
      return withField(() => hugeString);
    case 'over-max-length':
      return withField(
        (p) => fc.constantFrom('a', 'ب', '😀').map((unit) => unit.repeat((p.maxLength ?? 0) + 1)),
        (p) => p.maxLength !== undefined,
      );
    case 'hostile-values':
      return withField(hostileFor);
    case 'non-object':
      return fc.constantFrom<unknown>([], [{}], 'متن', 0, -1, true, null, '').map(asJson);
    case 'malformed-json':
      return fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ headers: JSON_TYPE, payload }));
    case 'deep-json': {
      const whole = fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT, '['.repeat(DEPTH * 10));
      const field =
        properties.length === 0
          ? whole
          : fc.tuple(base, fc.constantFrom(...properties.map(([name]) => name)), fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT)).map(
              ([body, name, deep]) => JSON.stringify({ ...body, [name]: '\u0001deep' }).replace('"\\u0001deep"', deep),
            );
      return fc.oneof(whole, field).map((payload) => ({ headers: JSON_TYPE, payload }));
    }
    case 'wrong-content-type':
      return fc
        .tuple(base, fc.constantFrom(...WRONG_CONTENT_TYPES))
        .map(([body, type]) => ({ headers: { 'content-type': type }, payload: JSON.stringify(body) }));
    case 'nul-bytes':
      return fc.tuple(base, badCharacter).map(([body, bad]) => asJson(withBadText(schema, body, bad)));
    default:
      throw new Error(`${operation.key}: no JSON body case ${caseClass}`);
  }
}

function urlencodedBodyCases(schema: JsonSchema, caseClass: CaseClass): fc.Arbitrary<{ headers: Record<string, string>; payload: string }> {
  const type = { 'content-type': 'application/x-www-form-urlencoded' };
  const encode = (fields: Record<string, unknown>) =>
    Object.entries(fields)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
  const base = objectOf(schema);
  switch (caseClass) {
    case 'valid':
      return base.map((body) => ({ headers: type, payload: encode(body) }));
    case 'hostile-values':
      return fc
        .dictionary(fc.constantFrom(...Object.keys(schema.properties ?? {}), 'x'), fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), hugeString))
        .map((body) => ({ headers: type, payload: encode(body) }));
    case 'malformed-json':
      return fc.constantFrom('%', '%zz=1', '=&=&', 'token', 'token=%00', 'a=1&a=2&a=3', '\u0000').map((payload) => ({ headers: type, payload }));
    case 'wrong-content-type':
      return base.map((body) => ({ headers: JSON_TYPE, payload: JSON.stringify(body) }));
    case 'nul-bytes':
      return base.map((body) => ({ headers: type, payload: encode(withBadText(schema, body, '\u0000')) }));
    default:
      throw new Error(`no urlencoded body case ${caseClass}`);
  }
}

/** A tiny file that is not what its name and type claim. */
const bogusFile = fc.record({
  filename: fc.constantFrom('cover.png', 'clip.mp3', 'lesson.pdf', '../../etc/passwd', 'x.php', 'بی‌نام.webp', ''),
  type: fc.constantFrom('image/png', 'image/jpeg', 'audio/mpeg', 'video/mp4', 'application/pdf', 'application/zip', 'text/html', 'application/octet-stream'),
  content: fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from('\x89PNG\r\n\x1a\n' + 'junk'),
      Buffer.from('GIF89a'),
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00'),
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('PK\x03\x04'),
      Buffer.from('<svg onload="alert(1)"/>'),
    ),
  ),
});

/** Text of a multipart field: plausible values of the dashboard forms, or hostile ones. */
const formFieldText = fc.oneof(
  text(0, 30),
  fc.constantFrom('true', 'false', 'open', 'closed', 'buyers-only', 'in-progress', 'done', '1', '2', '۱۲۰۰۰', '-5', 'slug-' + 'a'),
  fc.constantFrom(...HOSTILE_STRINGS),
);

function multipartBody(fields: Array<[string, string]>, files: Array<[string, { filename: string; type: string; content: Buffer }]>, boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function multipartCases(fields: string[], caseClass: CaseClass): fc.Arbitrary<{ headers: Record<string, string>; payload: string | Buffer }> {
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  const multipartType = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const names = fc.constantFrom(...fields, 'x');
  switch (caseClass) {
    case 'multipart-form':
      // Every documented field, each as text or as a tiny bogus file.
      return fc
        .tuple(...fields.map((name) => fc.oneof(formFieldText.map((v) => ({ text: v })), bogusFile.map((f) => ({ file: f }))).map((part) => [name, part] as const)))
        .map((parts) => ({
          headers: multipartType,
          payload: multipartBody(
            parts.flatMap(([name, part]) => ('text' in part ? [[name, part.text] as [string, string]] : [])),
            parts.flatMap(([name, part]) => ('file' in part ? [[name, part.file] as [string, typeof part.file]] : [])),
            boundary,
          ),
        }));
    case 'nul-bytes':
      return fc.constant({ headers: multipartType, payload: multipartBody(fields.map((name) => [name, `متن\u0000${name}`]), [], boundary) });
    case 'json-instead-of-multipart':
      return fc.dictionary(names, fc.oneof(formFieldText, valueOf({}))).map((body) => ({ headers: JSON_TYPE, payload: JSON.stringify(body) }));
    case 'garbage-multipart':
      return fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ headers: multipartType, payload: Buffer.from(bytes) })),
        // Truncated: no closing boundary.
        fc.tuple(names, formFieldText).map(([name, value]) => ({
          headers: multipartType,
          payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
        })),
        // Parts under another boundary than the declared one.
        fc.tuple(names, formFieldText).map(([name, value]) => ({ headers: multipartType, payload: multipartBody([[name, value]], [], 'other') })),
        // More parts than the form allows, and a field over the 256 KB field limit.
        fc.constant({ headers: multipartType, payload: multipartBody(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']), [], boundary) }),
        names.map((name) => ({ headers: multipartType, payload: multipartBody([[name, 'a'.repeat(300 * 1024)]], [], boundary) })),
        fc.constant({ headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' }),
        fc.constant({ headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--\r\n' }),
      );
    case 'wrong-content-type':
      return fc
        .tuple(fc.dictionary(names, formFieldText), fc.constantFrom(...WRONG_CONTENT_TYPES.filter((t) => !t.startsWith('multipart'))))
        .map(([body, type]) => ({ headers: { 'content-type': type }, payload: JSON.stringify(body) }));
    default:
      throw new Error(`no multipart case ${caseClass}`);
  }
}

/** A stray body on an operation that takes none: malformed, deep, or under an odd content type. */
const strayBody = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ headers: JSON_TYPE as Record<string, string>, payload })),
  fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT).map((payload) => ({ headers: JSON_TYPE as Record<string, string>, payload })),
  fc.constantFrom(...WRONG_CONTENT_TYPES).map((type) => ({ headers: { 'content-type': type } as Record<string, string>, payload: '<a/>' })),
);

// ── cases ───────────────────────────────────────────────────────────────────────────────────

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The case classes that apply to `operation`. */
export function caseClassesOf(operation: Operation): CaseClass[] {
  const classes: CaseClass[] = ['valid', 'noise'];
  if (operation.parameters.some((p) => p.in === 'path')) classes.push('hostile-path', 'nul-path', 'bad-utf8-path');
  // Every operation reads a query (an undocumented parameter is still parsed).
  classes.push('nul-query', 'bad-utf8-query');
  if (operation.parameters.some((p) => p.in === 'query')) classes.push('hostile-query');
  if (operation.parameters.some((p) => p.in === 'header')) classes.push('hostile-header');
  switch (operation.body?.kind) {
    case 'json':
      classes.push(
        'missing-required',
        'wrong-type',
        'extra-fields',
        'huge-string',
        'over-max-length',
        'hostile-values',
        'non-object',
        'malformed-json',
        'deep-json',
        'wrong-content-type',
      );
      break;
    case 'urlencoded':
      classes.push('hostile-values', 'malformed-json', 'wrong-content-type');
      break;
    case 'multipart':
      classes.push('multipart-form', 'json-instead-of-multipart', 'garbage-multipart', 'wrong-content-type');
      break;
    default:
      break;
  }
  const body = operation.body;
  const freeTextBody = body?.kind === 'multipart' || Object.values((body && 'schema' in body && body.schema.properties) || {}).some(isFreeText);
  if (freeTextBody) classes.push('nul-bytes');
  return classes;
}

const csrfMode = fc.constantFrom<CsrfMode>('valid', 'valid', 'valid', 'valid', 'missing', 'mismatch');
const superAuth = fc.constantFrom<'bearer' | 'cookie'>('bearer', 'bearer', 'cookie');

/** Requests of one case class for one operation. */
export function fuzzCase(operation: Operation, caseClass: CaseClass): fc.Arbitrary<FuzzCase> {
  const parts = partsFor(operation, caseClass);
  const body = operation.body;
  const bodyCase: fc.Arbitrary<{ headers: Record<string, string>; payload?: string | Buffer }> =
    caseClass === 'noise'
      ? // Unknown query parameters, and on a write a stray or unexpected body.
        WRITES.has(operation.method) || body
        ? strayBody
        : fc.constant({ headers: {} })
      : !body
        ? fc.constant({ headers: {} })
        : ['valid', 'hostile-path', 'hostile-query', 'hostile-header', 'nul-path', 'bad-utf8-path', 'nul-query', 'bad-utf8-query'].includes(caseClass)
          ? body.kind === 'multipart'
            ? multipartCases(body.fields, 'multipart-form')
            : body.kind === 'urlencoded'
              ? urlencodedBodyCases(body.schema, 'valid')
              : jsonBodyCases(operation, body.schema, 'valid')
          : body.kind === 'multipart'
            ? multipartCases(body.fields, caseClass)
            : body.kind === 'urlencoded'
              ? urlencodedBodyCases(body.schema, caseClass)
              : jsonBodyCases(operation, body.schema, caseClass);
  const noiseQuery =
    caseClass === 'noise'
      ? fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS, 'page', 'filter', ''), fc.constantFrom(...HOSTILE_STRINGS)), { minLength: 1, maxLength: 3 })
      : fc.constant([] as Array<[string, string]>);
  return fc.record({ parts, bodyCase, noiseQuery, csrf: csrfMode, superAuth }).map(({ parts: p, bodyCase: b, noiseQuery: extra, csrf, superAuth: auth }) => ({
    caseClass,
    method: operation.method,
    url: urlOf(operation, { ...p, query: [...p.query, ...extra] }),
    headers: { ...p.headers, ...b.headers },
    payload: b.payload,
    csrf,
    superAuth: auth,
  }));
}
