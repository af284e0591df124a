/**
 * ExamImport: scores from Excel. Each row names the person (姓名 and 证件号码 must match the
 * register) and an accepted sign-up by its 准考证号; the batch must be in the caller's area and in
 * state 'held' (taken, results not yet published). A row writes the sign-up's one exam_result
 * (unique signup_id): attendance 1/0 and each part's result 1/0, absent ⇒ both 0; category, batch
 * number and exam day come from the batch. A row equal to what is stored changes nothing; a
 * corrected row replaces the stored result while the batch is still 'held'.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { examBatch, examResult, examSignup } from '../../db/schema.js';
import { chinaDate } from '../../lib/days.js';
import { headersOf, readChoice, readCode, readIdNo, readText, rowReader } from '../../lib/import/cells.js';
import type { ImportColumn } from '../../lib/import/sheet.js';
import type { ChunkCheck, ImportKind, ParsedRow, RowParse } from '../../lib/import/run.js';
import { inArea, type ImportArea } from './scope.js';
import { personFinder } from './people.js';

const ATTENDANCE = new Map<string, '1' | '0'>([
  ['参考', '1'],
  ['缺考', '0'],
  ['1', '1'],
  ['0', '0'],
]);
const RESULT = new Map<string, '1' | '0'>([
  ['合格', '1'],
  ['不合格', '0'],
  ['1', '1'],
  ['0', '0'],
]);

export const EXAM_COLUMNS: readonly ImportColumn[] = [
  { key: 'name', header: '姓名', required: true, hint: '与证件号码登记的姓名一致。', example: '陈嘉豪', width: 12 },
  {
    key: 'idNo',
    header: '证件号码',
    aliases: ['身份证号', '身份证号码'],
    required: true,
    text: true,
    hint: '报名时的证件号码；请保持“文本”格式。',
    example: '440106199501011231',
    width: 22,
  },
  {
    key: 'ticketNo',
    header: '准考证号',
    required: true,
    text: true,
    hint: '已通过审核的报名的准考证号。',
    example: 'GZ2026C30001',
    width: 18,
  },
  {
    key: 'knowledge',
    header: '安全生产知识',
    aliases: ['安全生产知识成绩', '安全生产知识考试结果'],
    required: true,
    hint: '合格 / 不合格（或 1 / 0）；缺考时可留空。',
    example: '合格',
    width: 14,
    choices: ['合格', '不合格', '1', '0'],
  },
  {
    key: 'ability',
    header: '管理能力',
    aliases: ['管理能力成绩', '管理能力考核结果'],
    required: true,
    hint: '合格 / 不合格（或 1 / 0）；缺考时可留空。',
    example: '合格',
    width: 14,
    choices: ['合格', '不合格', '1', '0'],
  },
  {
    key: 'attended',
    header: '考试情况',
    aliases: ['是否参考', '参考情况', '出勤'],
    required: true,
    hint: '参考 / 缺考（或 1 参考 / 0 缺考）。',
    example: '参考',
    width: 12,
    choices: ['参考', '缺考', '1', '0'],
  },
];

export const EXAM_NOTES = [
  '说明：第1行为列名，从第2行起每行一名考生；带 * 的列必填。',
  '只能导入本区域、状态为“已考试”（成绩尚未发布）的考试批次的成绩；准考证号须为已通过审核的报名。',
  '任一行有错误时整个文件都不导入，并给出每一行的错误报告（可下载）；改正后重新导入整个文件即可。',
  '每个报名只保存一条成绩：重复导入同一文件不会改变任何数据；成绩发布前再次导入不同的结果会更正原成绩。',
];

const STATE_LABELS: Record<string, string> = {
  draft: '草稿',
  open: '报名中',
  closed: '报名已截止',
  held: '已考试',
  published: '成绩已发布',
};
const SIGNUP_LABELS: Record<string, string> = {
  pending: '待审核',
  accepted: '已通过',
  refused: '未通过',
  withdrawn: '已撤回',
};

interface ExamRow {
  name: string;
  idNo: string;
  ticketNo: string;
  attended: '1' | '0';
  knowledge: '1' | '0';
  ability: '1' | '0';
}

type ExamWrite = typeof examResult.$inferInsert;

const F = headersOf(EXAM_COLUMNS);

export function examImport(area: ImportArea): ImportKind<ExamRow, ExamWrite> {
  return {
    kind: 'exam',
    columns: EXAM_COLUMNS,
    keyField: F.ticketNo!,
    parse(row): RowParse<ExamRow> {
      const c = row.cells;
      const { issues, take } = rowReader();
      const name = take(F.name!, readText(c.name!, '姓名', 64));
      const idNo = take(F.idNo!, readIdNo(c.idNo!));
      const ticketNo = take(F.ticketNo!, readCode(c.ticketNo!, '准考证号', 32));
      const attended = take(F.attended!, readChoice(c.attended!, '考试情况', ATTENDANCE));
      // An absent candidate's results may be left empty; they count as failed.
      const absent = attended === '0';
      const knowledge = take(F.knowledge!, readChoice(c.knowledge!, '安全生产知识', RESULT, !absent));
      const ability = take(F.ability!, readChoice(c.ability!, '管理能力', RESULT, !absent));
      if (absent && knowledge === '1') issues.push({ field: F.knowledge!, msg: '缺考的考生不能为“合格”' });
      if (absent && ability === '1') issues.push({ field: F.ability!, msg: '缺考的考生不能为“合格”' });
      if (issues.length || !name || !idNo || !ticketNo || !attended) return { ok: false, issues };
      return {
        ok: true,
        key: `ticket:${ticketNo}`,
        value: {
          name,
          idNo,
          ticketNo,
          attended,
          knowledge: absent ? '0' : knowledge!,
          ability: absent ? '0' : ability!,
        },
      };
    },

    async check(tx: Tx, rows: readonly ParsedRow<ExamRow>[]): Promise<ChunkCheck<ExamWrite>> {
      const findPerson = await personFinder(
        tx,
        rows.map((r) => r.value.idNo),
      );
      const signups = await tx
        .select({
          id: examSignup.id,
          ticketNo: examSignup.ticketNo,
          personId: examSignup.personId,
          status: examSignup.status,
          category: examBatch.category,
          batchNo: examBatch.batchNo,
          batchName: examBatch.name,
          area: examBatch.area,
          state: examBatch.state,
          knowledgeStart: examBatch.knowledgeStart,
        })
        .from(examSignup)
        .innerJoin(examBatch, eq(examBatch.id, examSignup.batchId))
        .where(inArray(examSignup.ticketNo, [...new Set(rows.map((r) => r.value.ticketNo))]));
      const signupByTicket = new Map(signups.map((s) => [s.ticketNo, s]));

      const out: ChunkCheck<ExamWrite> = { issues: [], outOfScope: [], writes: [] };
      for (const { rowNumber, value: v } of rows) {
        const issue = (field: string, msg: string) => out.issues.push({ rowNumber, field, msg });
        const found = findPerson(v.idNo, v.name);
        if ('msg' in found) {
          issue(F[found.column]!, found.msg);
          continue;
        }
        const holder = found.person;
        const signup = signupByTicket.get(v.ticketNo);
        if (!signup) {
          issue(F.ticketNo!, `准考证号“${v.ticketNo}”不存在`);
          continue;
        }
        if (signup.personId !== holder.id) {
          issue(F.ticketNo!, '该准考证号不是此人员的报名');
          continue;
        }
        if (!inArea(area, signup.area)) {
          out.outOfScope.push({
            rowNumber,
            field: F.ticketNo!,
            msg: `考试批次“${signup.batchName}”不属于您所在区域，无权导入`,
          });
          continue;
        }
        if (signup.status !== 'accepted') {
          issue(F.ticketNo!, `该报名${SIGNUP_LABELS[signup.status] ?? signup.status}，只有审核通过的报名可以导入成绩`);
          continue;
        }
        if (signup.state !== 'held') {
          issue(
            F.ticketNo!,
            `考试批次“${signup.batchName}”当前为“${STATE_LABELS[signup.state] ?? signup.state}”，只能在考试结束后、成绩发布前导入成绩`,
          );
          continue;
        }
        out.writes.push({
          signupId: signup.id,
          personId: holder.id,
          category: signup.category,
          batchNo: signup.batchNo,
          examDate: chinaDate(signup.knowledgeStart),
          attended: v.attended,
          knowledgeResult: v.knowledge,
          abilityResult: v.ability,
        });
      }
      return out;
    },

    async write(tx, writes, importId) {
      const changed = await tx
        .insert(examResult)
        .values(writes.map((w) => ({ ...w, importId })))
        .onConflictDoUpdate({
          target: examResult.signupId,
          set: {
            attended: sql`excluded.attended`,
            knowledgeResult: sql`excluded.knowledge_result`,
            abilityResult: sql`excluded.ability_result`,
            importId: sql`excluded.import_id`,
          },
          // The same result again is no change: the row keeps the import that wrote it.
          setWhere: sql`(${examResult.attended}, ${examResult.knowledgeResult}, ${examResult.abilityResult}) is distinct from (excluded.attended, excluded.knowledge_result, excluded.ability_result)`,
        })
        .returning({ id: examResult.id });
      return changed.length;
    },
  };
}
