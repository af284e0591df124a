/**
 * What an operation-log row (sys_oper_log) says was done. Routes declare their title and one of
 * these actions (RouteAccess.log); the log page names every action in the four languages
 * (sysAdmin `log.actions`, checked by tests/unit/oper-actions.test.ts), so none shows as a bare code.
 */
export const OPER_ACTIONS = [
  'insert', 'update', 'delete', 'submit', 'audit', 'grant', 'import', 'export', 'print', 'unlock',
  'force', 'logout', 'run', 'pause', 'resume', 'retry', 'refresh',
  /** A scheduled or manual run of a job (server/jobs/runner.ts). */
  'job',
  /** A route that declares no action of its own. */
  'other',
] as const;

export type OperAction = (typeof OPER_ACTIONS)[number];

/**
 * The actions in Chinese, for the Excel export of the log (its headers and values are Chinese); the
 * page uses the same words in zh-CN (unit test).
 */
export const OPER_ACTION_NAMES: Record<OperAction, string> = {
  insert: '新增', update: '修改', delete: '删除', submit: '提交', audit: '审核', grant: '授权', import: '导入', export: '导出',
  print: '打印', unlock: '解锁', force: '强退', logout: '退出', run: '执行', pause: '暂停', resume: '恢复', retry: '重试',
  refresh: '刷新', job: '定时任务', other: '其他',
};

/** An action as the export writes it: its Chinese name, or as stored when it is none of these (rows of an older version). */
export const operActionName = (action: string): string => OPER_ACTION_NAMES[action as OperAction] ?? action;

export interface OperLogDeclaration {
  title: string;
  action: OperAction;
}

/** A module's log declarations: one title, an action per route. */
export const logAs = (title: string) => (action: OperAction): OperLogDeclaration => ({ title, action });
