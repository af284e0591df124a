/**
 * EducationImport: continuing-education hours from Excel. Each row names the person (姓名 and
 * 证件号码 must match the register), the certificate the hours count toward (it must be that
 * person's, of an enterprise in the caller's area), the course, hours and dates. The hours then
 * count for delay rule 2 through education_record, the rows it reads (business/facts.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { certificate, educationRecord, enterprise } from '../../db/schema.js';
import { headersOf, readAmount, readDay, readIdNo, readText, readCode, rowReader } from '../../lib/import/cells.js';
import type { ImportColumn } from '../../lib/import/sheet.js';
import type { ChunkCheck, ImportKind, ParsedRow, RowParse } from '../../lib/import/run.js';
import { educationRowKey } from './keys.js';
import { inArea, type ImportArea } from './scope.js';
import { personFinder } from './people.js';

/** Hours of one training record: a week-long course is 40–60; more in one row is a typing error. */
export const MAX_HOURS_PER_ROW = 200;
/** Trainings before this are not continuing education for any certificate still held. */
const EARLIEST_DAY = '1990-01-01';

export const EDUCATION_COLUMNS: readonly ImportColumn[] = [
  { key: 'name', header: '姓名', required: true, hint: '与证件号码登记的姓名一致。', example: '罗美玲', width: 12 },
  {
    key: 'idNo',
    header: '证件号码',
    aliases: ['身份证号', '身份证号码'],
    required: true,
    text: true,
    hint: '居民身份证号等证件号码；请保持“文本”格式，末位 X 大写小写均可。',
    example: '440106198901011236',
    width: 22,
  },
  {
    key: 'certNo',
    header: '证书号',
    aliases: ['证书编号'],
    required: true,
    text: true,
    hint: '学时计入的安管人员证书编号，须为该人员的证书。',
    example: '粤建安C3（2024）0001234',
    width: 26,
  },
  {
    key: 'course',
    header: '专业',
    aliases: ['培训专业', '课程'],
    required: true,
    hint: '培训专业或课程名称，最多 200 字。',
    example: '建设工程安全生产法律法规',
    width: 30,
  },
  {
    key: 'hours',
    header: '学时',
    required: true,
    hint: `本次培训的学时（1 学时 = 45 分钟），大于 0、不超过 ${MAX_HOURS_PER_ROW}，最多一位小数。`,
    example: '8',
    width: 8,
  },
  {
    key: 'startedOn',
    header: '开始日期',
    required: true,
    hint: '培训开始日期，YYYY-MM-DD（也可为 Excel 日期），不能晚于今天。',
    example: '2025-03-01',
    width: 14,
  },
  {
    key: 'finishedOn',
    header: '结束日期',
    required: true,
    hint: '培训结束日期，不早于开始日期，不能晚于今天；学时按结束日期计入证书有效期。',
    example: '2025-03-02',
    width: 14,
  },
  {
    key: 'provider',
    header: '培训机构',
    required: true,
    hint: '组织培训的机构名称，最多 200 字。',
    example: '广东省建筑安全协会',
    width: 26,
  },
];

export const EDUCATION_NOTES = [
  '说明：第1行为列名，从第2行起每行一条培训记录；带 * 的列必填。',
  '任一行有错误时整个文件都不导入，并给出每一行的错误报告（可下载）；改正后重新导入整个文件即可。',
  '同一人员、证书、专业、培训机构和起止日期的记录只计一次：重复导入同一文件不会重复计入学时。',
  '学时计入所填证书当前有效期内（按结束日期）的继续教育学时，用于证书延期的学时核验。',
];

interface EducationRow {
  name: string;
  idNo: string;
  certNo: string;
  course: string;
  hours: number;
  startedOn: string;
  finishedOn: string;
  provider: string;
  rowKey: string;
}

type EducationWrite = typeof educationRecord.$inferInsert;

const F = headersOf(EDUCATION_COLUMNS);

export function educationImport(area: ImportArea, today: string): ImportKind<EducationRow, EducationWrite> {
  return {
    kind: 'education',
    columns: EDUCATION_COLUMNS,
    keyField: F.idNo!,
    parse(row): RowParse<EducationRow> {
      const c = row.cells;
      const { issues, take } = rowReader();
      const name = take(F.name!, readText(c.name!, '姓名', 64));
      const idNo = take(F.idNo!, readIdNo(c.idNo!));
      const certNo = take(F.certNo!, readCode(c.certNo!, '证书号', 40));
      const course = take(F.course!, readText(c.course!, '专业', 200));
      const hours = take(F.hours!, readAmount(c.hours!, '学时', MAX_HOURS_PER_ROW, 1));
      const startedOn = take(F.startedOn!, readDay(c.startedOn!, '开始日期'));
      const finishedOn = take(F.finishedOn!, readDay(c.finishedOn!, '结束日期'));
      const provider = take(F.provider!, readText(c.provider!, '培训机构', 200));
      if (startedOn && startedOn > today)
        issues.push({ field: F.startedOn!, msg: `开始日期 ${startedOn} 晚于今天（${today}）` });
      if (startedOn && startedOn < EARLIEST_DAY)
        issues.push({ field: F.startedOn!, msg: `开始日期 ${startedOn} 早于 ${EARLIEST_DAY}` });
      if (finishedOn && finishedOn > today)
        issues.push({
          field: F.finishedOn!,
          msg: `结束日期 ${finishedOn} 晚于今天（${today}），培训结束后才能导入学时`,
        });
      if (startedOn && finishedOn && startedOn > finishedOn)
        issues.push({ field: F.finishedOn!, msg: `结束日期 ${finishedOn} 早于开始日期 ${startedOn}` });
      if (issues.length || !name || !idNo || !certNo || !course || !hours || !startedOn || !finishedOn || !provider) {
        return { ok: false, issues };
      }
      const rowKey = educationRowKey({ idNo, certNo, course, provider, startedOn, finishedOn });
      return {
        ok: true,
        key: rowKey,
        value: { name, idNo, certNo, course, hours, startedOn, finishedOn, provider, rowKey },
      };
    },

    async check(tx: Tx, rows: readonly ParsedRow<EducationRow>[]): Promise<ChunkCheck<EducationWrite>> {
      const idNos = [...new Set(rows.map((r) => r.value.idNo))];
      const certNos = [...new Set(rows.map((r) => r.value.certNo))];
      const findPerson = await personFinder(tx, idNos);
      const certs = await tx
        .select({ certNo: certificate.certNo, personId: certificate.personId, ownership: enterprise.ownership })
        .from(certificate)
        .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
        .where(inArray(certificate.certNo, certNos));
      const existing = await tx
        .select({ rowKey: educationRecord.rowKey, hours: educationRecord.hours })
        .from(educationRecord)
        .where(
          inArray(
            educationRecord.rowKey,
            rows.map((r) => r.value.rowKey),
          ),
        );
      const certByNo = new Map(certs.map((c) => [c.certNo, c]));
      const hoursByKey = new Map(existing.map((e) => [e.rowKey, Number(e.hours)]));

      const out: ChunkCheck<EducationWrite> = { issues: [], outOfScope: [], writes: [] };
      for (const { rowNumber, value: v } of rows) {
        const issue = (field: string, msg: string) => out.issues.push({ rowNumber, field, msg });
        const found = findPerson(v.idNo, v.name);
        if ('msg' in found) {
          issue(F[found.column]!, found.msg);
          continue;
        }
        const holder = found.person;
        const cert = certByNo.get(v.certNo);
        if (!cert) {
          issue(F.certNo!, `证书号“${v.certNo}”不存在`);
          continue;
        }
        if (cert.personId !== holder.id) {
          issue(F.certNo!, '该证书不属于此人员');
          continue;
        }
        if (!inArea(area, cert.ownership)) {
          out.outOfScope.push({ rowNumber, field: F.certNo!, msg: '该证书所属企业不在您所在区域，无权导入' });
          continue;
        }
        const before = hoursByKey.get(v.rowKey);
        if (before !== undefined && before !== v.hours) {
          issue(
            F.hours!,
            `该培训记录已导入（学时 ${before}），与本行的 ${v.hours} 不同；如需更正，请先在继续教育记录中删除原记录`,
          );
          continue;
        }
        out.writes.push({
          personId: holder.id,
          certNo: v.certNo,
          course: v.course,
          provider: v.provider,
          hours: v.hours.toFixed(1),
          startedOn: v.startedOn,
          finishedOn: v.finishedOn,
          rowKey: v.rowKey,
        });
      }
      return out;
    },

    async write(tx, writes, importId) {
      const inserted = await tx
        .insert(educationRecord)
        .values(writes.map((w) => ({ ...w, importId })))
        .onConflictDoNothing({ target: educationRecord.rowKey })
        .returning({ id: educationRecord.id });
      return inserted.length;
    },
  };
}
