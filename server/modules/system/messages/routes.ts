/**
 * 系统消息 / 监管消息 administration under /system/sysMsgInfo (SPEC 7 Messages: save (new) /
 * update (id > 0) JSON, remove (params ids)), next to the user's own list in
 * server/modules/message/routes.ts. A message is sent to users, to every user of some roles, or
 * to everyone: one sys_msg_info row per recipient, all with the same creation time. That time,
 * with type, title, text and sender, identifies one sending, so an edit corrects every copy.
 * Supervision messages are governed by system:supervisionMsg:*, the other types by system:msg:*.
 */
import { z } from 'zod';
import { MSG_TYPES, STATUS_CODES, storedCode } from '../../../lib/codes.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, doneEnvelope, envelope, ok, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { currentUser } from '../../../lib/authUser.js';
import { id, idOrZero, idParams, idsQuery, optionalText, text } from '../../../lib/schemas.js';
import { messageFor, readableTypes, recipientChoices, removeMessages, sendMessage, updateMessage } from './service.js';
import { messageExportBatch, messagePage } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';
import { iso } from '../../../lib/listQuery.js';

const TAG = ['message-admin'];
type MsgType = (typeof MSG_TYPES)[number];
const msgType = z.enum(MSG_TYPES, { error: '消息类型应为 systemType、supervisionType 或 warnType' });
export const MSG_TYPE_LABEL: Record<MsgType, string> = {
  systemType: '系统消息',
  supervisionType: '监管消息',
  warnType: '预警消息',
};

const adminRow = z.object({
  id: z.number(),
  msgType,
  bt: z.string(),
  nr: z.string(),
  ckzt: z.enum(STATUS_CODES).describe("'0' 未读, '1' 已读"),
  readAt: z.string().nullable(),
  senderName: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable().describe('接收人账号'),
  nickName: z.string().nullable().describe('接收人姓名'),
  createdAt: z.string().describe('ISO 8601'),
});

const filters = z.object({
  msgType: msgType.optional(),
  msgTypes: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(msgType).min(1, '消息类型不能为空'))
    .optional()
    .describe('多个消息类型，逗号分隔（页面只管理其中几类时）'),
  bt: optionalText(200, '消息标题'),
  userName: optionalText(64, '用户账号').describe('接收人账号或姓名'),
  senderName: optionalText(64, '发送人'),
  ckzt: z.enum(['0', '1']).optional(),
});
const listQuery = pageQuery.extend(filters.shape);
const exportQuery = listQuery.omit({ pageNum: true, pageSize: true });

const title = text(200, '消息标题', { min: 1 });
const content = text(5000, '消息内容', { min: 1, multiline: true });
const idList = z.array(id('编号')).max(5000);

const saveBody = z.object({
  id: idOrZero('消息编号').optional(),
  msgType,
  bt: title,
  nr: content,
  target: z.enum(['user', 'role', 'all'], {
    error: '发送对象应为 user（指定用户）、role（指定角色）或 all（全部用户）',
  }),
  userIds: idList.optional(),
  roleIds: idList.optional(),
});
const updateBody = z.object({
  id: id('消息编号', { invalid: '修改时消息编号 id 应为 1 到 2147483647 之间的整数' }),
  msgType: msgType.optional(),
  bt: title,
  nr: content,
});

type Row = { msgType: string; ckzt: string; readAt: Date | null; createdAt: Date } & Omit<
  z.infer<typeof adminRow>,
  'msgType' | 'ckzt' | 'readAt' | 'createdAt'
>;
const toRow = (r: Row) => ({
  ...r,
  msgType: storedCode(MSG_TYPES, r.msgType),
  ckzt: storedCode(STATUS_CODES, r.ckzt),
  readAt: iso(r.readAt),
  createdAt: r.createdAt.toISOString(),
});

const EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { header: '消息编号', value: (r) => r.id },
  { header: '消息类型', value: (r) => MSG_TYPE_LABEL[r.msgType as MsgType] ?? r.msgType },
  { header: '消息标题', width: 40, value: (r) => r.bt },
  { header: '消息内容', width: 60, value: (r) => r.nr },
  { header: '接收人账号', width: 16, value: (r) => r.userName },
  { header: '接收人姓名', width: 16, value: (r) => r.nickName },
  { header: '阅读状态', value: (r) => (r.ckzt === '1' ? '已读' : '未读') },
  { header: '发送人', width: 20, value: (r) => r.senderName },
  { header: '发送时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.createdAt) },
];

export const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/system/sysMsgInfo/listAll',
    {
      schema: {
        tags: TAG,
        summary: '全部消息（管理）：系统、预警消息需 system:msg:list，监管消息需 system:supervisionMsg:list',
        querystring: listQuery,
        response: { 200: pageEnvelope(adminRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await messagePage(db, readableTypes(currentUser(req), q), q);
      return page(rows.map(toRow), total, q.pageNum);
    },
  );

  app.get(
    '/system/sysMsgInfo/get/:id',
    {
      schema: { tags: TAG, summary: '消息详情（管理）', params: idParams, response: { 200: envelope(adminRow) } },
    },
    async (req) => {
      const row = await messageFor(db, currentUser(req), req.params.id);
      return ok(toRow(row), '查询成功');
    },
  );

  app.get(
    '/system/sysMsgInfo/recipients',
    {
      schema: {
        tags: TAG,
        summary: '可选的接收人（用户按账号或姓名搜索）与角色',
        querystring: z.object({ keyword: optionalText(64, '关键字') }),
        response: {
          200: envelope(
            z.object({
              users: z.array(z.object({ userId: z.number(), userName: z.string(), nickName: z.string() })),
              roles: z.array(z.object({ roleId: z.number(), roleName: z.string(), roleKey: z.string() })),
            }),
          ),
        },
      },
    },
    async (req) => {
      const { users, roles } = await recipientChoices(db, currentUser(req), req.query.keyword);
      return ok({ users, roles }, '查询成功');
    },
  );

  app.post(
    '/system/sysMsgInfo/save',
    {
      config: { access: { log: { title: '消息管理', action: 'insert' } } },
      schema: {
        tags: TAG,
        summary: '发送消息（给指定用户、指定角色的全部用户或全部用户）',
        body: saveBody,
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req) => {
      const sent = await sendMessage(db, currentUser(req), req.body, app.ctx.clock.now());
      return ok({ count: sent }, `已发送给 ${sent} 位用户`);
    },
  );

  app.post(
    '/system/sysMsgInfo/update',
    {
      config: { access: { log: { title: '消息管理', action: 'update' } } },
      schema: {
        tags: TAG,
        summary: '修改消息（id > 0；同一次发送的各份一并修改）',
        body: updateBody,
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (req) => {
      const changed = await updateMessage(db, currentUser(req), req.body);
      return ok({ count: changed }, `已修改 ${changed} 条消息`);
    },
  );

  app.post(
    '/system/sysMsgInfo/remove',
    {
      config: { access: { log: { title: '消息管理', action: 'delete' } } },
      schema: { tags: TAG, summary: '删除消息（ids）', querystring: idsQuery, response: { 200: doneEnvelope } },
    },
    async (req) => {
      const n = await removeMessages(db, currentUser(req), req.query.ids);
      return done(`已删除 ${n} 条消息`);
    },
  );

  app.get(
    '/system/sysMsgInfo/export',
    {
      schema: { tags: TAG, summary: '导出消息（Excel；与列表同权限）', querystring: exportQuery },
    },
    async (req, reply) => {
      const q = req.query;
      const types = readableTypes(currentUser(req), q);
      const name = req.query.msgType ? MSG_TYPE_LABEL[req.query.msgType] : '消息';
      return sendExcel(
        reply,
        `${name}.xlsx`,
        EXPORT_COLUMNS,
        batches((offset, limit) => messageExportBatch(db, types, q, offset, limit)),
      );
    },
  );
};
