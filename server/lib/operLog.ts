/**
 * What an operation-log row (sys_oper_log) says was done. Routes declare their title and one of
 * these actions (RouteAccess.log); the log page names every action in the four languages
 * (sysAdmin `log.actions`, checked by tests/unit/oper-actions.test.ts), so none shows as a bare code.
 */

/** The actions with their Chinese names: the Excel export's words, the page's in zh-CN (unit test). */
export const OPER_ACTION_NAMES = {
  insert: '新增',
  update: '修改',
  delete: '删除',
  submit: '提交',
  audit: '审核',
  grant: '授权',
  import: '导入',
  export: '导出',
  print: '打印',
  unlock: '解锁',
  force: '强退',
  logout: '退出',
  run: '执行',
  pause: '暂停',
  resume: '恢复',
  retry: '重试',
  refresh: '刷新',
  /** A scheduled or manual run of a job (server/jobs/runner.ts). */
  job: '定时任务',
  /** A route that declares no action of its own. */
  other: '其他',
} as const;

export type OperAction = keyof typeof OPER_ACTION_NAMES;

export const OPER_ACTIONS = Object.keys(OPER_ACTION_NAMES) as OperAction[];

/** An action as the export writes it: its Chinese name, or as stored when it is none of these (rows of an older version). */
export const operActionName = (action: string): string => OPER_ACTION_NAMES[action as OperAction] ?? action;

export interface OperLogDeclaration {
  title: string;
  action: OperAction;
}

/** A module's log declarations: one title, an action per route. */
export const logAs =
  (title: string) =>
  (action: OperAction): OperLogDeclaration => ({ title, action });
