/**
 * Enterprise-user self-registration: the account is created as a submission waiting for review
 * (checkStatus '0', SPEC 4) and cannot sign in until a security administrator approves it.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { enterprise, sysRole, sysTodo, sysUser, sysUserRole } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { hashPassword, passwordPolicyViolation } from '../../lib/password.js';

export interface RegisterInput {
  creditCode: string;
  enterpriseName: string;
  contactName: string;
  phone: string;
  loginName: string;
  password: string;
}

export async function registerEnterpriseUser(ctx: AppContext, input: RegisterInput): Promise<void> {
  const policy = await ctx.policy.get();
  const violation = passwordPolicyViolation(input.password, input.loginName, policy.passwordMinLength);
  if (violation) throw badRequest(violation, 'password');
  const [ent] = await ctx.db
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(and(eq(enterprise.creditCode, input.creditCode.toUpperCase()), eq(enterprise.status, '1')));
  if (!ent) throw badRequest('未找到该统一社会信用代码对应的有效企业', 'creditCode');
  if (ent.name !== input.enterpriseName.trim()) throw badRequest('企业名称与统一社会信用代码不一致', 'enterpriseName');
  const [taken] = await ctx.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, input.loginName));
  if (taken) throw conflict('该登录账号已被使用，请更换');
  const passwordHash = await hashPassword(input.password);
  const reviewers = await ctx.db
    .select({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(eq(sysRole.roleKey, 'secadmin'));
  const [enterpriseRole] = await ctx.db.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'enterprise'));
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(sysUser)
      .values({
        userName: input.loginName,
        nickName: input.contactName,
        userType: '03',
        enterpriseId: ent.id,
        phone: input.phone,
        passwordHash,
        status: '1',
        checkStatus: '0',
        remark: `企业用户注册申请：${ent.name}`,
      })
      .returning({ userId: sysUser.userId });
    if (enterpriseRole) await tx.insert(sysUserRole).values({ userId: user.userId, roleId: enterpriseRole.roleId });
    if (reviewers.length) {
      await tx.insert(sysTodo).values(reviewers.map((r) => ({
        userId: r.userId,
        mc: `待审核：企业用户注册（${ent.name}，${input.contactName}）`,
        url: '/system/user',
      })));
    }
  });
}
