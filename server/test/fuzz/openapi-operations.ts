/**
 * The operations of the OpenAPI document (`GET /api/docs/json`, @fastify/swagger's OpenAPI 3.0)
 * as the fuzzer reads them: method, path template, parameters and body. Nothing here names a
 * route: every operation the server documents is fuzzed, and a new route is fuzzed once it exists.
 */

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** HTTP methods the fuzzer sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A path, query or header parameter of an operation. */
export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

/**
 * The body an operation takes: JSON or a urlencoded form with its schema, or a multipart form
 * whose field names are listed in the operation's description («multipart/form-data: title, …»),
 * the convention of the dashboard forms (@fastify/swagger documents no multipart body without a
 * body schema, and these routes read their parts themselves).
 */
export type OperationBody =
  | { kind: 'json' | 'urlencoded'; schema: JsonSchema }
  | { kind: 'multipart'; fields: string[] };

/** One operation of the document. */
export interface Operation {
  method: HttpMethod;
  /** Path template as documented, e.g. `/api/posts/{postId}`. */
  path: string;
  /** `METHOD path`, for reports. */
  key: string;
  parameters: OperationParameter[];
  body?: OperationBody;
}

interface OpenApiOperation {
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The OpenAPI 3.0 document, as far as the fuzzer reads it. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const MULTIPART_PREFIX = 'multipart/form-data:';

/**
 * Field names of a multipart description: the list after «multipart/form-data:» up to its first
 * full stop, parenthesized remarks dropped, items separated by commas or «and».
 */
export function multipartFields(description: string): string[] {
  const list = description
    .slice(MULTIPART_PREFIX.length)
    .replace(/\([^)]*\)/g, '')
    .split(/\.(\s|$)/)[0]!;
  return list
    .split(/,|\band\b/)
    .map((item) => /^[a-z_]+/.exec(item.trim())?.[0])
    .filter((name): name is string => Boolean(name));
}

function bodyOf(operation: OpenApiOperation): OperationBody | undefined {
  const content = operation.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  if (json) return { kind: 'json', schema: json };
  const form = content['application/x-www-form-urlencoded']?.schema;
  if (form) return { kind: 'urlencoded', schema: form };
  if (operation.description?.startsWith(MULTIPART_PREFIX)) {
    return { kind: 'multipart', fields: multipartFields(operation.description) };
  }
  return undefined;
}

/** Every operation of `doc`, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [lowerMethod, operation] of Object.entries(item)) {
      const method = lowerMethod.toUpperCase();
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method as HttpMethod,
        path,
        key: `${method} ${path}`,
        parameters: (operation.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map((p) => ({
            name: p.name,
            in: p.in as OperationParameter['in'],
            required: p.required ?? p.in === 'path',
            schema: p.schema ?? {},
          })),
        body: bodyOf(operation),
      });
    }
  }
  return operations;
}
