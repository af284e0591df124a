/**
 * 显示完整个人信息 (issue #47 item 4): one call per kind of datum — identity number, phone, birth
 * date. The record it is reached through is checked as its detail view checks it (permission and
 * data scope), then the caller's duty; the value goes out and a row of personal_data_access says
 * who saw whose which value, when, why and through which record (the audit administrator reads it
 * under 个人信息访问日志). A holder's own value is not logged.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/authUser.js';
import { envelope, ok } from '../../lib/reply.js';
import { forbidden } from '../../lib/errors.js';
import { id } from '../../lib/schemas.js';
import { PERSONAL_FIELDS, revealField, type PersonalField } from '../../services/personalData.js';
import { revealSourceSchema } from '../../services/personalDataSchemas.js';
import { REVEAL_SOURCE_CHECKS } from './sources.js';

const TAGS = ['personal-data'];
const FIELD_NAMES: Record<PersonalField, string> = { idNo: '证件号码', phone: '手机号码', birthDate: '出生日期' };

const revealBody = z.object({ source: revealSourceSchema, id: id('记录编号') });
const revealAnswer = z.object({ value: z.string().nullable().describe('完整值；该记录没有此项时为空') });

export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  for (const field of PERSONAL_FIELDS) {
    app.post(
      `/personalData/${field}/reveal`,
      {
        // The personal-data access log is this call's log.
        config: { access: { log: false } },
        schema: {
          tags: TAGS,
          summary: `查看完整的${FIELD_NAMES[field]}（记入个人信息访问日志）`,
          description:
            '经由 source/id 所指的记录查看其中人员的完整值：按该记录详情页的权限与数据范围核查，再核查调用者的职责（业务审核、所在企业、信息维护等）；无职责时 403。每次查看写一条个人信息访问日志（查看人、被查看人、内容、事由、经由记录、时间），审计管理员在“个人信息访问日志”中查阅。',
          body: revealBody,
          response: { 200: envelope(revealAnswer) },
        },
      },
      async (req) => {
        const user = currentUser(req);
        const { source, id: recordId } = req.body;
        const found = await REVEAL_SOURCE_CHECKS[source](ctx, user, recordId);
        if (!found.duty) throw forbidden(`您的职责不需要查看该人员的完整${FIELD_NAMES[field]}`);
        if (!(field in found.values)) throw forbidden(`该记录不提供${FIELD_NAMES[field]}的查看`);
        const value = await revealField(ctx.db, user, found, field, `${source}:${recordId}`);
        return ok({ value }, '查询成功');
      },
    );
  }
};
