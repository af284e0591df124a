/** The getLoginUser answer (SPEC 3 "Session user"), built from the resolved caller. */
import type { AuthUser } from '../../context.js';

const ACTIONS = new Set(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']);
/** RuoYi spells some actions differently from the nine of SPEC 6. */
const ACTION_ALIASES: Record<string, string> = { list: 'query', remove: 'delete', update: 'edit', view: 'get' };
const WARN_BEFORE_EXPIRY_DAYS = 7;

/** roles.permissions of SPEC 6: permission strings grouped as {permissionId: 'area:entity', actionList}. */
export function groupPermissions(keys: Iterable<string>): { permissionId: string; actionList: string[] }[] {
  const groups = new Map<string, Set<string>>();
  for (const key of keys) {
    const parts = key.split(':');
    if (parts.length < 3) continue;
    const raw = parts[parts.length - 1];
    const action = ACTION_ALIASES[raw] ?? raw;
    if (!ACTIONS.has(action)) continue;
    const id = parts.slice(0, -1).join(':');
    if (!groups.has(id)) groups.set(id, new Set());
    groups.get(id)!.add(action);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([permissionId, actions]) => ({ permissionId, actionList: [...actions].sort() }));
}

export function loginUserData(
  user: AuthUser,
  extra: {
    enterpriseInfo: { enterpriseId: number; name: string; enterpriseOwnership: string } | null;
    avatar: string;
    passwordChangedAt: Date;
    now: Date;
    expireDays: number;
  },
) {
  const buttons = [...user.permissions].sort();
  const daysLeft = Math.ceil(extra.expireDays - (extra.now.getTime() - extra.passwordChangedAt.getTime()) / 86_400_000);
  let notice: string | null = null;
  if (user.mustChangePassword) notice = '首次登录，请先修改初始密码';
  else if (user.passwordExpired) notice = '您的密码已过期，请先修改密码';
  else if (daysLeft <= WARN_BEFORE_EXPIRY_DAYS) notice = `您的密码将于${daysLeft}天后过期，请及时修改`;
  return {
    code: notice ? 800 : 0,
    msg: notice ?? '操作成功',
    data: {
      userId: user.userId,
      userName: user.userName,
      name: user.nickName,
      avatar: extra.avatar,
      welcome: user.nickName,
      roleIds: user.roleKeys,
      buttons,
      permissions: groupPermissions(buttons),
      info: {
        userType: user.userType,
        loginName: user.userName,
        area: user.area,
        enterpriseInfo: extra.enterpriseInfo,
      },
      mustChangePassword: user.mustChangePassword,
      passwordExpired: user.passwordExpired,
    },
  };
}
