/** Certificates (SPEC 7 "Certificate revocation and certificates"): lists, detail, PDF, printing, exports, /home calls. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificateFileRoutes } from './file-routes.js';
import { homeRoutes } from './home-routes.js';
import { certificateReadRoutes } from './read-routes.js';

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(certificateReadRoutes);
  await app.register(certificateFileRoutes);
  await app.register(homeRoutes);
};
