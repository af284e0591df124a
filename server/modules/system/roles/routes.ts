/** /system/role: the role administration of SPEC 7 (reads, reviewed changes). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleReadRoutes } from './read-routes.js';
import { roleWriteRoutes } from './write-routes.js';

export const roleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(roleReadRoutes);
  await app.register(roleWriteRoutes);
};
