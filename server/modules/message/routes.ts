/** The signed-in user's own messages and to-dos (header panel, SPEC 7 "Messages"). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, page, pageEnvelope, pageQuery } from '../../lib/reply.js';
import { idParams } from '../../lib/schemas.js';
import { notFound } from '../../lib/errors.js';
import { currentUser } from '../../lib/authUser.js';
import { MSG_TYPES, STATUS_CODES, storedCode } from '../../lib/codes.js';
import { translateMessage } from '../../lib/messages.js';
import { keyword } from '../../lib/schemas.js';
import { TODO_KINDS } from './todoKinds.js';
import { markMessageRead, messagesPage, todosPage, unreadCountsByType, type MessageFilter } from './store.js';

const msgType = z.enum(MSG_TYPES);
const messageRow = z.object({
  id: z.number(),
  msgType,
  bt: z.string(),
  nr: z.string(),
  ckzt: z.enum(STATUS_CODES).describe("'0' 未读, '1' 已读"),
  senderName: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
});
const todoRow = z.object({
  id: z.number(),
  mc: z.string(),
  url: z.string().nullable(),
  status: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  async function listMessages(userId: number, q: MessageFilter) {
    const { rows, total } = await messagesPage(db, userId, q);
    // The platform's notices are stored in Chinese (workflow, jobs) and read in the reader's language; a message an administrator wrote stays as written.
    return page(
      rows.map((r) => ({
        ...r,
        bt: translateMessage(r.bt),
        nr: translateMessage(r.nr),
        msgType: storedCode(MSG_TYPES, r.msgType),
        ckzt: storedCode(STATUS_CODES, r.ckzt),
        createdAt: r.createdAt.toISOString(),
      })),
      total,
      q.pageNum,
    );
  }

  const listQuery = pageQuery.extend({
    ckzt: z.enum(['0', '1']).optional(),
    msgType: msgType.optional(),
    bt: keyword('消息标题', 64),
  });

  app.get(
    '/system/sysMsgInfo/list',
    {
      schema: {
        tags: ['message'],
        summary: '我的消息',
        querystring: listQuery,
        response: { 200: pageEnvelope(messageRow) },
      },
    },
    async (req) => listMessages(currentUser(req).userId, req.query),
  );

  app.get(
    '/system/sysMsgInfo/listSupervisionMsg',
    {
      schema: {
        tags: ['message'],
        summary: '我的督办消息',
        querystring: listQuery.omit({ msgType: true }),
        response: { 200: pageEnvelope(messageRow) },
      },
    },
    async (req) => listMessages(currentUser(req).userId, { ...req.query, msgType: 'supervisionType' }),
  );

  app.get(
    '/system/sysMsgInfo/getNotReadMsgStats',
    {
      config: { access: { allowWhilePasswordChange: true } },
      schema: {
        tags: ['message'],
        summary: '未读消息数（按类型）',
        response: {
          200: z.object({ code: z.number(), msg: z.string(), rows: z.array(z.object({ msgType, count: z.number() })) }),
        },
      },
    },
    async (req) => {
      const byType = await unreadCountsByType(db, currentUser(req).userId);
      return {
        code: 0,
        msg: '查询成功',
        rows: msgType.options.map((t) => ({ msgType: t, count: byType.get(t) ?? 0 })),
      };
    },
  );

  const markRead = async (userId: number, id: number) => {
    if (!(await markMessageRead(db, userId, id, app.ctx.clock.now()))) throw notFound('消息不存在');
    return done('已读');
  };

  for (const path of ['/system/sysMsgInfo/readMsg/:id', '/system/sysMsgInfo/readMsgByUser/:id']) {
    app.post(
      path,
      {
        config: { access: { log: { title: '消息已读', action: 'update' } } },
        schema: { tags: ['message'], summary: '标记消息已读', params: idParams, response: { 200: doneEnvelope } },
      },
      async (req) => markRead(currentUser(req).userId, req.params.id),
    );
  }

  app.get(
    '/system/sysTodo/list',
    {
      schema: {
        tags: ['message'],
        summary: '我的待办',
        querystring: pageQuery.extend({
          status: z.enum(['0', '1']).default('0'),
          mc: keyword('待办事项', 64),
          kind: z.enum(TODO_KINDS).optional().describe('confirm 待我确认的业务；review 待我审核的账号、角色或处罚变更'),
        }),
        response: { 200: pageEnvelope(todoRow) },
      },
    },
    async (req) => {
      const { rows, total } = await todosPage(db, currentUser(req).userId, req.query);
      return page(
        rows.map((r) => ({ ...r, mc: translateMessage(r.mc), createdAt: r.createdAt.toISOString() })),
        total,
        req.query.pageNum,
      );
    },
  );
};
