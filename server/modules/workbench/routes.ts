/** The workbench's figures (SPEC 2 "Workbench"): one call that answers per kind of user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { envelope, ok } from '../../lib/reply.js';
import { workbench } from './schemas.js';
import { workbenchOf } from './service.js';
import { readsOnlyAccess } from '../../context.js';

export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workbench/summary',
    {
      config: readsOnlyAccess('dashboard:workplace:view'),
      schema: {
        tags: ['workbench'],
        summary: '工作台数据',
        description:
          '按调用者类型回答：区域中心人员为其环节在本区域的待办（按业务类型）、超期、本区域在办与本月办结、证书有效与 90 天内到期，以及本人今天与本月办理的件数；' +
          '省级管理员为全省及各中心；企业用户为本企业即将到期的证书与在办申请；个人用户为本人的证书与申请；系统管理员为待审核的账号与角色变更。' +
          '每个数字带其背后列表的地址（调用者有权限打开时）。',
        response: { 200: envelope(workbench) },
      },
    },
    async (req) => ok(await workbenchOf(app.ctx.db, currentUser(req), app.ctx.clock.now()), '查询成功'),
  );
};
