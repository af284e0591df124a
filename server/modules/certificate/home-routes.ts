/** /home calls of SPEC 7: a fresh certificate query code, and whether the caller lacks a role. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { currentUser } from '../../lib/authUser.js';
import { unusedQueryCode } from './numbering.js';

const TAGS = ['certificate'];
export const NO_ROLE_MSG = '该用户未设置角色';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/home/createQueryCode',
    {
      schema: {
        tags: TAGS,
        summary: '生成证书查询码',
        description: '一个尚未被任何证书使用的查询码（16 位 URL 安全字符），用于二维码地址 /cert/<查询码>。',
        response: { 200: envelope(z.string()) },
      },
    },
    async () => ok(await unusedQueryCode(db), '查询成功'),
  );

  app.get(
    '/home/getNoRole',
    {
      config: { access: { allowWhilePasswordChange: true } },
      schema: {
        tags: TAGS,
        summary: '调用者是否未设置角色',
        description:
          'noRole 为 true 表示调用者没有任何启用的角色（此时 msg 为「该用户未设置角色」，客户端据此提示并退出登录）；roleKeys 为其启用的角色。',
        response: {
          200: envelope(
            z.object({ noRole: z.boolean(), msg: z.string(), userType: z.string(), roleKeys: z.array(z.string()) }),
          ),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const noRole = user.roleKeys.length === 0;
      return ok(
        { noRole, msg: noRole ? NO_ROLE_MSG : '', userType: user.userType, roleKeys: user.roleKeys },
        '查询成功',
      );
    },
  );
};
