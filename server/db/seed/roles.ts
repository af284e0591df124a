/** Roles (sys_role) and their menu grants (sys_role_menu). */
import { sysRole, sysRoleMenu } from '../schema.js';
import type { DbOrTx } from '../client.js';
import { flattenMenus, MENU_TREE, WORKFLOW_STEPS, type MenuNode } from './menus.js';
import { insertAll } from './util.js';
import {
  BUSINESS_ROUTES,
  BUSINESS_TYPES as BUSINESS_TYPE_KEYS,
  routeSteps,
  type Step,
} from '../../../machines/businessTypes.js';

export type StepRoleKey = 'step_sl' | 'step_cb' | 'step_cs' | 'step_sh' | 'step_sp' | 'step_bj';
export type RoleKey = 'admin' | 'secadmin' | 'auditor' | 'adminProvince' | StepRoleKey | 'enterprise' | 'person';

export const STEP_ROLE_KEYS: readonly StepRoleKey[] = [
  'step_sl',
  'step_cb',
  'step_cs',
  'step_sh',
  'step_sp',
  'step_bj',
];

export interface RoleSeed {
  roleKey: RoleKey;
  roleName: string;
  /** 1 all data, 3 own department, 5 self. */
  dataScope: '1' | '3' | '5';
  remark: string;
  /** Menu keys granted with their whole subtree; a leading '=' grants the node alone. Ancestors follow automatically. */
  grants: readonly string[];
  /** Menu keys (and their subtrees) taken out again. */
  except?: readonly string[];
}

const DASHBOARD = 'dashboard:workplace:view';
/**
 * Centre staff record punishments of their area's certificate holders and review each other's
 * (four-eyes: never their own submission, the server checks it).
 */
const CREDIT = 'credit:menu:view';

/**
 * The queue pages a step role can open, as the engine decides them (server/workflow/views.ts):
 * 受理 works the accept queues, the other steps the review queue, and each sees what it did (已审核)
 * — and only for the business types whose route passes through the step.
 */
function queuesOfStep(step: Step): string[] {
  return BUSINESS_TYPE_KEYS.filter((t) => routeSteps(BUSINESS_ROUTES[t].middleSteps).includes(step)).flatMap((t) =>
    (step === 'sl' ? ['waitAccept', 'accepted', 'reviewed'] : ['waitReview', 'reviewed']).map(
      (view) => `=queue:${t}:${view}`,
    ),
  );
}
/**
 * Continuing education and score imports: the centre's 受理 staff import scores and hours and may
 * remove a wrong record; every other step reads the records (a delay's reviewers check the hours),
 * as do enterprises (their employees) and holders (their own).
 */
const EDUCATION_READ = ['=exam:furtherEducation:list', 'exam:furtherEducation:export'];
const IMPORTS_OF_STEP = (step: Step): string[] =>
  step === 'sl' ? ['exam:examImport:list', 'exam:educationImport:list', 'exam:furtherEducation:list'] : EDUCATION_READ;

const stepLabel = (step: string) => WORKFLOW_STEPS.find((s) => s.step === step)!.label;

/**
 * The exam desk of a centre (受理, the staff who take in what enterprises file): batches, review of
 * sign-ups, tickets, result entry and publication, result search — for their own area.
 */
const EXAM_DESK = [
  'exam:examBatch:list',
  'exam:examPerson:list',
  '=exam:examSign:list',
  'exam:examSign:review',
  'exam:examSign:export',
  'exam:examSign:detail',
  'exam:printPermit:list',
  'exam:examScore:list',
  'exam:scoreSearch:list',
];
/** Enterprises sign their employees up, withdraw, print their tickets. */
const EXAM_ENTERPRISE = [
  'exam:examPerson:list',
  '=exam:examSign:list',
  'exam:examSign:add',
  'exam:examSign:remove',
  'exam:examSign:export',
  'exam:examSign:detail',
  'exam:printPermit:list',
];
/** A person sees their own sign-ups and results and prints their own ticket. */
const EXAM_PERSON = ['=exam:examSign:list', 'exam:examSign:detail', 'exam:printPermit:list', 'exam:scoreSearch:list'];

export const ROLES: readonly RoleSeed[] = [
  {
    roleKey: 'admin',
    roleName: '系统管理员',
    dataScope: '1',
    remark: '三员分立：负责用户、角色、菜单、字典等系统配置',
    grants: [DASHBOARD, 'system:menu:view'],
    // Logs belong to the auditor, online sessions to the security admin, and reviews of user/role changes to the security admin.
    except: [
      'system:operlog:list',
      'system:logininfor:list',
      'system:pdlog:list',
      'system:online:list',
      'system:user:audit',
      'system:role:audit',
    ],
  },
  {
    roleKey: 'secadmin',
    roleName: '安全管理员',
    dataScope: '1',
    remark: '三员分立：负责用户与角色变更审核、安全参数、在线用户',
    grants: [
      DASHBOARD,
      '=system:user:list',
      'system:user:audit',
      '=system:role:list',
      'system:role:audit',
      '=system:config:list',
      'system:config:edit',
      'system:online:list',
      '=system:logininfor:list',
      'system:logininfor:unlock',
      'system:user:updatePwd',
    ],
  },
  {
    roleKey: 'auditor',
    roleName: '审计管理员',
    dataScope: '1',
    remark: '三员分立：负责审计日志查阅',
    grants: [
      DASHBOARD,
      'system:operlog:list',
      '=system:logininfor:list',
      'system:logininfor:export',
      'system:pdlog:list',
      'system:user:updatePwd',
    ],
  },
  {
    roleKey: 'adminProvince',
    roleName: '省级管理员',
    dataScope: '1',
    remark: '全省业务数据查看、统计分析与诚信管理',
    grants: [
      DASHBOARD,
      'dashboard:analysis:view',
      'queue:menu:view',
      'print:menu:view',
      'exam:menu:view',
      'search:menu:view',
      'statistics:menu:view',
      'credit:menu:view',
    ],
    // Signing up is the enterprises' own act.
    except: ['exam:examSign:add', 'exam:examSign:remove'],
  },
  ...STEP_ROLE_KEYS.map((key): RoleSeed => {
    const step = key.slice(5);
    return {
      roleKey: key,
      roleName: stepLabel(step),
      dataScope: '3',
      remark: `业务办理${stepLabel(step)}环节`,
      // The centre runs from its searches and figures: every step role sees its area's statistics.
      grants: [
        DASHBOARD,
        'search:menu:view',
        'statistics:menu:view',
        `workflow:${step}`,
        ...queuesOfStep(step as Step),
        ...(step === 'bj' ? ['print:menu:view'] : []),
        CREDIT,
        ...(step === 'sl' ? EXAM_DESK : []),
        ...IMPORTS_OF_STEP(step as Step),
      ],
    };
  }),
  {
    roleKey: 'enterprise',
    roleName: '企业用户',
    dataScope: '5',
    remark: '建筑施工企业办理安管人员证书业务',
    grants: [
      DASHBOARD,
      'business:menu:view',
      'search:staff:list',
      'search:cert:list',
      'search:apply:list',
      ...EXAM_ENTERPRISE,
      ...EDUCATION_READ,
    ],
  },
  {
    roleKey: 'person',
    roleName: '个人用户',
    dataScope: '5',
    remark: '持证人员确认业务与申请注销',
    grants: [DASHBOARD, 'personCheck:menu:view', ...EXAM_PERSON, ...EDUCATION_READ],
  },
];

/** The menu keys a role is granted: its grants with subtrees, minus exceptions, plus every ancestor. */
export function grantedMenuKeys(role: RoleSeed, tree: readonly MenuNode[] = MENU_TREE): Set<string> {
  const flat = flattenMenus(tree);
  const parent = new Map(flat.map((f) => [f.node.menuKey, f.parentKey]));
  const byKey = new Map(flat.map((f) => [f.node.menuKey, f.node]));
  const subtree = (node: MenuNode, into: Set<string>) => {
    into.add(node.menuKey);
    node.children?.forEach((c) => subtree(c, into));
  };
  const granted = new Set<string>();
  for (const g of role.grants) {
    const only = g.startsWith('=');
    const node = byKey.get(only ? g.slice(1) : g);
    if (!node) throw new Error(`role ${role.roleKey}: unknown menu key ${g}`);
    if (only) granted.add(node.menuKey);
    else subtree(node, granted);
  }
  const removed = new Set<string>();
  for (const e of role.except ?? []) {
    const node = byKey.get(e);
    if (!node) throw new Error(`role ${role.roleKey}: unknown menu key ${e}`);
    subtree(node, removed);
  }
  for (const k of removed) granted.delete(k);
  for (const k of [...granted]) {
    for (let p = parent.get(k); p; p = parent.get(p)) granted.add(p);
  }
  return granted;
}

/** Inserts the roles and their grants; answers roleKey → roleId. */
export async function seedRoles(db: DbOrTx, menuIds: Map<string, number>): Promise<Map<string, number>> {
  const inserted = await db
    .insert(sysRole)
    .values(
      ROLES.map((r, i) => ({
        roleName: r.roleName,
        roleKey: r.roleKey,
        roleSort: i + 1,
        dataScope: r.dataScope,
        status: '1',
        checkStatus: null,
        remark: r.remark,
      })),
    )
    .returning({ roleId: sysRole.roleId, roleKey: sysRole.roleKey });
  const ids = new Map(inserted.map((r) => [r.roleKey, r.roleId]));
  await insertAll(
    db,
    sysRoleMenu,
    ROLES.flatMap((r) =>
      [...grantedMenuKeys(r)].map((k) => ({ roleId: ids.get(r.roleKey)!, menuId: menuIds.get(k)! })),
    ),
  );
  return ids;
}
