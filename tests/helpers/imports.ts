/**
 * What the import suites share: workbooks written with exceljs as a user's Excel would, the
 * multipart upload, the persons and certificates they import for, and the exam setup.
 *
 * The exam batches and sign-ups are inserted directly (examSetup): the exam API is built in
 * parallel. When it lands, examSetup is the one place to switch to POST calls.
 */
import ExcelJS from 'exceljs';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../server/db/client.js';
import {
  certificate,
  dataImport,
  educationRecord,
  enterprise,
  examBatch,
  examResult,
  examSignup,
  person,
  sysUser,
} from '../../server/db/schema.js';
import { makeIdCard } from '../../server/db/seed/idcard.js';
import { addDays, addYears, chinaDayStart } from '../../server/lib/days.js';

export type CellInput = string | number | Date | null;

/** An .xlsx with one sheet holding `rows` (the first is the header). */
export async function xlsx(rows: readonly (readonly CellInput[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart/form-data body with `file` as the field `file`. */
export function multipart(file: Buffer, filename = 'import.xlsx') {
  const boundary = '----safecertimportboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const EDUCATION_HEADER = [
  '姓名',
  '证件号码',
  '证书号',
  '专业',
  '学时',
  '开始日期',
  '结束日期',
  '培训机构',
] as const;
export const EXAM_HEADER = ['姓名', '证件号码', '准考证号', '安全生产知识', '管理能力', '考试情况'] as const;

/** How many rows each import-touched table holds (to prove a refused file wrote nothing). */
export async function importTables(db: Database['db']) {
  const n = async (table: typeof educationRecord | typeof examResult | typeof dataImport) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return { education: await n(educationRecord), exam: await n(examResult), imports: await n(dataImport) };
}

export interface Holder {
  personId: number;
  name: string;
  idNo: string;
  certificateId: number;
  certNo: string;
  enterpriseId: number;
}

/** Live certificates of an area's demo enterprises, with their holders (for education rows). */
export async function holdersInArea(db: Database['db'], area: '1' | '2' | '3', limit: number): Promise<Holder[]> {
  return db
    .select({
      personId: person.id,
      name: person.name,
      idNo: person.idNo,
      certificateId: certificate.id,
      certNo: certificate.certNo,
      enterpriseId: certificate.enterpriseId,
    })
    .from(certificate)
    .innerJoin(person, eq(person.id, certificate.personId))
    .innerJoin(enterprise, eq(enterprise.id, certificate.enterpriseId))
    .where(and(eq(enterprise.ownership, area), inArray(certificate.status, ['01'])))
    .orderBy(certificate.id)
    .limit(limit);
}

export interface ExamSetup {
  batchId: number;
  batchNo: string;
  examDay: string;
  candidates: { personId: number; name: string; idNo: string; signupId: number; ticketNo: string; status: string }[];
}

let batchSeq = 0;

/**
 * A batch of `category` in `area` whose state is `state`, with `size` new candidates employed by
 * the area's demo enterprise (the enterprise of `enterpriseUser`) and signed up; all accepted
 * (with a ticket) unless `statuses` says otherwise per candidate.
 */
export async function examSetup(
  db: Database['db'],
  opts: {
    area: '1' | '2' | '3';
    enterpriseUser: string;
    state: string;
    today: string;
    size: number;
    category?: string;
    statuses?: readonly string[];
  },
): Promise<ExamSetup> {
  batchSeq += 1;
  const category = opts.category ?? 'C3';
  const [ent] = await db
    .select({ enterpriseId: sysUser.enterpriseId, userId: sysUser.userId })
    .from(sysUser)
    .where(eq(sysUser.userName, opts.enterpriseUser));
  const examDay = addDays(opts.today, -3);
  const batchNo = `T${opts.area}${String(batchSeq).padStart(3, '0')}-${category}`;
  const at = (hours: number) => new Date(chinaDayStart(examDay).getTime() + hours * 3_600_000);
  const [batch] = await db
    .insert(examBatch)
    .values({
      batchNo,
      name: `测试批次${batchNo}`,
      category,
      area: opts.area,
      place: '测试考场',
      capacity: 100,
      knowledgeStart: at(9),
      knowledgeEnd: at(11),
      abilityStart: at(14),
      abilityEnd: at(16),
      signupFrom: addDays(examDay, -40),
      signupTo: addDays(examDay, -10),
      state: opts.state,
      snapshot: { status: 'active', value: opts.state, context: {} },
      version: 1,
      createdBy: null,
    })
    .returning({ id: examBatch.id });
  const candidates: ExamSetup['candidates'] = [];
  for (let i = 0; i < opts.size; i++) {
    const birth = addDays(addYears(opts.today, -30 - (i % 20)), -(batchSeq * 37 + i));
    const idNo = makeIdCard('440105', birth, 900 + ((batchSeq * 7 + i) % 99));
    const name = `考生${batchSeq}${String.fromCharCode(0x4e00 + i)}`;
    const [p] = await db
      .insert(person)
      .values({
        name,
        sex: '0',
        idType: '111',
        idNo,
        birthDate: birth,
        education: '04',
        title: '05',
        enterpriseId: ent!.enterpriseId,
        employStatus: '1',
      })
      .returning({ id: person.id });
    const status = opts.statuses?.[i] ?? 'accepted';
    const ticketNo = `${batchNo}-${String(i + 1).padStart(4, '0')}`;
    const [s] = await db
      .insert(examSignup)
      .values({
        batchId: batch!.id,
        personId: p!.id,
        enterpriseId: ent!.enterpriseId!,
        category,
        status,
        ticketNo,
        seatNo: String(i + 1),
        signedBy: ent!.userId,
      })
      .returning({ id: examSignup.id });
    candidates.push({ personId: p!.id, name, idNo, signupId: s!.id, ticketNo, status });
  }
  return { batchId: batch!.id, batchNo, examDay, candidates };
}
