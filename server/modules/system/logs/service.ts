/** The logs' one write: unlocking an account, on sys_user and in the sign-in failure counts. */
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { clearSignInFailures } from '../../auth/login-attempts.js';
import { clearAccountLock } from './store.js';

/** 解锁账户 POST /system/logininfor/unlock/{userName} */
export async function unlockAccount(db: Db, userName: string): Promise<void> {
  if (!(await clearAccountLock(db, userName))) throw notFound(`用户「${userName}」不存在`);
  // The locks of the account from one address, too (modules/auth/login-attempts.ts).
  await clearSignInFailures(db, userName);
}
