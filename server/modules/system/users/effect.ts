/**
 * What a user change does beyond its own fields (issue #47 item 1): the person the account is linked
 * to and the certificates that link shows under 我的证书, the roles the account will hold, and the
 * data area it will see. The same answer is shown before the change is submitted (preview), in the
 * four-eyes review, and checked again when the change is applied. A change that would unlink a
 * holder's account from a person with certificates carries the warning `unlinksPerson`: the
 * submitter must choose it explicitly and the reviewer must name it to approve.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { ReviewWarning } from '../../../../machines/recordReview.machine.js';
import type { ChangeEffect, ChangeWarning } from '../review/schemas.js';
import type { DbOrTx } from '../../../db/client.js';
import { certificate, enterprise, person, sysDept, sysRole } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { areaCentre } from '../../../lib/areas.js';
import { maskIdNo } from '../../../services/personalData.js';
import { translateMessage } from '../../../lib/messages.js';
import type { UserRecord } from './record.js';

export type { ChangeEffect, ChangeWarning } from '../review/schemas.js';

interface LinkedPerson {
  id: number;
  name: string;
  idNo: string;
  certificates: number;
  valid: number;
}

async function linkedPerson(db: DbOrTx, personId: number | null): Promise<LinkedPerson | null> {
  if (personId === null) return null;
  const [[row], [counts]] = await Promise.all([
    db.select({ id: person.id, name: person.name, idNo: person.idNo }).from(person).where(eq(person.id, personId)),
    db
      .select({
        certificates: sql<number>`count(*)::int`,
        valid: sql<number>`(count(*) filter (where ${certificate.status} = '01'))::int`,
      })
      .from(certificate)
      .where(eq(certificate.personId, personId)),
  ]);
  return row ? { ...row, certificates: Number(counts?.certificates ?? 0), valid: Number(counts?.valid ?? 0) } : null;
}

const personText = (p: LinkedPerson | null, personId: number | null): string => {
  if (personId === null) return '未关联';
  if (!p) return `#${personId}`;
  return `${p.name}（${maskIdNo(p.idNo)}），证书 ${p.certificates} 本（有效 ${p.valid} 本）`;
};

/** The account's person link as 我的证书 reads it: only an individual user (04) sees a person's certificates. */
const holderOf = (rec: UserRecord | null): number | null => (rec && rec.userType === '04' ? rec.personId : null);

async function roleNames(db: DbOrTx, ids: readonly number[]): Promise<{ names: string[]; keys: string[] }> {
  if (ids.length === 0) return { names: [], keys: [] };
  const rows = await db
    .select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })
    .from(sysRole)
    .where(inArray(sysRole.roleId, [...ids]));
  const byId = new Map(rows.map((r) => [r.roleId, r]));
  return { names: ids.map((id) => byId.get(id)?.roleName ?? `#${id}`), keys: rows.map((r) => r.roleKey) };
}

/** The data the account sees, as the session derives it (server/modules/auth/session.service.ts toAuthUser). */
async function areaText(db: DbOrTx, rec: UserRecord | null, roleKeys: readonly string[]): Promise<string> {
  if (!rec) return '';
  if (roleKeys.includes('adminProvince')) return '全省';
  if (rec.deptId !== null) {
    const [d] = await db
      .select({ area: sysDept.area, name: sysDept.deptName })
      .from(sysDept)
      .where(eq(sysDept.deptId, rec.deptId));
    if (d?.area) return `${areaCentre(d.area)}（区域 ${d.area}，部门 ${d.name}）`;
  }
  if (rec.enterpriseId !== null) {
    const [e] = await db
      .select({ ownership: enterprise.ownership, name: enterprise.name })
      .from(enterprise)
      .where(eq(enterprise.id, rec.enterpriseId));
    if (e) return `${e.name}（属${areaCentre(e.ownership)}）`;
  }
  if (rec.userType === '04') return '仅本人';
  return '无区域';
}

/**
 * The full effect of changing `before` into `after` (null before: a new account; null after: a
 * deletion). Lines list the person link, roles and area whether or not they change.
 */
export async function userChangeEffect(
  db: DbOrTx,
  before: UserRecord | null,
  after: UserRecord | null,
): Promise<ChangeEffect> {
  const [pBefore, pAfter] = await Promise.all([linkedPerson(db, holderOf(before)), linkedPerson(db, holderOf(after))]);
  const [rBefore, rAfter] = await Promise.all([
    roleNames(db, before?.roleIds ?? []),
    roleNames(db, after?.roleIds ?? []),
  ]);
  const [aBefore, aAfter] = await Promise.all([areaText(db, before, rBefore.keys), areaText(db, after, rAfter.keys)]);
  const side = <T>(rec: UserRecord | null, value: () => T, none: T): T => (rec ? value() : none);
  const personBefore = side(before, () => personText(pBefore, holderOf(before)), '');
  const personAfter = side(after, () => personText(pAfter, holderOf(after)), '');
  const rolesBefore = rBefore.names.join('、');
  const rolesAfter = rAfter.names.join('、');
  // In the caller's language: these texts are shown as they are (the page only lays them out).
  const tr = (text: string) => (text ? translateMessage(text) : text);
  const lines: ChangeEffect['lines'] = [
    {
      key: 'person',
      label: tr('关联人员（我的证书）'),
      before: tr(personBefore),
      after: tr(personAfter),
      changed: holderOf(before) !== holderOf(after),
    },
    {
      key: 'roles',
      label: tr('角色'),
      before: rolesBefore,
      after: rolesAfter,
      changed: [...rBefore.names].sort().join() !== [...rAfter.names].sort().join(),
    },
    {
      key: 'area',
      label: tr('数据范围'),
      before: tr(aBefore),
      after: tr(aAfter),
      changed: before !== null && after !== null && aBefore !== aAfter,
    },
  ];
  const warnings: ChangeWarning[] = [];
  if (pBefore && pBefore.certificates > 0 && holderOf(after) !== pBefore.id) {
    warnings.push({
      code: 'unlinksPerson',
      message: tr(
        `该账号关联持证人员 ${pBefore.name}（${maskIdNo(pBefore.idNo)}），其 ${pBefore.certificates} 本证书显示在“我的证书”中；此修改将解除该关联，这些证书将不再显示在该账号中`,
      ),
    });
  }
  return { lines, warnings };
}

/** Refuses a change whose warnings were not chosen explicitly (409 on field acknowledged). */
export function assertWarningsChosen(
  effect: ChangeEffect,
  chosen: readonly ReviewWarning[] | undefined,
): ReviewWarning[] {
  const missing = effect.warnings.filter((w) => !(chosen ?? []).includes(w.code));
  if (missing.length > 0) {
    throw new AppError(
      409,
      `${missing.map((w) => w.message).join('；')}。如确需如此，请勾选确认后再提交`,
      'acknowledged',
      409,
      { warnings: effect.warnings },
    );
  }
  return effect.warnings.map((w) => w.code);
}
