import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

const compilerOf = SerializerSelector();

/**
 * Fastify's own response serializers (fast-json-stringify, through its compiler package), each
 * compiled when its route first answers with that status instead of when the app starts. An app
 * compiled about 250 of them at every start, a second or more of CPU (the tests build an app per
 * file and database, and use a few routes each); a route's first answer pays a few milliseconds
 * instead. test/openapi/contract.test.ts compiles every one, so a schema that cannot be compiled
 * still fails a test, not a visitor.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = compilerOf(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => (serialize ??= compile(route))(doc);
  };
};
