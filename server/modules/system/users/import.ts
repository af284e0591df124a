/**
 * Users from Excel: every row becomes a new-user submission ('0') for the security administrator
 * to review. All rows are checked first; when any row is bad nothing is written and each bad row
 * is reported (row number, field, reason).
 */
import { inArray } from 'drizzle-orm';
import { checkCreditCode, creditCodeMessage } from '../../../../machines/creditCode.js';
import type { AppContext } from '../../../context.js';
import type { DbOrTx } from '../../../db/client.js';
import { enterprise, sysDept, sysRole } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { ImportColumn, ImportRowError, ParsedRow } from '../../../lib/excel.js';
import { hashPassword, passwordPolicyViolation } from '../../../lib/password.js';
import { submitReview } from '../review/review.service.js';
import { randomPassword } from './initial-password.js';
import { checkUserRecord, normalise, userFields, USER_TYPES, type UserRecord } from './record.js';

export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: '登录名', key: 'userName', required: true, example: 'zhangsan' },
  { header: '用户名称', key: 'nickName', required: true, example: '张三' },
  { header: '用户类型', key: 'userType', required: true, example: '02 行政单位用户' },
  { header: '部门', key: 'dept', example: '广州区域中心' },
  { header: '企业统一社会信用代码', key: 'creditCode', example: '' },
  { header: '手机号码', key: 'phone', example: '13800000000' },
  { header: '邮箱', key: 'email', example: 'zhangsan@example.cn' },
  { header: '性别', key: 'sex', example: '男' },
  { header: '角色', key: 'roles', required: true, example: 'step_sl' },
  { header: '初始密码', key: 'password', example: '' },
  { header: '备注', key: 'remark', example: '' },
];

const HEADER_OF: Record<string, string> = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, c.header]));
const FIELD_HEADER: Record<string, string> = {
  userName: '登录名',
  nickName: '用户名称',
  userType: '用户类型',
  deptId: '部门',
  enterpriseId: '企业统一社会信用代码',
  phone: '手机号码',
  email: '邮箱',
  sex: '性别',
  roleIds: '角色',
  remark: '备注',
  password: '初始密码',
};
const SEX_WORDS: Record<string, string> = { 男: '0', 女: '1', 未知: '2', '0': '0', '1': '1', '2': '2' };

/** '02', '2', '02 行政单位用户' or '行政单位用户' → '02'. */
function userTypeOf(text: string): string {
  const code = text.match(/^\d{1,2}/)?.[0];
  if (code) return code.padStart(2, '0');
  return Object.entries(USER_TYPES).find(([, label]) => label === text.trim())?.[0] ?? text;
}

interface Lookups {
  depts: Map<string, number[]>;
  roles: Map<string, number>;
  enterprises: Map<string, number>;
}

async function lookups(db: DbOrTx, rows: ParsedRow[]): Promise<Lookups> {
  const deptRows = await db.select({ id: sysDept.deptId, name: sysDept.deptName }).from(sysDept);
  const depts = new Map<string, number[]>();
  for (const d of deptRows) depts.set(d.name, [...(depts.get(d.name) ?? []), d.id]);
  const roleRows = await db.select({ id: sysRole.roleId, key: sysRole.roleKey, name: sysRole.roleName }).from(sysRole);
  const roles = new Map<string, number>();
  for (const r of roleRows) {
    roles.set(r.key, r.id);
    roles.set(r.name, r.id);
  }
  const codes = [
    ...new Set(rows.map((r) => r.values.creditCode?.trim().toUpperCase()).filter((c): c is string => !!c)),
  ];
  const ents = codes.length
    ? await db
        .select({ id: enterprise.id, code: enterprise.creditCode })
        .from(enterprise)
        .where(inArray(enterprise.creditCode, codes))
    : [];
  return { depts, roles, enterprises: new Map(ents.map((e) => [e.code, e.id])) };
}

export interface ImportPlan {
  records: { rec: UserRecord; password: string | null }[];
  errors: ImportRowError[];
}

/** Checks every row; nothing is written here. */
export async function planImport(db: DbOrTx, rows: ParsedRow[], passwordMinLength: number): Promise<ImportPlan> {
  const look = await lookups(db, rows);
  const errors: ImportRowError[] = [];
  const records: ImportPlan['records'] = [];
  const seenNames = new Map<string, number>();
  const seenPhones = new Map<string, number>();
  for (const { rowNumber, values: v } of rows) {
    const rowErrors: ImportRowError[] = [];
    const bad = (field: string, msg: string) =>
      rowErrors.push({ rowNumber, field: FIELD_HEADER[field] ?? HEADER_OF[field] ?? field, msg });
    let deptId: number | null = null;
    if (v.dept) {
      const ids = look.depts.get(v.dept) ?? [];
      if (ids.length === 0) bad('deptId', `部门“${v.dept}”不存在`);
      else if (ids.length > 1) bad('deptId', `部门名称“${v.dept}”不唯一`);
      else deptId = ids[0]!;
    }
    let enterpriseId: number | null = null;
    if (v.creditCode) {
      // A mistyped code is named as such, not as an enterprise that does not exist.
      const code = checkCreditCode(v.creditCode);
      if (!code.ok) bad('enterpriseId', creditCodeMessage(`统一社会信用代码“${v.creditCode}”`, code.fault));
      else {
        enterpriseId = look.enterprises.get(code.value) ?? null;
        if (enterpriseId === null) bad('enterpriseId', `统一社会信用代码“${v.creditCode}”对应的企业不存在`);
      }
    }
    const roleIds: number[] = [];
    for (const word of (v.roles ?? '').split(/[,，、;；\s]+/).filter(Boolean)) {
      const id = look.roles.get(word);
      if (id === undefined) bad('roleIds', `角色“${word}”不存在`);
      else roleIds.push(id);
    }
    const sex = v.sex ? SEX_WORDS[v.sex] : '0';
    if (sex === undefined) bad('sex', '性别须为 男、女 或 未知');
    const parsed = userFields.safeParse({
      userName: v.userName,
      nickName: v.nickName,
      userType: userTypeOf(v.userType ?? ''),
      deptId,
      enterpriseId,
      personId: null,
      phone: v.phone || null,
      email: v.email || null,
      sex: sex ?? '0',
      remark: v.remark || null,
      roleIds,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field === 'roleIds' && roleIds.length === 0 && rowErrors.some((e) => e.field === '角色')) continue;
        bad(field, issue.message);
      }
    }
    const password = v.password || null;
    if (password) {
      const violation = passwordPolicyViolation(password, v.userName ?? '', passwordMinLength);
      if (violation) bad('password', violation);
    }
    if (rowErrors.length === 0 && parsed.success) {
      const rec = normalise(parsed.data, '1');
      const key = rec.userName.toLowerCase();
      if (seenNames.has(key)) bad('userName', `登录名与第${seenNames.get(key)}行重复`);
      if (rec.phone && seenPhones.has(rec.phone)) bad('phone', `手机号码与第${seenPhones.get(rec.phone)}行重复`);
      seenNames.set(key, rowNumber);
      if (rec.phone) seenPhones.set(rec.phone, rowNumber);
      if (rowErrors.length === 0) {
        try {
          await checkUserRecord(db, rec, null);
          records.push({ rec, password });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          bad(err.field ?? 'userName', err.message);
        }
      }
    }
    errors.push(...rowErrors);
  }
  return { records, errors };
}

/** Writes the planned rows as new-user submissions (one transaction, called only when no row is bad). */
export async function submitImport(ctx: AppContext, plan: ImportPlan, submitterId: number): Promise<number> {
  // Hashing is slow: do it before the transaction holds its locks.
  const hashes: string[] = [];
  for (const r of plan.records) hashes.push(await hashPassword(r.password ?? randomPassword()));
  await ctx.db.transaction(async (tx) => {
    for (const [i, r] of plan.records.entries()) {
      await checkUserRecord(tx, r.rec, null);
      await submitReview(ctx, tx, {
        entity: 'user',
        recordId: null,
        change: 'create',
        proposed: { ...r.rec, passwordHash: hashes[i] },
        current: null,
        submitterId,
      });
    }
  });
  return plan.records.length;
}
