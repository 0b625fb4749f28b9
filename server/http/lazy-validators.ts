// Route validators compiled on a route's first request instead of at start (BuildOptions.lazyValidators).
// Compiling the Ajv validators of every route — each entity has a dozen — is most of an app's start; a
// server test file builds an app and calls a few routes, so it pays for the few it uses. Production
// compiles every validator at start (a schema mistake stops the start, not a request).
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Fastify's own validator factory (Ajv, its default options plus the server's), wrapped to compile on first use. */
export function lazyValidatorFactory(): NonNullable<BuildValidator> {
  const build = AjvCompiler() as unknown as NonNullable<BuildValidator>;
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let compiled: Validate | undefined;
      const validate: Validate = (data) => (compiled ??= compile(route) as unknown as Validate)(data);
      // Fastify reads the errors of a failed validation from the function itself.
      Object.defineProperty(validate, 'errors', { get: () => compiled?.errors });
      return validate as unknown as ReturnType<typeof compile>;
    };
  };
}
