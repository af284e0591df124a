/** The offer a detail view makes with personal data: which values the caller may reveal by a click, through which record. */
import { z } from 'zod';
import { PERSONAL_FIELDS, REVEAL_SOURCES } from './personalData.js';

export const revealSourceSchema = z
  .enum(REVEAL_SOURCES)
  .describe(
    '经由的记录：application 业务申请、certificate 证书、staff 人员查询、person 人员信息维护、user 用户账号、examSignup 考试报名、punishment 处罚记录',
  );

export const revealOfferSchema = z
  .object({
    source: revealSourceSchema,
    id: z.number().describe('该记录的编号'),
    fields: z
      .array(z.enum(PERSONAL_FIELDS))
      .describe('调用者因职责可点击查看完整值的字段（idNo、phone、birthDate）；空表示都不可查看'),
  })
  .describe(
    '个人信息默认脱敏；点击“显示”调用 POST /personalData/{field}/reveal 查看完整值，每次查看记入个人信息访问日志',
  )
  .meta({ id: 'RevealOffer' });
