/** The department tree (sys_dept) of the provincial service centre and the system configuration (sys_config). */
import { sysConfig, sysDept } from '../schema.js';
import type { DbOrTx } from '../client.js';
import { insertAll } from './util.js';
import { AREA_CENTRES } from '../../lib/areas.js';

export const ROOT_DEPT = '广东省建筑安全生产管理服务中心';
export const DEPT_GZ = AREA_CENTRES['1']!;
export const DEPT_SZ = AREA_CENTRES['2']!;
export const DEPT_PROV = AREA_CENTRES['3']!;
export const DEPT_SYS = '系统管理部';

export const DEPARTMENTS: ReadonlyArray<{
  deptName: string;
  area: '1' | '2' | '3' | null;
  leader: string;
  phone: string;
}> = [
  { deptName: DEPT_GZ, area: '1', leader: '陈志强', phone: '020-83300001' },
  { deptName: DEPT_SZ, area: '2', leader: '林晓东', phone: '0755-82100002' },
  { deptName: DEPT_PROV, area: '3', leader: '黄振华', phone: '020-83300003' },
  { deptName: DEPT_SYS, area: null, leader: '周建国', phone: '020-83300009' },
];

/** Inserts the root and its four departments; answers deptName → deptId. */
export async function seedDepartments(db: DbOrTx): Promise<Map<string, number>> {
  const [root] = await db
    .insert(sysDept)
    .values({
      parentId: 0,
      ancestors: '0',
      deptName: ROOT_DEPT,
      area: null,
      orderNum: 0,
      leader: '李卫东',
      phone: '020-83300000',
      status: '1',
    })
    .returning({ deptId: sysDept.deptId });
  const children = await db
    .insert(sysDept)
    .values(
      DEPARTMENTS.map((d, i) => ({
        parentId: root!.deptId,
        ancestors: `0,${root!.deptId}`,
        deptName: d.deptName,
        area: d.area,
        orderNum: i + 1,
        leader: d.leader,
        phone: d.phone,
        status: '1',
      })),
    )
    .returning({ deptId: sysDept.deptId, deptName: sysDept.deptName });
  return new Map([[ROOT_DEPT, root!.deptId], ...children.map((c) => [c.deptName, c.deptId] as const)]);
}

/** Built-in configuration (configType 'Y'): the policy numbers of DOMAIN.md and the 等保 session rules. */
export const SYS_CONFIG: ReadonlyArray<{ configKey: string; configValue: string; configName: string; remark: string }> =
  [
    {
      configKey: 'sys.session.absoluteMs',
      configValue: '43200000',
      configName: '会话最长有效期（毫秒）',
      remark: '登录令牌最长有效 12 小时',
    },
    {
      configKey: 'sys.session.idleMs',
      configValue: '1800000',
      configName: '会话空闲超时（毫秒）',
      remark: '30 分钟无操作自动登出',
    },
    {
      configKey: 'sys.login.maxFailures',
      configValue: '5',
      configName: '登录失败锁定次数',
      remark: '同一账号从同一地址连续失败达到该次数后，锁定该账号在该地址的登录',
    },
    { configKey: 'sys.login.lockMinutes', configValue: '10', configName: '账户锁定时长（分钟）', remark: '' },
    {
      configKey: 'sys.login.captchaAfter',
      configValue: '3',
      configName: '启用验证码的失败次数',
      remark: '失败达到该次数后登录须输入图形验证码',
    },
    {
      configKey: 'sys.login.accountLockAfter',
      configValue: '20',
      configName: '账号锁定次数（所有地址）',
      remark: '同一账号从所有地址累计失败达到该次数后锁定账户',
    },
    {
      configKey: 'sys.login.addressCaptchaAfter',
      configValue: '20',
      configName: '同一地址启用验证码的失败次数',
      remark: '同一地址15分钟内（任何账号）失败达到该次数后，该地址的登录须输入图形验证码；成功的登录不计数',
    },
    { configKey: 'sys.password.minLength', configValue: '8', configName: '密码最小长度', remark: '' },
    {
      configKey: 'sys.password.expireDays',
      configValue: '90',
      configName: '密码有效期（天）',
      remark: '到期后登录须修改密码',
    },
    {
      configKey: 'sys.password.historyCount',
      configValue: '5',
      configName: '密码历史记录数',
      remark: '新密码不得与最近若干次密码相同',
    },
    { configKey: 'sys.sms.codeTtlSeconds', configValue: '300', configName: '短信验证码有效期（秒）', remark: '' },
    {
      configKey: 'biz.delay.windowDays',
      configValue: '90',
      configName: '延期申请窗口（天）',
      remark: '证书到期前该天数内可申请延期',
    },
    {
      configKey: 'biz.delay.hoursPerYear',
      configValue: '24',
      configName: '继续教育学时（每证书年）',
      remark: '1 学时 = 45 分钟',
    },
    { configKey: 'biz.age.max.C', configValue: '60', configName: 'C类证书年龄上限', remark: '超过上限只能注销' },
    { configKey: 'biz.age.max.B', configValue: '65', configName: 'B类证书年龄上限', remark: '超过上限只能注销' },
    {
      configKey: 'biz.review.deadlineWorkingDays',
      configValue: '20',
      configName: '审批法定时限（工作日）',
      remark: '受理之日起计算',
    },
    {
      configKey: 'sys.upload.maxSizeMb',
      configValue: '10',
      configName: '上传文件大小上限（MB）',
      remark: '申请材料等上传文件（PDF/JPG/PNG）',
    },
    { configKey: 'biz.modify.deadlineWorkingDays', configValue: '5', configName: '变更办理时限（工作日）', remark: '' },
    {
      configKey: 'sys.log.retentionDays',
      configValue: '180',
      configName: '审计日志保留天数',
      remark: '操作日志、登录日志至少保留 180 天（等保），更早的按下一项归档或删除',
    },
    {
      configKey: 'sys.log.expiredAction',
      configValue: 'archive',
      configName: '过期日志处理方式',
      remark: 'archive：归档为 DATA_DIR/archive 下的压缩文件后删除；delete：直接删除',
    },
  ];

export async function seedConfig(db: DbOrTx): Promise<void> {
  await insertAll(
    db,
    sysConfig,
    SYS_CONFIG.map((c) => ({ ...c, remark: c.remark || null, configType: 'Y' })),
  );
}
