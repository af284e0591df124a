/**
 * The person register's rules: a resident ID passes its check character and gives birth date and
 * sex, an identity document is registered once, a value sent back masked keeps the real one, and a
 * person with certificates, applications, an account or other records is not removed.
 */
import { checkIdNumber, idNumberMessage } from '../../../../machines/residentIdNumber.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import type { AuthUser } from '../../../lib/authUser.js';
import { clockNow } from '../../../lib/clock.js';
import { chinaDate } from '../../../lib/days.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import {
  maskBirthDate,
  maskIdNo,
  maskPhone,
  type PersonValues as RevealedValues,
  type Revealable,
} from '../../../services/personalData.js';
import {
  deletePersons,
  enterpriseExists,
  heldPerson,
  idDocumentTaken,
  insertPerson,
  personMaskedValues,
  personNames,
  updatePersonRow,
  type PersonValues,
} from './store.js';

/** What the person form sends. */
export interface PersonInput {
  id?: number;
  name: string;
  sex: string;
  idType: string;
  idNo: string;
  birthDate?: string;
  education?: string | null;
  title?: string | null;
  phone?: string | null;
  enterpriseId?: number | null;
  employStatus: string;
}

/** A person's data for the person administrator (reveal source 'person'): only who may correct the record sees it. */
export function personAdminData(
  user: AuthUser,
  row: { id: number; name: string; idNo: string; birthDate: string; phone: string | null },
): Revealable<RevealedValues> {
  return {
    subject: { personId: row.id, name: row.name },
    duty: user.permissions.has('system:person:edit') ? 'admin:person' : null,
    values: { idNo: row.idNo, birthDate: row.birthDate, phone: row.phone },
  };
}

/**
 * The update with each value sent back masked as the detail showed it replaced by the real one;
 * another masked value is refused.
 */
function unmasked(b: PersonInput, old: { idNo: string; birthDate: string; phone: string | null }): PersonInput {
  const keep = <T extends string | null | undefined>(
    sent: T,
    real: string | null,
    mask: (v: string) => string,
    field: string,
    label: string,
  ): T | string | null => {
    if (typeof sent !== 'string' || !sent.includes('*')) return sent;
    if (real !== null && sent === mask(real)) return real;
    throw badRequest(`${label}：请填写完整的值（脱敏值只能原样保留）`, field);
  };
  return {
    ...b,
    idNo: keep(b.idNo, old.idNo, maskIdNo, 'idNo', '证件号码') as string,
    // Left empty (a masked date is no date for a picker): a resident ID gives it, otherwise it stays.
    birthDate:
      (keep(b.birthDate, old.birthDate, maskBirthDate, 'birthDate', '出生日期') as string | undefined) ??
      (b.idType === '111' ? undefined : old.birthDate),
    phone: keep(b.phone, old.phone, maskPhone, 'phone', '手机号码'),
  };
}

/** Checks the identity number and fills the birth date it carries; answers the row to write. */
async function normalise(db: DbOrTx, b: PersonInput, exceptId?: number): Promise<PersonValues> {
  let birthDate = b.birthDate;
  if (b.idType === '111') {
    const checked = checkIdNumber(b.idNo, chinaDate(clockNow()));
    if (!checked.ok) throw badRequest(idNumberMessage('证件号码（居民身份证）', checked.fault), 'idNo');
    if (birthDate && birthDate !== checked.birthDate)
      throw badRequest(`出生日期：与身份证号码中的出生日期（${checked.birthDate}）不一致`, 'birthDate');
    birthDate = checked.birthDate;
    if (b.sex !== '2' && b.sex !== checked.sex) throw badRequest('性别：与身份证号码不一致', 'sex');
  }
  if (!birthDate) throw badRequest('出生日期不能为空', 'birthDate');
  if (await idDocumentTaken(db, b.idType, b.idNo, exceptId))
    throw new AppError(409, '证件号码已存在：该人员已登记', 'idNo');
  if (b.enterpriseId && !(await enterpriseExists(db, b.enterpriseId)))
    throw badRequest('工作单位：所选企业不存在', 'enterpriseId');
  return {
    name: b.name,
    sex: b.sex,
    idType: b.idType,
    idNo: b.idNo,
    birthDate,
    education: b.education ?? null,
    title: b.title ?? null,
    phone: b.phone || null,
    enterpriseId: b.enterpriseId ?? null,
    employStatus: b.employStatus,
  };
}

/** 新增人员 POST /system/person/save; the new id. */
export async function createPerson(db: Db, b: PersonInput): Promise<number> {
  if (b.id && b.id > 0) throw badRequest('人员编号：新增时不应带人员编号，修改请调用 /system/person/update', 'id');
  return db.transaction(async (tx) => insertPerson(tx, await normalise(tx, b)));
}

/** 修改人员 POST /system/person/update */
export async function updatePerson(db: Db, b: PersonInput & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await personMaskedValues(tx, b.id);
    if (!old) throw notFound('人员不存在');
    const values = await normalise(tx, unmasked(b, old), b.id);
    await updatePersonRow(tx, b.id, values);
  });
}

/** A foreign-key violation (another table still points at the row). */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

const HOLDER_NAMES = [
  ['certificate', '证书'],
  ['application', '业务申请'],
  ['user', '用户账号'],
] as const;

/** 删除人员 POST /system/person/remove; how many. */
export async function removePersons(db: Db, ids: readonly number[]): Promise<number> {
  return db
    .transaction(async (tx) => {
      const rows = await personNames(tx, ids);
      if (rows.length === 0) throw notFound('人员不存在');
      const found = rows.map((r) => r.id);
      for (const [holder, what] of HOLDER_NAMES) {
        const pid = await heldPerson(tx, holder, found);
        if (pid !== null) throw conflict(`人员「${rows.find((r) => r.id === pid)?.name}」已有${what}，不能删除`);
      }
      await deletePersons(tx, found);
      return rows.length;
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw conflict('所选人员已有从业、继续教育、考试或处罚等记录，不能删除');
      throw err;
    });
}
