/** Password hashing (argon2id) and the 等保 password policy. */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (plain: string): Promise<string> => hash(plain, OPTIONS);

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** The reason a password breaks the policy, as an i18n-free Chinese sentence, or null when it passes. */
export function passwordPolicyViolation(plain: string, loginName: string, minLength = 8): string | null {
  if (plain.length < minLength) return `密码长度不能少于${minLength}位`;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(plain)).length;
  if (classes < 3) return '密码须包含大写字母、小写字母、数字和特殊字符中的至少三类';
  if (plain.toLowerCase() === loginName.toLowerCase()) return '密码不能与登录名相同';
  return null;
}
