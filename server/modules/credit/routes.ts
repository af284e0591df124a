/** /credit/punishment: punishments of credit management (CreditManagement) under four-eyes review. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerFileOwner } from '../system/oss/fileScope.js';
import { punishmentFileOwner } from './files.js';
import { punishmentReadRoutes } from './read-routes.js';
import { punishmentWriteRoutes } from './write-routes.js';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFileOwner(punishmentFileOwner);
  await app.register(punishmentReadRoutes);
  await app.register(punishmentWriteRoutes);
};
