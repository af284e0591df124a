/**
 * Access rules (SPEC 6), ant-design-pro style: a pure function of the current user.
 * - Button permission passes when the user's button list is undefined/null (everything
 *   allowed) or contains the key.
 * - Second check: permissions, a list of {permissionId, actionList}.
 */
import type { SystemUserGetLoginUser200 } from '@/services/generated/api.schemas';

/** The session user (SPEC 3) as GET /system/user/getLoginUser answers it. */
export type LoginUser = SystemUserGetLoginUser200['data'];

export const ACTIONS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export interface Access {
  isLoggedIn: boolean;
  /** type 03 or 04 whose login name is not admin */
  isNormalUser: boolean;
  isAdminProvince: boolean;
  /** data-visualisation link: adminProvince only */
  canSeeAnalysis: boolean;
  /** operation guide: type 03 only */
  canSeeGuide: boolean;
  hasRole: (role: string) => boolean;
  hasButton: (key: string) => boolean;
  hasAction: (permissionId: string, action: string) => boolean;
}

/**
 * What the access rules read of the user. SPEC 6 lets a user without a button or permission list
 * (undefined or null) pass those checks, so both may be missing here, although the server always
 * sends them.
 */
export type AccessUser =
  | (Pick<LoginUser, 'roleIds' | 'info'> & {
      buttons?: LoginUser['buttons'] | null;
      permissions?: LoginUser['permissions'] | null;
    })
  | null
  | undefined;

/** A normal user: type 03 or 04 and login name not admin (SPEC 2, 6). */
export function isNormalUser(user: AccessUser): boolean {
  if (!user?.info) return false;
  const { userType, loginName } = user.info;
  return (userType === '03' || userType === '04') && loginName !== 'admin';
}

/** Button check alone, for callers holding a button list. */
export function checkButton(buttons: readonly string[] | null | undefined, key: string): boolean {
  if (buttons === undefined || buttons === null) return true;
  return buttons.includes(key);
}

export function access(currentUser: AccessUser): Access {
  const roles = currentUser?.roleIds ?? [];
  const hasRole = (role: string) => roles.includes(role);
  const isAdminProvince = hasRole('adminProvince');
  return {
    isLoggedIn: !!currentUser,
    isNormalUser: isNormalUser(currentUser),
    isAdminProvince,
    canSeeAnalysis: isAdminProvince,
    canSeeGuide: currentUser?.info?.userType === '03',
    hasRole,
    hasButton: (key) => (currentUser ? checkButton(currentUser.buttons, key) : false),
    hasAction: (permissionId, action) => {
      const perms = currentUser?.permissions;
      if (!currentUser) return false;
      if (perms === undefined || perms === null) return true;
      const entry = perms.find((p) => p.permissionId === permissionId);
      return !!entry && entry.actionList.includes(action);
    },
  };
}

export default access;
