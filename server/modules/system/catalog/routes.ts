import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of this module (to be filled). */
export const catalogRoutes: FastifyPluginAsyncZod = async () => undefined;
