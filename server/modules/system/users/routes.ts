/** /system/user: the user administration of SPEC 7 (reads, reviewed changes, Excel). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userReadRoutes } from './read-routes.js';
import { userWriteRoutes } from './write-routes.js';
import { userExcelRoutes } from './excel-routes.js';

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userReadRoutes);
  await app.register(userWriteRoutes);
  await app.register(userExcelRoutes);
};
