import { ValidationError, type InferType, type Schema } from 'yup';
import { messages } from './messages';

/** Key of errors that concern the whole input rather than one field. */
export const ROOT_ERROR_KEY = '_root';

/** Errors by field path (`email`, `items[0].title`, or `_root`), one Persian message per field. */
export type ValidationErrors = Record<string, string[]>;

/** Outcome of {@link validate}: the cast value, or the errors by field. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationErrors };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of `input` without keys that name members of Object.prototype (`__proto__`, `constructor`,
 * `toString`…), at any depth: yup looks each key up among a schema's fields in a plain object, so
 * such a key finds a prototype member and throws (issue 10: `?constructor=1` answered 500). No field
 * has such a name, and unknown keys are dropped anyway.
 */
function withoutPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(key in Object.prototype))
      .map(([key, child]) => [key, withoutPrototypeKeys(child)]),
  );
}

/**
 * Validates and casts `input` with every field checked, unknown keys dropped, and only the first
 * failing rule reported per field (SPEC §5). Never throws for bad input: a non-object given to an
 * object schema (null, an array, a string) gives `{ _root: [message] }`.
 *
 * @example
 * const result = await validate(loginSchema, request.body);
 * if (!result.ok) return reply.code(422).send({ errors: result.errors });
 */
export async function validate<S extends Schema>(
  schema: S,
  input: unknown,
): Promise<ValidationResult<InferType<S>>> {
  if (schema.type === 'object' && !isPlainObject(input)) {
    return { ok: false, errors: { [ROOT_ERROR_KEY]: [messages.invalidInput] } };
  }
  try {
    const value = (await schema.validate(withoutPrototypeKeys(input), { abortEarly: false, stripUnknown: true })) as InferType<S>;
    return { ok: true, value };
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    return { ok: false, errors: firstErrorPerField(error) };
  }
}

function firstErrorPerField(error: ValidationError): ValidationErrors {
  const errors: ValidationErrors = {};
  // yup lists a field's errors in the order of its rules, so the first one is the rule that failed first.
  for (const item of error.inner.length > 0 ? error.inner : [error]) {
    const key = item.path || ROOT_ERROR_KEY;
    errors[key] ??= [item.message];
  }
  return errors;
}
