/** The signed-in user's own calls: who am I, change my password. */
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope } from '../../lib/reply.js';
import { endUserSessions } from '../auth/session.service.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword, passwordPolicyViolation, verifyPassword } from '../../lib/password.js';
import { currentUser } from '../../lib/authUser.js';
import { enterprise, sysPasswordHistory, sysUser } from '../../db/schema.js';
import { loginUserData } from './login-user.js';

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
    async (req) => {
      const user = currentUser(req);
      let enterpriseInfo: { enterpriseId: number; name: string; enterpriseOwnership: string } | null = null;
      if (user.enterpriseId) {
        const [ent] = await app.ctx.db
          .select({ enterpriseId: enterprise.id, name: enterprise.name, enterpriseOwnership: enterprise.ownership })
          .from(enterprise)
          .where(eq(enterprise.id, user.enterpriseId));
        enterpriseInfo = ent ?? null;
      }
      const [row] = await app.ctx.db
        .select({ avatar: sysUser.avatar, passwordChangedAt: sysUser.passwordChangedAt })
        .from(sysUser)
        .where(eq(sysUser.userId, user.userId));
      const policy = await app.ctx.policy.get();
      return loginUserData(user, {
        enterpriseInfo,
        avatar: row?.avatar ?? '',
        passwordChangedAt: row!.passwordChangedAt,
        now: app.ctx.clock.now(),
        expireDays: policy.passwordExpireDays,
      });
    },
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
      const user = currentUser(req);
      const policy = await app.ctx.policy.get();
      const [row] = await app.ctx.db.select().from(sysUser).where(eq(sysUser.userId, user.userId));
      if (!row || !(await verifyPassword(row.passwordHash, req.body.oldPassword)))
        throw badRequest('旧密码错误', 'oldPassword');
      const violation = passwordPolicyViolation(req.body.newPassword, row.userName, policy.passwordMinLength);
      if (violation) throw badRequest(violation, 'newPassword');
      const history = await app.ctx.db
        .select({ hash: sysPasswordHistory.passwordHash })
        .from(sysPasswordHistory)
        .where(eq(sysPasswordHistory.userId, user.userId))
        .orderBy(desc(sysPasswordHistory.createdAt))
        .limit(policy.passwordHistoryCount);
      for (const old of [{ hash: row.passwordHash }, ...history]) {
        if (await verifyPassword(old.hash, req.body.newPassword))
          throw badRequest(`新密码不能与最近${policy.passwordHistoryCount}次使用过的密码相同`, 'newPassword');
      }
      const hash = await hashPassword(req.body.newPassword);
      const now = app.ctx.clock.now();
      await app.ctx.db.transaction(async (tx) => {
        await tx
          .insert(sysPasswordHistory)
          .values({ userId: user.userId, passwordHash: row.passwordHash, createdAt: now });
        await tx
          .update(sysUser)
          .set({ passwordHash: hash, passwordChangedAt: now, mustChangePassword: false, updatedAt: now })
          .where(eq(sysUser.userId, user.userId));
        // Whoever else holds a session of this account (a stolen token, a forgotten browser) is out.
        await endUserSessions(app.ctx, tx, user.userId, 'passwordChanged', user.tokenHash);
      });
      return done('密码修改成功');
    },
  );
};
