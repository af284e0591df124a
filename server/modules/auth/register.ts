/**
 * Enterprise-user self-registration: the account is created as a submission waiting for review
 * (checkStatus '0', SPEC 4) and cannot sign in until a security administrator approves it.
 *
 * A taken login name is refused (the registrant must choose another). A phone that already has an
 * account is not said to: the answer is the same as a success, no account is made, and the phone
 * itself is told by SMS, at most once an hour (its holder is the one person entitled to know).
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { enterprise, sysRole, sysTodo, sysUser, sysUserRole } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { hashPassword, passwordPolicyViolation } from '../../lib/password.js';
import { hitBucket } from '../../services/rateBuckets.js';

export interface RegisterInput {
  creditCode: string;
  enterpriseName: string;
  contactName: string;
  phone: string;
  loginName: string;
  password: string;
}

export const NAME_TAKEN = '该登录账号已被使用，请更换';

export const PHONE_TAKEN_NOTICE =
  '【广东省安管人员考核管理平台】有人使用您的手机号码申请注册企业用户。该号码已绑定平台账号，本次申请未予受理；如为本人操作，请使用手机验证码登录原账号。如非本人操作，请忽略本短信。';

/** The unique index a failed insert broke, if that was the failure (drizzle wraps the driver's error in `cause`). */
function brokenUniqueIndex(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

const NOTICE_INTERVAL_MS = 3_600_000;

export type RegisterOutcome = 'submitted' | 'phoneTaken';

/**
 * `onNoticeError`: the notice to a taken phone is sent in the background (waiting for the gateway
 * would time the two answers apart), so its failure is reported here.
 */
export async function registerEnterpriseUser(
  ctx: AppContext,
  input: RegisterInput,
  onNoticeError: (err: unknown) => void = () => {},
): Promise<RegisterOutcome> {
  const policy = await ctx.policy.get();
  const violation = passwordPolicyViolation(input.password, input.loginName, policy.passwordMinLength);
  if (violation) throw badRequest(violation, 'password');
  const [ent] = await ctx.db
    .select({ id: enterprise.id, name: enterprise.name })
    .from(enterprise)
    .where(and(eq(enterprise.creditCode, input.creditCode), eq(enterprise.status, '1')));
  if (!ent) throw badRequest('未找到该统一社会信用代码对应的有效企业', 'creditCode');
  if (ent.name !== input.enterpriseName.trim()) throw badRequest('企业名称与统一社会信用代码不一致', 'enterpriseName');
  const [taken] = await ctx.db
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(eq(sysUser.userName, input.loginName));
  if (taken) throw conflict(NAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  const phoneTaken = async (): Promise<RegisterOutcome> => {
    // One notice an hour at most, so that registrations cannot be used to flood a phone with texts.
    const { hits } = await hitBucket(ctx.db, `register-notice:${input.phone}`, ctx.clock.now(), NOTICE_INTERVAL_MS);
    if (hits === 1) ctx.sms.send(input.phone, PHONE_TAKEN_NOTICE).catch(onNoticeError);
    return 'phoneTaken';
  };
  const [phoneOwner] = await ctx.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.phone, input.phone));
  if (phoneOwner) return phoneTaken();
  const reviewers = await ctx.db
    .select({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(eq(sysRole.roleKey, 'secadmin'));
  const [enterpriseRole] = await ctx.db
    .select({ roleId: sysRole.roleId })
    .from(sysRole)
    .where(eq(sysRole.roleKey, 'enterprise'));
  try {
    await insertSubmission(ctx, input, ent, passwordHash, reviewers, enterpriseRole?.roleId ?? null);
  } catch (err) {
    // A parallel registration took the name or the phone between the checks and the insert.
    const index = brokenUniqueIndex(err);
    if (index === 'sys_user_user_name_uq') throw conflict(NAME_TAKEN);
    if (index === 'sys_user_phone_uq') return phoneTaken();
    throw err;
  }
  return 'submitted';
}

async function insertSubmission(
  ctx: AppContext,
  input: RegisterInput,
  ent: { id: number; name: string },
  passwordHash: string,
  reviewers: { userId: number }[],
  enterpriseRoleId: number | null,
): Promise<void> {
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
    if (enterpriseRoleId !== null)
      await tx.insert(sysUserRole).values({ userId: user.userId, roleId: enterpriseRoleId });
    if (reviewers.length) {
      await tx.insert(sysTodo).values(
        reviewers.map((r) => ({
          userId: r.userId,
          mc: `待审核：企业用户注册（${ent.name}，${input.contactName}）`,
          url: '/system/user',
        })),
      );
    }
  });
}
