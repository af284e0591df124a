/**
 * Every route plugin of the API, in the order app.ts registers them under /api: the one list to add
 * a module to. One folder per area; each owns its routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes.js';
import { userSelfRoutes } from './user/routes.js';
import { menuRoutes } from './menu/routes.js';
import { messageRoutes } from './message/routes.js';
import { dictRoutes } from './dict/routes.js';
import { publicRoutes } from './public/routes.js';
import { fileRoutes } from './file/routes.js';
import { analysisRoutes } from './analysis/routes.js';
import { workflowRoutes } from './workflow/routes.js';
import { userAdminRoutes } from './system/users/routes.js';
import { roleAdminRoutes } from './system/roles/routes.js';
import { onlineRoutes } from './system/online/routes.js';
import { userGroupRoutes } from './system/groups/routes.js';
import { menuAdminRoutes } from './system/menus/routes.js';
import { deptRoutes } from './system/depts/routes.js';
import { dictAdminRoutes } from './system/dicts/routes.js';
import { districtRoutes } from './system/districts/routes.js';
import { ossRoutes } from './system/oss/routes.js';
import { configRoutes } from './system/config/routes.js';
import { logRoutes } from './system/logs/routes.js';
import { personalDataLogRoutes } from './system/logs/personal-data-routes.js';
import { personalDataRoutes } from './personalData/routes.js';
import { noticeRoutes } from './system/notices/routes.js';
import { messageAdminRoutes } from './system/messages/routes.js';
import { todoAdminRoutes } from './system/todos/routes.js';
import { catalogRoutes } from './system/catalog/routes.js';
import { personAdminRoutes } from './system/persons/routes.js';
import { jobRoutes } from './system/jobs/routes.js';
import { calendarRoutes } from './system/calendar/routes.js';
import { certificateRoutes } from './certificate/routes.js';
import { businessRoutes } from './business/routes.js';
import { searchRoutes } from './search/routes.js';
import { statisticsRoutes } from './statistics/routes.js';
import { workbenchRoutes } from './workbench/routes.js';
import { creditRoutes } from './credit/routes.js';
import { examRoutes } from './exam/routes.js';
import { importRoutes } from './imports/routes.js';
import { furtherEducationRoutes } from './education/routes.js';
import { workflowBulkRoutes } from './workflow/bulk.js';
import { readinessRoutes } from './public/readiness-routes.js';

export const apiRoutes: FastifyPluginAsyncZod[] = [
  authRoutes,
  userSelfRoutes,
  menuRoutes,
  messageRoutes,
  dictRoutes,
  publicRoutes,
  fileRoutes,
  analysisRoutes,
  workflowRoutes,
  readinessRoutes,
  userAdminRoutes,
  roleAdminRoutes,
  onlineRoutes,
  userGroupRoutes,
  menuAdminRoutes,
  deptRoutes,
  dictAdminRoutes,
  districtRoutes,
  ossRoutes,
  configRoutes,
  logRoutes,
  personalDataLogRoutes,
  personalDataRoutes,
  noticeRoutes,
  messageAdminRoutes,
  todoAdminRoutes,
  catalogRoutes,
  personAdminRoutes,
  jobRoutes,
  calendarRoutes,
  certificateRoutes,
  businessRoutes,
  searchRoutes,
  statisticsRoutes,
  workbenchRoutes,
  creditRoutes,
  examRoutes,
  importRoutes,
  furtherEducationRoutes,
  workflowBulkRoutes,
];
