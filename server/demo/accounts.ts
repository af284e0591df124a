/** Demo accounts made while the demo business is built (holders and enterprises beyond the fixed list in db/seed/users.ts). */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { sysMsgInfo, sysPasswordHistory, sysRole, sysUser, sysUserRole } from '../db/schema.js';

export interface NewDemoAccount {
  userName: string;
  userType: '03' | '04';
  nickName: string;
  enterpriseId: number | null;
  personId: number | null;
  /** sys_user_sex: '0' male, '1' female (a holder's as on their person record). */
  sex: string;
  phone?: string | null;
  roleKey: 'enterprise' | 'person';
  remark: string;
}

const WELCOME: Record<NewDemoAccount['userType'], string> = {
  '03': '您可以在“企业业务”中办理本企业人员的证书业务和企业更名。',
  '04': '您可以在“个人业务”中确认与您有关的业务，或申请注销本人证书。',
};

/** Inserts an active account (password Demo#2026, hashed by the caller) with its role and a welcome message. */
export async function addDemoAccount(
  tx: Tx,
  account: NewDemoAccount,
  passwordHash: string,
  now: Date,
): Promise<typeof sysUser.$inferSelect> {
  const [role] = await tx.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, account.roleKey));
  const [user] = await tx
    .insert(sysUser)
    .values({
      userName: account.userName,
      nickName: account.nickName,
      userType: account.userType,
      enterpriseId: account.enterpriseId,
      personId: account.personId,
      phone: account.phone ?? null,
      sex: account.sex,
      passwordHash,
      passwordChangedAt: now,
      mustChangePassword: false,
      status: '1',
      remark: account.remark,
    })
    .returning();
  if (role) await tx.insert(sysUserRole).values({ userId: user!.userId, roleId: role.roleId });
  await tx.insert(sysPasswordHistory).values({ userId: user!.userId, passwordHash, createdAt: now });
  await tx.insert(sysMsgInfo).values({
    msgType: 'systemType',
    bt: '欢迎使用广东省建设工程安全生产管理人员考核管理平台',
    nr: WELCOME[account.userType],
    userId: user!.userId,
    ckzt: '0',
    senderName: '系统',
    createdAt: now,
  });
  return user!;
}
