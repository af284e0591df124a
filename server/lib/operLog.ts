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

export interface OperLogDeclaration {
  title: string;
  action: OperAction;
}

/** A module's log declarations: one title, an action per route. */
export const logAs = (title: string) => (action: OperAction): OperLogDeclaration => ({ title, action });
