/**
 * Online users (SPEC 7: GET /system/online/list, POST /system/online/offline): the active
 * sessions, and forcing one session or every session of a user offline — the next call of that
 * client answers 401 with 您已被管理员强制下线，请重新登录.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batches, sendExcel, type ExcelColumn } from '../../../lib/excel.js';
import { done, doneEnvelope, page, pageEnvelope, pageQuery } from '../../../lib/reply.js';
import { currentUser } from '../../../lib/authUser.js';
import { describeUserAgent } from './user-agent.js';
import { id, optionalText } from '../../../lib/schemas.js';
import { aliveLimits, forceOffline, SESSION_ID_LENGTH } from './service.js';
import { onlineExportBatch, onlinePage, type OnlineLine } from './store.js';
import { chinaDateTime } from '../../../lib/days.js';

const TAGS = ['system-online'];

const onlineRow = z.object({
  sessionId: z.string(),
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  deptName: z.string().nullable(),
  ipaddr: z.string().nullable(),
  browser: z.string(),
  os: z.string(),
  method: z.string().describe('password | sms | sso'),
  loginTime: z.string(),
  lastActiveTime: z.string(),
  current: z.boolean().describe('调用者本人的当前会话'),
  canForce: z.boolean().describe('可以强退这一会话（不是调用者本人的当前会话）'),
  canForceUser: z.boolean().describe('可以强退该用户的全部会话（不是调用者本人）'),
});

const onlineFilters = z.object({ userName: optionalText(64, '用户账号'), ipaddr: optionalText(64, '登录地址') });
const METHODS: Record<string, string> = { password: '密码', sms: '短信验证码', sso: '统一身份认证' };

/** Who is on, from where and since when; the session key (or any part of its hash) never leaves the server here. */
const EXPORT_COLUMNS: ExcelColumn<OnlineLine>[] = [
  { header: '登录名', width: 16, value: (r) => r.userName },
  { header: '用户姓名', width: 16, value: (r) => r.nickName },
  { header: '部门', width: 24, value: (r) => r.deptName },
  { header: 'IP 地址', width: 18, value: (r) => r.session.ip },
  { header: '浏览器', width: 18, value: (r) => describeUserAgent(r.session.userAgent).browser },
  { header: '操作系统', width: 18, value: (r) => describeUserAgent(r.session.userAgent).os },
  { header: '登录方式', value: (r) => METHODS[r.session.method] ?? r.session.method },
  { header: '登录时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.session.createdAt) },
  { header: '最后活动时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.session.lastActiveAt) },
];

export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const db = ctx.db;

  app.get(
    '/system/online/list',
    {
      config: { access: { perm: 'system:online:list' } },
      schema: {
        tags: TAGS,
        summary: '在线用户（活动会话）',
        querystring: pageQuery.extend({ userName: optionalText(64, '用户账号'), ipaddr: optionalText(64, '登录地址') }),
        response: { 200: pageEnvelope(onlineRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const caller = currentUser(req);
      const { rows, total } = await onlinePage(db, await aliveLimits(ctx), q);
      return page(
        rows.map(({ session: s, userName, nickName, deptName }) => ({
          sessionId: s.tokenHash.slice(0, SESSION_ID_LENGTH),
          userId: s.userId,
          userName,
          nickName,
          deptName: deptName ?? null,
          ipaddr: s.ip,
          ...describeUserAgent(s.userAgent),
          method: s.method,
          loginTime: s.createdAt.toISOString(),
          lastActiveTime: s.lastActiveAt.toISOString(),
          current: s.tokenHash === caller.tokenHash,
          // The same refusals as POST /system/online/offline: nobody forces himself out (that is 退出登录).
          canForce: s.tokenHash !== caller.tokenHash,
          canForceUser: s.userId !== caller.userId,
        })),
        total,
        q.pageNum,
      );
    },
  );

  app.post(
    '/system/online/offline',
    {
      config: { access: { perm: 'system:online:forceLogout', log: { title: '在线用户', action: 'force' } } },
      schema: {
        tags: TAGS,
        summary: '强制下线',
        description: '给出 sessionId 强退一个会话，或给出 userId 强退该用户的全部会话。不能强退自己的当前会话。',
        body: z
          .object({
            sessionId: z
              .string()
              .trim()
              .regex(/^[0-9a-f]{16}$/, '会话编号格式不正确')
              .optional(),
            userId: id('用户编号').optional(),
          })
          .refine((b) => !!b.sessionId !== (b.userId !== undefined), {
            message: '请指定要强退的会话或用户',
            path: ['sessionId'],
          }),
        response: { 200: doneEnvelope },
      },
    },
    async (req) => {
      const ended = await forceOffline(ctx, currentUser(req), req.body);
      if (ended === 'user') return done('已强制该用户下线');
      return done('已强制下线');
    },
  );

  app.get(
    '/system/online/export',
    {
      config: { access: { perm: 'system:online:list' } },
      schema: { tags: TAGS, summary: '导出在线用户（Excel，不含会话令牌）', querystring: onlineFilters },
    },
    async (req, reply) => {
      const q = req.query;
      const alive = await aliveLimits(ctx);
      return sendExcel(
        reply,
        '在线用户.xlsx',
        EXPORT_COLUMNS,
        batches((offset, limit) => onlineExportBatch(db, alive, q, offset, limit)),
      );
    },
  );
};
