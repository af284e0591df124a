/** The signed-in user's menu (SPEC 7 "Session and menu"): the client builds its routes from it. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, ok } from '../../lib/reply.js';
import { idOrZero } from '../../lib/schemas.js';
import { currentUser } from '../../lib/authUser.js';
import { menuEntriesOfUser } from './store.js';

export const menuEntry = z.object({
  menuId: z.number(),
  parentId: z.number(),
  menuName: z.string(),
  name: z.string().nullable(),
  menuKey: z.string().nullable(),
  icon: z.string().nullable(),
  visible: z.string().describe("'1' 隐藏，'0' 显示"),
  path: z.string().nullable(),
  component: z.string().nullable(),
  redirect: z.string().nullable(),
  target: z.string().nullable(),
  hiddenChildren: z.boolean(),
  hiddenHeader: z.boolean(),
});

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/menu/user/:id',
    {
      config: { access: { allowWhilePasswordChange: true } },
      schema: {
        tags: ['menu'],
        summary: '当前用户的菜单（目录与页面，不含按钮）',
        params: z.object({ id: idOrZero('用户编号') }),
        response: { 200: envelope(z.array(menuEntry)) },
      },
    },
    async (req) => {
      return ok(await menuEntriesOfUser(app.ctx.db, currentUser(req).userId));
    },
  );
};
