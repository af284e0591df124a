import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of this module (to be filled). */
export const districtRoutes: FastifyPluginAsyncZod = async () => undefined;
