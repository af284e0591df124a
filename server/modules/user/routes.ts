/** The signed-in user's own calls: who am I, change my password. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope } from '../../lib/reply.js';
import { currentUser } from '../../lib/authUser.js';
import { changeOwnPassword, loginUserOf } from './service.js';

const loginUserSchema = z.object({
  code: z.number(),
  msg: z.string(),
  data: z.object({
    userId: z.number(),
    userName: z.string(),
    name: z.string(),
    avatar: z.string(),
    welcome: z.string(),
    roleIds: z.array(z.string()).describe('角色标识（roleKey）'),
    buttons: z.array(z.string()).describe('按钮权限字符串 area:entity:action'),
    permissions: z.array(z.object({ permissionId: z.string(), actionList: z.array(z.string()) })),
    info: z.object({
      userType: z.enum(['00', '02', '03', '04']),
      loginName: z.string(),
      area: z.enum(['1', '2', '3', 'all']).nullable(),
      enterpriseInfo: z
        .object({ enterpriseId: z.number(), name: z.string(), enterpriseOwnership: z.string() })
        .nullable(),
    }),
    mustChangePassword: z.boolean(),
    passwordExpired: z.boolean(),
  }),
});

export const userSelfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/user/getLoginUser',
    {
      config: { access: { allowWhilePasswordChange: true } },
      schema: {
        tags: ['user'],
        summary: '当前登录用户',
        description: 'code 800 表示成功但需提示（如密码即将过期、首次登录须改密），msg 为提示内容。',
        response: { 200: loginUserSchema },
      },
    },
    async (req) => loginUserOf(app.ctx, currentUser(req)),
  );

  app.post(
    '/system/user/updatepwd',
    {
      config: { access: { allowWhilePasswordChange: true, log: { title: '修改密码', action: 'update' } } },
      schema: {
        tags: ['user'],
        summary: '修改本人密码',
        description: '至少8位，含大写字母、小写字母、数字、特殊字符中的三类，不得与登录名相同，不得与最近5次密码相同。',
        body: z.object({
          oldPassword: z.string({ error: '旧密码不能为空' }).min(1, '旧密码不能为空').max(128),
          newPassword: z.string({ error: '新密码不能为空' }).min(1, '新密码不能为空').max(128),
        }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      await changeOwnPassword(app.ctx, currentUser(req), req.body.oldPassword, req.body.newPassword);
      return done('密码修改成功');
    },
  );
};
