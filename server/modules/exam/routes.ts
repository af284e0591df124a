/** Exams (SPEC 2 "Exam", ScoreSearch; SPEC 1's public sign-up and result searches): every route of the area. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examBatchRoutes } from './batch-routes.js';
import { examPublicRoutes } from './public-routes.js';
import { examScoreRoutes } from './score-routes.js';
import { examSignupRoutes } from './signup-routes.js';

export const examRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(examBatchRoutes);
  await app.register(examSignupRoutes);
  await app.register(examScoreRoutes);
  await app.register(examPublicRoutes);
};
