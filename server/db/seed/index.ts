/**
 * Seed data. Reference data (dictionaries, districts, departments, roles, menus, grants, configuration) is
 * used in production too; demo data (enterprises, persons, certificates, demo accounts …) only in demos and tests.
 */
import { eq } from 'drizzle-orm';
import { sysDept, sysDictType, sysPasswordHistory, sysRole, sysUser, sysUserRole } from '../schema.js';
import type { DbOrTx } from '../client.js';
import { buildDemoData, insertDemoData, type CertificateLoader } from './demo.js';
import { seedDictionaries } from './dictionaries.js';
import { seedDistricts } from './districts.js';
import { seedMenus } from './menus.js';
import { DEPT_SYS, seedConfig, seedDepartments } from './organisation.js';
import { seedRoles } from './roles.js';
import { seedCatalog } from './catalog.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './users.js';

/** Idempotent: dictionaries, districts, departments, roles, menus, role-menu grants, sys_config. Skips when sys_dict_type already has rows. Used in production too. */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  const existing = await db.select({ id: sysDictType.dictId }).from(sysDictType).limit(1);
  if (existing.length > 0) return;
  await db.transaction(async (tx) => {
    await seedDictionaries(tx);
    await seedDistricts(tx);
    await seedDepartments(tx);
    const menuIds = await seedMenus(tx);
    await seedRoles(tx, menuIds);
    await seedConfig(tx);
    await seedCatalog(tx);
  });
}

/** Demo users, enterprises, persons, employment, registrations, certificates, education hours, messages, to-dos. passwordHash is the argon2 hash of Demo#2026, computed once by the caller. */
export async function seedDemoData(
  db: DbOrTx,
  opts: { now: Date; passwordHash: string; loadCertificates: CertificateLoader },
): Promise<{ enterprises: number; persons: number; certificates: number }> {
  await seedReferenceData(db);
  const data = buildDemoData(opts.now);
  await db.transaction((tx) => insertDemoData(tx, data, opts));
  return {
    enterprises: data.enterprises.length,
    persons: data.people.persons.length,
    certificates: data.certificates.length,
  };
}

/** Production: creates user 'admin' (type 00, duty sys, role admin) with mustChangePassword=true; caller prints the random password. */
export async function createInitialAdmin(db: DbOrTx, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'admin'));
    if (!role) throw new Error('createInitialAdmin: role admin is missing (run seedReferenceData first)');
    const [dept] = await tx.select({ deptId: sysDept.deptId }).from(sysDept).where(eq(sysDept.deptName, DEPT_SYS));
    const inserted = await tx
      .insert(sysUser)
      .values({
        userName: 'admin',
        nickName: '系统管理员',
        userType: '00',
        deptId: dept?.deptId ?? null,
        passwordHash,
        mustChangePassword: true,
        status: '1',
        checkStatus: null,
        duty: 'sys',
        remark: '初始系统管理员，首次登录须修改密码',
      })
      .onConflictDoNothing({ target: sysUser.userName })
      .returning({ userId: sysUser.userId });
    const user = inserted[0];
    if (!user) return; // already there
    await tx.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
    await tx.insert(sysPasswordHistory).values({ userId: user.userId, passwordHash });
  });
}

export { isSeeded } from './seeded.js';
