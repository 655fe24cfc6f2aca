/**
 * Request bodies and queries validated by the shared yup schemas of @shop/validation (STYLE.md
 * habit 4: one source of rules and Persian messages). The same schema, turned into JSON Schema,
 * documents the body or query in OpenAPI; Ajv does not validate it again.
 */
import type { FastifySchemaCompiler, preValidationAsyncHookHandler } from 'fastify';
import type { InferType, Schema } from 'yup';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import { ROOT_ERROR_KEY, validate } from '@shop/validation';
import { validationFailed } from './api-error';

/** Route options for a yup-validated body: spread into the route and add the other schema parts. */
export interface YupBodyRoute {
  /** JSON Schema of the body, for `schema.body` (documentation only). */
  jsonSchema: Record<string, unknown>;
  /** Validates and casts `request.body` (422 with Persian field errors). */
  preValidation: preValidationAsyncHookHandler;
  /** Accepts every part as-is: the yup hook has validated the body; the route has no other parts. */
  validatorCompiler: FastifySchemaCompiler<unknown>;
}

/**
 * Validates `input` with a shared yup schema and answers its cast value.
 * @throws ApiError 422 with Persian field errors (a non-object input is reported under `body`).
 */
export async function validateOrThrow<S extends Schema>(schema: S, input: unknown): Promise<InferType<S>> {
  const result = await validate(schema, input);
  if (!result.ok) {
    const errors = { ...result.errors };
    if (errors[ROOT_ERROR_KEY]) {
      errors.body = errors[ROOT_ERROR_KEY]!;
      delete errors[ROOT_ERROR_KEY];
    }
    throw validationFailed(errors);
  }
  return result.value;
}

/**
 * `schema` without the empty `type: []` that yup-to-json-schema writes for a `mixed()` field (any
 * value): JSON Schema says nothing of it and OpenAPI 3.0 refuses it (issue 22 "The API contract").
 */
function withoutEmptyTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutEmptyTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'type' && Array.isArray(value) && value.length === 0))
      .map(([key, value]) => [key, withoutEmptyTypes(value)]),
  );
}

function yupPart<S extends Schema>(schema: S, part: 'body' | 'query'): YupBodyRoute & { type?: InferType<S> } {
  const jsonSchema = withoutEmptyTypes(convertSchema(schema as never)) as Record<string, unknown>;
  return {
    jsonSchema,
    preValidation: async (request) => {
      const value = await validateOrThrow(schema, part === 'body' ? request.body : { ...(request.query as object) });
      if (part === 'body') request.body = value;
      else request.query = value;
    },
    validatorCompiler: () => () => true,
  };
}

/** Builds {@link YupBodyRoute} from a yup object schema; `request.body` becomes its cast output. */
export function yupBody<S extends Schema>(schema: S): YupBodyRoute & { type?: InferType<S> } {
  return yupPart(schema, 'body');
}

/** Same as {@link yupBody} for the query string (`schema.querystring`); `request.query` becomes the cast output. */
export function yupQuery<S extends Schema>(schema: S): YupBodyRoute & { type?: InferType<S> } {
  return yupPart(schema, 'query');
}
