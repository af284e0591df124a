/** The zod shapes of the exam calls: what they take (fields named in every refusal) and what they answer. */
import { z } from 'zod';
import { revealOfferSchema } from '../../services/personalDataSchemas.js';
import { examBatchEventTypes, EXAM_BATCH_STATES } from '../../../machines/examBatch.machine.js';
import { CATEGORIES } from '../business/payloads.js';
import { pageQuery } from '../../lib/reply.js';
import { day, id, idList, keyword, optionalText, text, uint32 } from '../../lib/schemas.js';
import { chinaDayStart, isCalendarDay } from '../../lib/days.js';

const CHINA_WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An instant: 'YYYY-MM-DD HH:mm[:ss]' in China time, or ISO 8601 with its zone. */
export function chinaTime(label: string) {
  const message = `${label}应为有效的日期时间，格式 YYYY-MM-DD HH:mm（北京时间）`;
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${label}不能为空` : message) })
    .max(40, message)
    .transform((s, ctx) => {
      const wall = CHINA_WALL_CLOCK.exec(s.trim());
      let at: Date | null = null;
      if (wall) {
        const [, d, h, m, sec] = wall;
        const hours = Number(h);
        const minutes = Number(m);
        const seconds = Number(sec ?? '0');
        if (isCalendarDay(d!) && hours < 24 && minutes < 60 && seconds < 60)
          at = new Date(chinaDayStart(d!).getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000);
      } else if (WITH_ZONE.test(s.trim())) {
        const parsed = new Date(s.trim());
        if (!Number.isNaN(parsed.getTime())) at = parsed;
      }
      if (!at || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 2100) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return at;
    });
}

export const category = z.enum(CATEGORIES, { error: '证书类别不正确（A、B、C1、C2、C3）' });
export const area = z.enum(['1', '2', '3'], { error: '所属区域应为 1、2 或 3' });
export const position = z.string({ error: '职务不能为空' }).regex(/^(0[1-8]|99)$/, '职务代码不正确（01–08 或 99）');
export const signupStatus = z.enum(['pending', 'accepted', 'refused', 'withdrawn', 'cancelled'], {
  error: '报名状态不正确',
});
export const batchState = z.enum(EXAM_BATCH_STATES.filter((s) => s !== 'removed') as [string, ...string[]], {
  error: '批次状态不正确',
});

/** The terms of a batch, as the editor sends them. */
export const batchFields = z.object({
  name: text(200, '批次名称', { min: 1 }),
  category,
  area,
  place: text(200, '考试地点', { min: 1 }),
  knowledgeStart: chinaTime('安全生产知识考试开始时间'),
  knowledgeEnd: chinaTime('安全生产知识考试结束时间'),
  abilityStart: chinaTime('管理能力考试开始时间'),
  abilityEnd: chinaTime('管理能力考试结束时间'),
  capacity: z.coerce
    .number({ error: '考试人数上限应为 1 到 5000 之间的整数' })
    .int('考试人数上限应为 1 到 5000 之间的整数')
    .min(1, '考试人数上限应为 1 到 5000 之间的整数')
    .max(5000, '考试人数上限应为 1 到 5000 之间的整数'),
  signupFrom: day('报名开始日期'),
  signupTo: day('报名截止日期'),
});
export type BatchFields = z.infer<typeof batchFields>;

export const batchListQuery = pageQuery.extend({
  keyword: keyword('批次编号或名称', 64),
  category: category.optional(),
  area: area.optional(),
  state: batchState.optional(),
});
export type BatchListQuery = z.infer<typeof batchListQuery>;

/** The batch events a caller sends through POST /exam/batch/event/{id} (sign-up, review, results and tickets have their own calls). */
export const batchEventBody = z.object({
  type: z.enum(['OPEN', 'CLOSE', 'REOPEN', 'CANCEL', 'HOLD', 'PUBLISH'], {
    error: '操作类型应为 OPEN、CLOSE、REOPEN、CANCEL、HOLD 或 PUBLISH',
  }),
  version: uint32('版本号'),
  comment: optionalText(500, '说明', { multiline: true, tooLong: '说明不能超过500字' }),
});

export const eventList = z
  .array(z.enum(examBatchEventTypes as [string, ...string[]]))
  .describe('调用者此刻可以对该批次进行的操作（状态机的回答）');

export const batchView = z
  .object({
    id: z.number(),
    batchNo: z.string(),
    name: z.string(),
    category: z.string(),
    categoryLabel: z.string(),
    area: z.string(),
    place: z.string(),
    knowledgeStart: z.string().describe('ISO 时间'),
    knowledgeEnd: z.string(),
    abilityStart: z.string(),
    abilityEnd: z.string(),
    examDay: z.string().describe('考试日（北京时间，安全生产知识科目的日期）'),
    capacity: z.number(),
    signupFrom: z.string(),
    signupTo: z.string(),
    state: z.string(),
    stateLabel: z.string(),
    version: z.number(),
    cancelReason: z.string().nullable(),
    pending: z.number().describe('待审核报名数'),
    accepted: z.number().describe('已通过审核的报名数'),
    withResults: z.number().describe('已录入成绩的考生数'),
    seatsLeft: z.number().describe('剩余名额（待审核与已通过的报名占用名额）'),
    resultsVisible: z.boolean().describe('已考试或成绩已发布：有成绩可看'),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    events: eventList,
    blocked: z
      .array(z.object({ event: z.enum(examBatchEventTypes as [string, ...string[]]), reason: z.string() }))
      .describe(
        '调用者有权进行、但此刻不能进行的操作及原因（如考试日期未到不能登记已考试、尚有报名未审核、成绩未全部录入不能发布、考试前不能录入成绩）',
      ),
  })
  .meta({ id: 'ExamBatch', description: '考试批次（每行带调用者此刻可进行的操作，及不能进行的原因）' });
export type BatchView = z.infer<typeof batchView>;

export const signupActions = z
  .array(z.enum(['accept', 'refuse', 'withdraw', 'print', 'enterResult']))
  .describe('调用者此刻可以对该报名进行的操作');

export const resultView = z.object({
  attended: z.string().describe('1 参加考试，0 缺考'),
  knowledgeResult: z.string().describe('安全生产知识：1 合格，0 不合格'),
  abilityResult: z.string().describe('管理能力：1 合格，0 不合格'),
  knowledgeScore: z.number().nullable(),
  abilityScore: z.number().nullable(),
  passed: z.boolean().describe('参加考试且两科均合格'),
  published: z.boolean().describe('批次已发布成绩（成绩为最终成绩）'),
});

export const signupView = z
  .object({
    id: z.number(),
    batchId: z.number(),
    batchNo: z.string(),
    batchName: z.string(),
    batchState: z.string(),
    batchStateLabel: z.string(),
    category: z.string(),
    categoryLabel: z.string(),
    personId: z.number(),
    name: z.string(),
    sex: z.string(),
    idNo: z.string().describe('证件号码（脱敏）'),
    enterpriseId: z.number(),
    enterpriseName: z.string(),
    position: z.string().nullable(),
    positionLabel: z.string().nullable(),
    status: z.string(),
    statusLabel: z.string(),
    refuseReason: z.string().nullable(),
    ticketNo: z.string().nullable(),
    seatNo: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
    result: resultView.nullable(),
    actions: signupActions,
  })
  .meta({ id: 'ExamSignup', description: '考试报名（每行带调用者此刻可进行的操作）' });
export type SignupView = z.infer<typeof signupView>;

export const signupListQuery = pageQuery.extend({
  batchId: id('考试批次').optional(),
  status: signupStatus.optional(),
  category: category.optional(),
  keyword: keyword('姓名、证件号码或准考证号', 64),
  enterpriseName: keyword('企业名称', 100),
});
export type SignupListQuery = z.infer<typeof signupListQuery>;

export const signUpBody = z.object({
  batchId: id('考试批次', { missing: '请选择考试批次', invalid: '请选择考试批次' }),
  personId: id('报名人员', { missing: '请选择报名人员', invalid: '请选择报名人员' }),
  position,
});

export const idsBody = (label: string) =>
  z.object({
    ids: z
      .array(id(label, { invalid: `请选择${label}` }), { error: `请选择${label}` })
      .min(1, `请选择${label}`)
      .max(500, `一次最多处理 500 条${label}`),
  });
export const refuseBody = idsBody('报名').extend({
  reason: text(500, '不通过原因', { min: 1, multiline: true, missing: '请填写不通过原因' }),
});

export const checkAnswer = z.object({
  code: z.number().describe('0 可以报名；其他为业务规则编号'),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  errorMsg: z.string().nullable(),
});

export const signupDetail = signupView
  .extend({
    person: z
      .object({
        id: z.number(),
        name: z.string(),
        sex: z.string(),
        idNo: z.string(),
        birthDate: z.string(),
        phone: z.string().nullable(),
        age: z.number(),
        education: z.string().nullable(),
        educationLabel: z.string().nullable(),
        title: z.string().nullable(),
        titleLabel: z.string().nullable(),
        personalData: revealOfferSchema,
      })
      .describe('考生（证件号码、出生日期、手机号码脱敏，本人为完整值；personalData 说明可点击查看的字段）'),
    batch: batchView,
    checks: z
      .object({ code: z.number(), message: z.string(), facts: z.record(z.string(), z.unknown()) })
      .describe('报名条件此刻的核查结果（与报名时相同的规则）'),
    reviewerName: z.string().nullable(),
  })
  .meta({ id: 'ExamSignupDetail', description: '报名详情' });

export const personListQuery = pageQuery.extend({
  keyword: keyword('姓名或证件号码', 64),
  category: category.optional().describe('报名过或通过的证书类别'),
});

export const examPersonRow = z
  .object({
    personId: z.number(),
    name: z.string(),
    sex: z.string(),
    idNo: z.string().describe('证件号码（脱敏）'),
    age: z.number(),
    enterpriseId: z.number().nullable(),
    enterpriseName: z.string().nullable(),
    educationLabel: z.string().nullable(),
    titleLabel: z.string().nullable(),
    signups: z.number().describe('报名次数'),
    lastSignup: z
      .object({
        id: z.number(),
        batchNo: z.string(),
        category: z.string(),
        status: z.string(),
        statusLabel: z.string(),
      })
      .nullable(),
    passedCategories: z.array(z.string()).describe('三年内两科均合格（已发布或平台前）的证书类别'),
    canSignUp: z.boolean().describe('调用者此刻可以为其报名（有开放报名的批次）'),
  })
  .meta({ id: 'ExamPerson', description: '考试人员及其考试经历' });

export const scoreRowInput = z.object({
  signupId: id('报名'),
  attended: z.enum(['1', '0'], { error: '考试情况应为 1（参加）或 0（缺考）' }),
  knowledgeResult: z.enum(['1', '0'], { error: '安全生产知识成绩应为 1（合格）或 0（不合格）' }).optional(),
  abilityResult: z.enum(['1', '0'], { error: '管理能力成绩应为 1（合格）或 0（不合格）' }).optional(),
  knowledgeScore: z
    .number({ error: '安全生产知识分数应为 0 到 100 的整数' })
    .int('安全生产知识分数应为 0 到 100 的整数')
    .min(0, '安全生产知识分数应为 0 到 100 的整数')
    .max(100, '安全生产知识分数应为 0 到 100 的整数')
    .nullish(),
  abilityScore: z
    .number({ error: '管理能力分数应为 0 到 100 的整数' })
    .int('管理能力分数应为 0 到 100 的整数')
    .min(0, '管理能力分数应为 0 到 100 的整数')
    .max(100, '管理能力分数应为 0 到 100 的整数')
    .nullish(),
});
export const scoreSaveBody = z.object({
  batchId: id('考试批次', { missing: '请选择考试批次', invalid: '请选择考试批次' }),
  rows: z.array(scoreRowInput, { error: '请填写成绩' }).min(1, '请填写成绩').max(5000, '一次最多录入 5000 条成绩'),
});
export type ScoreRowInput = z.infer<typeof scoreRowInput>;

export const scoreListQuery = pageQuery.extend({
  batchId: id('考试批次', { missing: '请选择考试批次', invalid: '请选择考试批次' }),
  keyword: keyword('姓名、证件号码或准考证号', 64),
});

export const scoreSearchQuery = pageQuery.extend({
  name: keyword('姓名', 64),
  idNo: keyword('证件号码', 32),
  batchNo: keyword('批次编号', 32),
  category: category.optional(),
  passed: z.enum(['1', '0'], { error: '是否合格应为 1 或 0' }).optional(),
});
export type ScoreSearchQuery = z.infer<typeof scoreSearchQuery>;

export const scoreSearchRow = z
  .object({
    id: z.number(),
    personId: z.number(),
    name: z.string(),
    idNo: z.string().describe('证件号码（脱敏）'),
    enterpriseName: z.string().nullable(),
    category: z.string(),
    categoryLabel: z.string(),
    batchNo: z.string(),
    batchName: z.string().nullable(),
    ticketNo: z.string().nullable(),
    examDate: z.string(),
    attended: z.string(),
    knowledgeResult: z.string(),
    abilityResult: z.string(),
    knowledgeScore: z.number().nullable(),
    abilityScore: z.number().nullable(),
    passed: z.boolean(),
    published: z.boolean().describe('平台前的成绩与已发布批次的成绩为 true'),
    source: z.enum(['platform', 'legacy']).describe('platform 本平台报名考试；legacy 平台上线前的成绩'),
  })
  .meta({ id: 'ExamScoreRecord', description: '成绩查询的一行' });

export const idsQuery = z.object({ ids: idList('ids', 500) });
