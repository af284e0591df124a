/**
 * Configuration parameters' decisions: built-in rows keep their key and stay, security-policy keys
 * change only by the security administrator (rules.ts) and drop the policy cache of this process.
 */
import type { AppContext, AuthUser } from '../../../context.js';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { checkPolicyValue, isSecurityKey, SECURITY_DUTY } from './rules.js';
import {
  configById,
  configKeyTaken,
  configsByIds,
  deleteConfigs,
  insertConfig,
  updateConfigRow,
  type ConfigRecord,
} from './store.js';

/** What the parameter form sends. */
export interface ConfigForm {
  configId?: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  remark?: string | null;
}

const valuesOf = (b: ConfigForm) => ({
  configName: b.configName,
  configKey: b.configKey,
  configValue: b.configValue,
  configType: b.configType,
  remark: b.remark ?? null,
});

/** 等保 三员分立: the security policy is the security administrator's, not the system administrator's. */
function guardSecurity(user: AuthUser, ...keys: string[]): void {
  if (keys.some(isSecurityKey) && user.duty !== SECURITY_DUTY) {
    throw forbidden(
      '安全策略参数（sys.password.*、sys.login.*、sys.session.*、sys.sms.*、sys.log.*）只能由安全管理员修改',
    );
  }
}

/** 新增参数 POST /system/config/save */
export async function createConfig(ctx: AppContext, user: AuthUser, b: ConfigForm): Promise<ConfigRecord> {
  if (b.configId && b.configId > 0)
    throw badRequest('参数编号：新增参数时不应带参数编号，修改请调用 /system/config/update', 'configId');
  guardSecurity(user, b.configKey);
  checkPolicyValue(b.configKey, b.configValue);
  const row = await ctx.db.transaction(async (tx) => {
    if (await configKeyTaken(tx, b.configKey)) throw new AppError(409, `参数键名「${b.configKey}」已存在`, 'configKey');
    return insertConfig(tx, valuesOf(b));
  });
  if (isSecurityKey(row.configKey)) ctx.policy.invalidate();
  return row;
}

/** 修改参数 POST /system/config/update */
export async function updateConfig(
  ctx: AppContext,
  user: AuthUser,
  b: ConfigForm & { configId: number },
): Promise<ConfigRecord> {
  const row = await ctx.db.transaction(async (tx) => {
    const old = await configById(tx, b.configId);
    if (!old) throw notFound('参数不存在');
    guardSecurity(user, old.configKey, b.configKey);
    if (old.configType === 'Y' && b.configKey !== old.configKey)
      throw badRequest('参数键名：系统内置参数的键名不能修改', 'configKey');
    if (old.configType === 'Y' && b.configType !== 'Y')
      throw badRequest('系统内置：系统内置参数不能改为自定义参数', 'configType');
    checkPolicyValue(b.configKey, b.configValue);
    if (await configKeyTaken(tx, b.configKey, b.configId))
      throw new AppError(409, `参数键名「${b.configKey}」已存在`, 'configKey');
    return { old, updated: await updateConfigRow(tx, b.configId, valuesOf(b)) };
  });
  if (isSecurityKey(row.old.configKey) || isSecurityKey(row.updated.configKey)) ctx.policy.invalidate();
  return row.updated;
}

/** 删除参数 POST /system/config/remove; how many. */
export async function removeConfigs(ctx: AppContext, user: AuthUser, ids: readonly number[]): Promise<number> {
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await configsByIds(tx, ids);
    if (rows.length === 0) throw notFound('参数不存在');
    const builtIn = rows.find((r) => r.configType === 'Y');
    if (builtIn) throw badRequest(`内置参数「${builtIn.configName}」（${builtIn.configKey}）不能删除`, 'ids');
    guardSecurity(user, ...rows.map((r) => r.configKey));
    await deleteConfigs(
      tx,
      rows.map((r) => r.configId),
    );
    return rows;
  });
  if (removed.some((r) => isSecurityKey(r.configKey))) ctx.policy.invalidate();
  return removed.length;
}
