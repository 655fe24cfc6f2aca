// Field builders for the rules of SPEC §5. Each returns a plain yup schema labelled in Persian,
// so forms (formik) and the server share one definition. Optional fields treat `null`, `''` and
// whitespace as "not given" (`undefined`), so an empty form input never fails a format rule.
import type { CountryCode } from 'libphonenumber-js/mobile';
import { mixed, number, ref, string, type MixedSchema, type NumberSchema, type StringSchema } from 'yup';
import { fieldLabels, messages } from './messages';
import { normalizeDigits } from './normalize-digits';
import { MOBILE_MAX_LENGTH, normalizeMobile } from './normalize-mobile';

/** A string field's output: `string` when required, else `string | undefined`. */
export type FieldValue<R extends boolean> = R extends true ? string : string | undefined;

/** Options shared by the field builders; fields are optional unless `required: true`. */
export interface FieldOptions<R extends boolean = false> {
  required?: R;
  /** Persian label used as `{field}` in messages; each builder has a default from `fieldLabels`. */
  label?: string;
}

/** SPEC §5 "password": at least 8 characters with a digit, a lowercase and an uppercase English letter. */
const PASSWORD_PATTERN = /^(?=[\s\S]*[0-9])(?=[\s\S]*[a-z])(?=[\s\S]*[A-Z])[\s\S]{8,}$/;
/** SPEC §5 "slug": lowercase latin letters and digits, single hyphens between groups. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** SPEC §5 "special_char_not_allowed": ` ! @ # $ % ^ & * ( ) _ + - = [ ] { } ; ' : " \ | , . < > / ? ~ */
const SPECIAL_CHARS_PATTERN = /[`!@#$%^&*()_+\-=[\]{};':"\\|,.<>/?~]/;
// Letters of any script (Persian included), their combining marks, and the zero-width non-joiner
// that Persian words contain (e.g. «می‌خواهم»).
const ALPHA_PATTERN = /^[\p{L}\p{M}\u200c]+$/u;
const ALPHA_SPACES_PATTERN = /^[\p{L}\p{M}\u200c\s]+$/u;
const ALPHA_NUM_PATTERN = /^[\p{L}\p{M}\u200c0-9\u06f0-\u06f9\u0660-\u0669]+$/u;

function textBase(label: string, trim = true): StringSchema<string | undefined> {
  return string()
    .label(label)
    .typeError(messages.invalid)
    .transform((value: unknown) => {
      if (value === null) return undefined;
      if (typeof value !== 'string') return value;
      const text = trim ? value.trim() : value;
      return text === '' ? undefined : text;
    });
}

function presence<R extends boolean>(
  schema: StringSchema<string | undefined>,
  required: R | undefined,
): StringSchema<FieldValue<R>> {
  return (required ? schema.required(messages.required) : schema) as unknown as StringSchema<FieldValue<R>>;
}

/** Optional trimmed text; `''` becomes `undefined` (SPEC §5; add `.max(n, messages.max)` for bounds). */
export function optionalString(label: string): StringSchema<string | undefined> {
  return textBase(label);
}

/** Required text, trimmed unless `trim: false` (SPEC §5 "required"); chain `.min/.max` with `messages.min/max`. */
export function requiredString(label: string, { trim = true }: { trim?: boolean } = {}): StringSchema<string> {
  return textBase(label, trim).required(messages.required);
}

/** Applies SPEC §5 "min" with the Persian message: same as `schema.min(length, messages.min)`. */
export function minLength<S extends StringSchema<string | undefined>>(schema: S, length: number): S {
  return schema.min(length, messages.min) as S;
}

/** Applies SPEC §5 "max" with the Persian message: same as `schema.max(length, messages.max)`. */
export function maxLength<S extends StringSchema<string | undefined>>(schema: S, length: number): S {
  return schema.max(length, messages.max) as S;
}

/** E-mail address, at most 255 characters (SPEC §5 "email"). */
export function emailField<R extends boolean = false>({
  required,
  label = fieldLabels.email,
}: FieldOptions<R> = {}): StringSchema<FieldValue<R>> {
  return presence(textBase(label), required).email(messages.email).max(255, messages.max);
}

/** Required password: ≥ 8 characters with a digit, a lowercase and an uppercase English letter (SPEC §5 "password"). */
export function passwordField(label: string = fieldLabels.password): StringSchema<string> {
  return requiredString(label, { trim: false }).test({
    name: 'password',
    message: messages.password,
    test: (value) => value == null || PASSWORD_PATTERN.test(value),
  });
}

/** Optional password (an edit form's "leave empty to keep"): when given, the rule of {@link passwordField}. */
export function optionalPasswordField(label: string = fieldLabels.password): StringSchema<string | undefined> {
  return textBase(label, false).test({
    name: 'password',
    message: messages.password,
    test: (value) => value == null || PASSWORD_PATTERN.test(value),
  });
}

/** Required field that must equal the sibling field at `refPath` (SPEC §5 "confirmed"). */
export function passwordConfirmationField(
  refPath = 'password',
  label: string = fieldLabels.password_confirmation,
): StringSchema<string> {
  return requiredString(label, { trim: false }).test({
    name: 'confirmed',
    message: messages.passwordMismatch,
    test(value) {
      return value === this.resolve(ref(refPath));
    },
  });
}

/**
 * Mobile number in any digits and usual form, cast to E.164 through {@link normalizeMobile};
 * at most 250 characters (SPEC §5 "mobile", §9).
 */
export function mobileField<R extends boolean = false>({
  required,
  label = fieldLabels.mobile,
  country = 'IR',
}: FieldOptions<R> & { country?: CountryCode } = {}): StringSchema<FieldValue<R>> {
  const base = string()
    .label(label)
    .typeError(messages.invalid)
    .transform((value: unknown) => {
      if (value === null) return undefined;
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return undefined;
      // An unparsable number is kept as typed so the rules below can report it.
      return normalizeMobile(value, country) ?? value;
    });
  return presence(base, required)
    .max(MOBILE_MAX_LENGTH, messages.max)
    .test({
      name: 'mobile',
      message: messages.mobile,
      test: (value) => value == null || normalizeMobile(value, country) !== null,
    });
}

function digitsField<R extends boolean>(
  label: string,
  required: R | undefined,
  pattern: RegExp,
  name: 'numeric' | 'integer',
): StringSchema<FieldValue<R>> {
  const base = textBase(label).transform((value: unknown) =>
    typeof value === 'string' ? normalizeDigits(value) : value,
  );
  return presence(base, required).matches(pattern, { name, message: messages[name] });
}

/** Digits only, Latin, Persian or Arabic-Indic; the value is cast to Latin digits, kept a string (SPEC §5 "numeric"). */
export function numericField<R extends boolean = false>(
  label: string,
  { required }: { required?: R } = {},
): StringSchema<FieldValue<R>> {
  return digitsField(label, required, /^[0-9]+$/, 'numeric');
}

/** Whole number with an optional minus sign, in any of the three digit sets; cast to Latin digits (SPEC §5 "integer"). */
export function integerField<R extends boolean = false>(
  label: string,
  { required }: { required?: R } = {},
): StringSchema<FieldValue<R>> {
  return digitsField(label, required, /^-?[0-9]+$/, 'integer');
}

/** Largest id of a 32-bit serial column (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;

/**
 * A row id sent as a JSON number: a whole number 1..{@link ID_MAX}. A larger one names no row, and
 * PostgreSQL refuses to compare it with an `integer` column (issue 10: such an id answered 500).
 */
export function idField(label?: string): NumberSchema<number | undefined> {
  const field = number().typeError(messages.invalid).integer(messages.invalid).min(1, messages.invalid).max(ID_MAX, messages.invalid);
  return label ? field.label(label) : field;
}

/** Thousands separators a typed number may hold: the Latin comma and the Arabic thousands separator «٬». */
const THOUSANDS_SEPARATORS = /[,\u066c]/g;

/**
 * A whole number typed in any of the three digit sets (thousands separators allowed), cast to a
 * `number` between `min` and `max` inclusive (SPEC §5 "integer"; e.g. a price in tomans).
 * Empty input is `undefined`; chain `.required(messages.required)` when needed.
 */
export function wholeNumberField(label: string, { min, max }: { min: number; max: number }): NumberSchema<number | undefined> {
  return number()
    .label(label)
    .transform((_value: unknown, original: unknown) => {
      if (original === null || original === undefined) return undefined;
      if (typeof original === 'number') return original;
      if (typeof original !== 'string') return Number.NaN;
      const text = normalizeDigits(original).trim().replace(THOUSANDS_SEPARATORS, '');
      if (text === '') return undefined;
      return /^-?[0-9]+$/.test(text) ? Number(text) : Number.NaN;
    })
    .typeError(messages.integer)
    .integer(messages.integer)
    .min(min, messages.minValue)
    .max(max, messages.maxValue);
}

/** Letters only, Persian included (SPEC §5 "alpha"). */
export function alphaField<R extends boolean = false>(
  label: string,
  { required }: { required?: R } = {},
): StringSchema<FieldValue<R>> {
  return presence(textBase(label), required).matches(ALPHA_PATTERN, { name: 'alpha', message: messages.alpha });
}

/** Letters and spaces, Persian included (SPEC §5 "alpha_spaces"). */
export function alphaSpacesField<R extends boolean = false>(
  label: string,
  { required }: { required?: R } = {},
): StringSchema<FieldValue<R>> {
  return presence(textBase(label), required).matches(ALPHA_SPACES_PATTERN, {
    name: 'alphaSpaces',
    message: messages.alphaSpaces,
  });
}

/** Letters and digits, Persian included (SPEC §5 "alpha_num"). */
export function alphaNumField<R extends boolean = false>(
  label: string,
  { required }: { required?: R } = {},
): StringSchema<FieldValue<R>> {
  return presence(textBase(label), required).matches(ALPHA_NUM_PATTERN, {
    name: 'alphaNum',
    message: messages.alphaNum,
  });
}

/** Lowercase latin letters and digits with single hyphens between groups, e.g. `my-post-1` (SPEC §5 "slug"). */
export function slugField<R extends boolean = false>({
  required,
  label = fieldLabels.slug,
}: FieldOptions<R> = {}): StringSchema<FieldValue<R>> {
  return presence(textBase(label), required).matches(SLUG_PATTERN, { name: 'slug', message: messages.slug });
}

/** Absolute http(s)/ftp URL, optionally also matching `pattern` (SPEC §5 "url"). */
export function urlField<R extends boolean = false>({
  required,
  label = fieldLabels.url,
  pattern,
}: FieldOptions<R> & { pattern?: RegExp } = {}): StringSchema<FieldValue<R>> {
  const schema = presence(textBase(label), required).url(messages.url);
  return pattern ? schema.matches(pattern, { name: 'urlPattern', message: messages.url }) : schema;
}

/** Text without any of the symbols listed in SPEC §5 "special_char_not_allowed". */
export function noSpecialCharsField<R extends boolean = false>(
  label: string,
  { required }: { required?: R } = {},
): StringSchema<FieldValue<R>> {
  return presence(textBase(label), required).test({
    name: 'specialChars',
    message: messages.specialChars,
    test: (value) => value == null || !SPECIAL_CHARS_PATTERN.test(value),
  });
}

/** What a file field holds: a browser `File`, or anything with its `name` and `size` in bytes. */
export interface FileLike {
  readonly name: string;
  readonly size: number;
}

/** Options of {@link fileField}. */
export interface FileFieldOptions<R extends boolean = false> extends FieldOptions<R> {
  /** Largest allowed size in kilobytes (1 KB = 1024 bytes). */
  maxKb?: number;
  /** Allowed extensions, case-insensitive, with or without the dot: `['jpg', '.png']`. */
  extensions?: readonly string[];
}

function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<FileLike>;
  return typeof file.name === 'string' && typeof file.size === 'number';
}

/** File no bigger than `maxKb` KB with one of `extensions` (SPEC §5 "size" and "ext"). */
export function fileField<R extends boolean = false>({
  required,
  label = fieldLabels.file,
  maxKb,
  extensions,
}: FileFieldOptions<R> = {}): MixedSchema<R extends true ? FileLike : FileLike | undefined> {
  let schema = mixed<FileLike>(isFileLike)
    .label(label)
    .typeError(messages.invalid)
    .transform((value: unknown) => (value === null || value === '' ? undefined : value));
  if (required) schema = schema.required(messages.required) as unknown as typeof schema;
  if (maxKb !== undefined) {
    schema = schema.test({
      name: 'size',
      params: { length: maxKb },
      message: messages.size,
      test: (file) => file == null || file.size <= maxKb * 1024,
    });
  }
  if (extensions) {
    const allowed = extensions.map((ext) => ext.trim().toLowerCase().replace(/^\./, ''));
    schema = schema.test({
      name: 'ext',
      params: { extensions: allowed },
      message: messages.ext,
      test: (file) => file == null || allowed.some((ext) => file.name.toLowerCase().endsWith(`.${ext}`)),
    });
  }
  return schema as unknown as MixedSchema<R extends true ? FileLike : FileLike | undefined>;
}

/** No instant from year 10000 on: ISO 8601 needs an extended year for it, which the databases do not read back. */
const LATEST_INSTANT = Date.UTC(10000, 0, 1);

/** An optional instant as ISO 8601 text (a discount code's start and end, a gift card's expiry); empty means none (null). */
export function optionalInstantField(label: string) {
  return mixed<string>()
    .label(label)
    .transform((value: unknown) => (value === '' || value === undefined ? null : value))
    .default(null)
    .nullable()
    .test({
      name: 'date',
      message: messages.invalid,
      test: (v) => v == null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)) && Date.parse(v) < LATEST_INSTANT),
    });
}

/**
 * A required instant in the future, as ISO 8601 text (ban ends, announcement expiry): «{field} is
 * not valid» when it does not parse or lies in year 10000 or later, «{field} must be in the future»
 * when it is not after now.
 */
export function futureInstantField(label: string): MixedSchema<string> {
  return mixed<string>()
    .label(label)
    .required(messages.required)
    .test({
      name: 'date',
      message: messages.invalid,
      test: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && Date.parse(v) < LATEST_INSTANT,
    })
    .test({ name: 'future', message: messages.futureDate, test: (v) => typeof v !== 'string' || Date.parse(v) > Date.now() });
}
