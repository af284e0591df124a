/**
 * 等保 三员分立: the system administrator (admin), the security administrator (secadmin) and the
 * audit administrator (auditor) are three different people. No account holds two of these roles,
 * and only system-administrator accounts (type 00) hold any of them.
 */
import { badRequest } from '../../../lib/errors.js';

export const DUTY_ROLES = { admin: 'sys', secadmin: 'sec', auditor: 'audit' } as const;
export type DutyRoleKey = keyof typeof DUTY_ROLES;
export const DUTY_ROLE_NAMES: Record<DutyRoleKey, string> = {
  admin: '系统管理员',
  secadmin: '安全管理员',
  auditor: '审计管理员',
};

export const isDutyRole = (roleKey: string): roleKey is DutyRoleKey => Object.hasOwn(DUTY_ROLES, roleKey);

/** The duty column of sys_user for a set of role keys (null when none of the three). */
export function dutyOf(roleKeys: readonly string[]): 'sys' | 'sec' | 'audit' | null {
  const key = roleKeys.find(isDutyRole);
  return key ? DUTY_ROLES[key] : null;
}

/** Refuses a role set that breaks the separation of duties (400 on field roleIds). */
export function assertSeparationOfDuties(roleKeys: readonly string[], userType: string): void {
  const duties = [...new Set(roleKeys.filter(isDutyRole))];
  if (duties.length > 1) {
    throw badRequest(
      `三员分立：同一账号不能同时拥有${duties.map((k) => DUTY_ROLE_NAMES[k]).join('、')}角色`,
      'roleIds',
    );
  }
  if (duties.length === 1 && userType !== '00') {
    throw badRequest(`${DUTY_ROLE_NAMES[duties[0]]}角色只能分配给系统管理员类型（00）的用户`, 'roleIds');
  }
}
