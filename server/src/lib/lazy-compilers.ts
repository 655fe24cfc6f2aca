/**
 * Fastify's own schema compilers, each schema compiled when its route first needs it instead of
 * when the app starts (issue 33 item 2). An app compiled about 250 response serializers and as many
 * request validators at every start, seconds of CPU (the tests build an app per file and database,
 * and use a few routes each); a route's first request pays a few milliseconds instead.
 * test/openapi/contract.test.ts compiles every one at start, so a schema that cannot be compiled
 * still fails a test, not a visitor.
 */
import { AjvCompiler, type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

const serializerCompilerOf = SerializerSelector();
const validatorCompilerOf = AjvCompiler();

/** A compiled request validator (Ajv's). */
type Validator = ReturnType<ReturnType<BuildCompilerFromPool>>;
/** What Fastify calls a validator factory's compiler with: the route's definition, one request part. */
type CompileRoute = (route: RouteDefinition) => Validator;

/** Fastify's response serializers (fast-json-stringify), each compiled at its route's first answer with that status. */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = serializerCompilerOf(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};

/** The names a headers schema gives (its properties and required list) that are not lowercase. */
function headerNamesNotLowercase(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { properties, required } = schema as { properties?: object; required?: unknown };
  const names = [...Object.keys(properties ?? {}), ...(Array.isArray(required) ? (required as string[]) : [])];
  return names.filter((name) => name !== name.toLowerCase());
}

/**
 * Fastify's request validators (Ajv, with the app's `ajv` options), each compiled at its route's
 * first request. Fastify reads two properties of a validator: `schemaEnv` (to let Ajv coerce a
 * root value) and `errors` (after a failed check); both are the compiled validator's.
 *
 * A custom validator factory makes Fastify pass headers schemas as written, without lowercasing
 * their names as it does for its own (Node gives every request header lowercase), so a headers
 * schema must name its headers in lowercase.
 * @throws Error at the route's registration when a headers schema names a header in another case.
 */
export const lazyValidators: BuildCompilerFromPool = (externalSchemas, options) => {
  // The package types its compiler as taking a schema; Fastify calls it with the route's definition.
  const compile = validatorCompilerOf(externalSchemas, options) as unknown as CompileRoute;
  const compileLazily: CompileRoute = (route) => {
    const notLowercase = route.httpPart === 'headers' ? headerNamesNotLowercase(route.schema) : [];
    if (notLowercase.length > 0) throw new Error(`${route.method} ${route.url}: name headers in lowercase in its schema (${notLowercase.join(', ')})`);
    let validate: Validator | undefined;
    const compiled = () => (validate ??= compile(route));
    const lazy = (data: unknown, context?: object) => compiled()(data, context as never);
    return Object.defineProperties(lazy, {
      schemaEnv: { get: () => compiled().schemaEnv },
      errors: { get: () => compiled().errors },
    }) as unknown as Validator;
  };
  return compileLazily as unknown as ReturnType<BuildCompilerFromPool>;
};
