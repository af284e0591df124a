/**
 * The menu tree of SPEC 2: directories (M), pages (C) and buttons (F). `name` is the route name,
 * `component` names a page under src/pages ('RouteView' for directories), `menuKey` is the
 * permission string 'area:entity:action' shared by menu, button and API. Every menuKey is unique.
 */
import { sysMenu } from '../schema.js';
import type { DbOrTx } from '../client.js';

export interface MenuNode {
  menuName: string;
  menuType: 'M' | 'C' | 'F';
  menuKey: string;
  name?: string;
  path?: string;
  component?: string;
  icon?: string;
  /** '1' hidden. */
  visible?: '0' | '1';
  redirect?: string;
  hiddenChildren?: boolean;
  children?: MenuNode[];
}

type Buttons = ReadonlyArray<readonly [action: string, label: string]>;

const ADD: Buttons = [
  ['add', '新增'],
  ['edit', '修改'],
  ['remove', '删除'],
];
const CRUD: Buttons = [...ADD, ['export', '导出']];
const EXPORT: Buttons = [['export', '导出']];

function dir(
  menuName: string,
  name: string,
  path: string,
  menuKey: string,
  icon: string | undefined,
  children: MenuNode[],
  visible: '0' | '1' = '0',
): MenuNode {
  return { menuName, menuType: 'M', name, path, component: 'RouteView', menuKey, icon, visible, children };
}

/** A page with F buttons keyed '<area>:<entity>:<action>' from its '<area>:<entity>:list' key. */
function page(
  menuName: string,
  name: string,
  path: string,
  component: string,
  menuKey: string,
  buttons: Buttons = [],
  opts: { icon?: string; visible?: '0' | '1' } = {},
): MenuNode {
  const base = menuKey.split(':').slice(0, 2).join(':');
  return {
    menuName,
    menuType: 'C',
    name,
    path,
    component,
    menuKey,
    icon: opts.icon,
    visible: opts.visible ?? '0',
    children: buttons.map(([action, label]) => ({
      menuName: label,
      menuType: 'F' as const,
      menuKey: `${base}:${action}`,
    })),
  };
}

/** The nine business types: queue suffix, entity of the permission strings, Chinese name. */
export const BUSINESS_TYPES = [
  { suffix: 'NewCert', entity: 'newCert', label: '新办证书', applyType: 'new' },
  { suffix: 'Delay', entity: 'delay', label: '证书延期', applyType: 'delay' },
  { suffix: 'Inner', entity: 'inner', label: '省内调动', applyType: 'inner' },
  { suffix: 'InProvince', entity: 'inProvince', label: '省外调入', applyType: 'in' },
  { suffix: 'OutProvince', entity: 'outProvince', label: '调出省外', applyType: 'out' },
  { suffix: 'Modify', entity: 'modify', label: '证书变更', applyType: 'modify' },
  { suffix: 'Revocation', entity: 'revocation', label: '证书注销（企业）', applyType: 'revocation' },
  { suffix: 'PersonRevocation', entity: 'personRevocation', label: '证书注销（个人）', applyType: 'personRevocation' },
  { suffix: 'Rename', entity: 'rename', label: '企业更名', applyType: 'rename' },
] as const;

export const QUEUE_VIEWS = [
  { prefix: 'WaitAccept', path: 'waitAccept', action: 'waitAccept', label: '待受理' },
  { prefix: 'Accepted', path: 'accepted', action: 'accepted', label: '已受理' },
  { prefix: 'WaitReview', path: 'waitReview', action: 'waitReview', label: '待审核' },
  { prefix: 'Reviewed', path: 'reviewed', action: 'reviewed', label: '已审核' },
] as const;

/** URL of a queue page, e.g. queueUrl('newCert', 'waitAccept') = '/queue/newCert/waitAccept'. */
export const queueUrl = (entity: string, view: string): string => `/queue/${entity}/${view}`;

export const WORKFLOW_STEPS = [
  { step: 'sl', label: '受理' },
  { step: 'cb', label: '承办' },
  { step: 'cs', label: '初审' },
  { step: 'sh', label: '审核' },
  { step: 'sp', label: '审批' },
  { step: 'bj', label: '办结' },
] as const;

export const MENU_TREE: readonly MenuNode[] = [
  {
    menuName: '首页',
    menuType: 'C',
    name: 'dashboard',
    path: '/dashboard',
    component: 'dashboard/Workplace',
    menuKey: 'dashboard:workplace:view',
    icon: 'HomeOutlined',
  },
  {
    menuName: '数据可视化',
    menuType: 'C',
    name: 'Analysis',
    path: '/dashboard/Analysis',
    component: 'dashboard/Analysis',
    menuKey: 'dashboard:analysis:view',
    icon: 'DashboardOutlined',
    visible: '1',
  },
  dir('企业业务', 'business', '/business', 'business:menu:view', 'FileAddOutlined', [
    page('新办证书', 'NewCertificate', 'newCertificate', 'business/NewCertificate', 'business:newCert:list', CRUD),
    page('证书延期', 'ApplyDelay', 'applyDelay', 'business/ApplyDelay', 'business:delay:list', CRUD),
    page('省内调动', 'ApplyInner', 'applyInner', 'business/ApplyInner', 'business:inner:list', CRUD),
    page('省外调入', 'InProvince', 'inProvince', 'business/InProvince', 'business:inProvince:list', CRUD),
    page('调出省外', 'OutProvince', 'outProvince', 'business/OutProvince', 'business:outProvince:list', CRUD),
    page('证书变更', 'CertModify', 'certModify', 'business/CertModify', 'business:modify:list', CRUD),
    page(
      '证书注销',
      'CertificateRevocation',
      'certificateRevocation',
      'business/CertificateRevocation',
      'business:revocation:list',
      CRUD,
    ),
    page('企业更名', 'EnterpriseRename', 'enterpriseRename', 'business/EnterpriseRename', 'business:rename:list', CRUD),
  ]),
  dir('个人业务', 'personCheck', '/personCheck', 'personCheck:menu:view', 'SolutionOutlined', [
    page('我的证书', 'MyCertificates', 'myCertificates', 'personCheck/MyCertificates', 'personCheck:myCert:list'),
    page('延期确认', 'PersonCheckDelay', 'personCheckDelay', 'personCheck/PersonCheckDelay', 'personCheck:delay:list', [
      ['confirm', '确认'],
      ['reject', '退回'],
    ]),
    page(
      '省内调动确认',
      'PersonCheckInner',
      'personCheckInner',
      'personCheck/PersonCheckInner',
      'personCheck:inner:list',
      [
        ['confirm', '确认'],
        ['reject', '退回'],
      ],
    ),
    page('省外调入确认', 'PersonCheckIn', 'personCheckIn', 'personCheck/PersonCheckIn', 'personCheck:in:list', [
      ['confirm', '确认'],
      ['reject', '退回'],
    ]),
    page('调出省外确认', 'PersonCheckOut', 'personCheckOut', 'personCheck/PersonCheckOut', 'personCheck:out:list', [
      ['confirm', '确认'],
      ['reject', '退回'],
    ]),
    page(
      '证书变更确认',
      'PersonCheckChange',
      'personCheckChange',
      'personCheck/PersonCheckChange',
      'personCheck:change:list',
      [
        ['confirm', '确认'],
        ['reject', '退回'],
      ],
    ),
    page(
      '证书注销确认',
      'PersonCheckRevocation',
      'personCheckRevocation',
      'personCheck/PersonCheckRevocation',
      'personCheck:revocation:list',
      [
        ['confirm', '确认'],
        ['reject', '退回'],
      ],
    ),
    page(
      '个人注销申请',
      'PersonRevocation',
      'personRevocation',
      'business/PersonRevocation',
      'business:personRevocation:list',
      ADD,
    ),
  ]),
  dir(
    '业务办理',
    'queue',
    '/queue',
    'queue:menu:view',
    'AuditOutlined',
    BUSINESS_TYPES.map((t) =>
      dir(
        t.label,
        `queue${t.suffix}`,
        t.entity,
        `queue:${t.entity}:menu`,
        undefined,
        QUEUE_VIEWS.map((v) => ({
          menuName: v.label,
          menuType: 'C' as const,
          name: `${v.prefix}${t.suffix}`,
          path: v.path,
          component: `queue/${v.prefix}${t.suffix}`,
          menuKey: `queue:${t.entity}:${v.action}`,
          visible: '0' as const,
        })),
      ),
    ),
  ),
  dir('证书打印', 'print', '/print', 'print:menu:view', 'PrinterOutlined', [
    page(
      '待打印证书',
      'WaitReviewCertificatePrinting',
      'waitPrint',
      'print/WaitReviewCertificatePrinting',
      'print:waitPrint:list',
      [
        ['print', '打印'],
        ['export', '导出'],
      ],
    ),
    page(
      '已打印证书',
      'ReviewedCertificatePrinting',
      'printed',
      'print/ReviewedCertificatePrinting',
      'print:printed:list',
      [
        ['print', '补打'],
        ['export', '导出'],
      ],
    ),
  ]),
  {
    menuName: '流程操作',
    menuType: 'M',
    name: 'workflow',
    path: '/workflow',
    component: 'RouteView',
    menuKey: 'workflow:menu:view',
    icon: 'BranchesOutlined',
    visible: '1',
    children: WORKFLOW_STEPS.map((s) => ({ menuName: s.label, menuType: 'F' as const, menuKey: `workflow:${s.step}` })),
  },
  dir('考试与继续教育', 'exam', '/exam', 'exam:menu:view', 'ReadOutlined', [
    page('考试批次', 'ExamBatchList', 'examBatch', 'exam/ExamBatchList', 'exam:examBatch:list', CRUD),
    page('考试人员', 'ExamPersonList', 'examPerson', 'exam/ExamPersonList', 'exam:examPerson:list', EXPORT),
    page('考试报名', 'ExamSignList', 'examSign', 'exam/ExamSignList', 'exam:examSign:list', [
      ['add', '报名'],
      ['remove', '撤回'],
      ['review', '审核'],
      ['export', '导出'],
    ]),
    page('报名详情', 'ExamSignDetail', 'examSignDetail', 'exam/ExamSignDetail', 'exam:examSign:detail', [], {
      visible: '1',
    }),
    page('准考证打印', 'ExamPrintPermit', 'examPrintPermit', 'exam/ExamPrintPermit', 'exam:printPermit:list', [
      ['print', '打印'],
    ]),
    page('考试成绩', 'ExamScore', 'examScore', 'exam/ExamScore', 'exam:examScore:list', [
      ['edit', '录入'],
      ['publish', '发布成绩'],
      ['export', '导出'],
    ]),
    page('成绩导入', 'ExamImport', 'examImport', 'exam/ExamImport', 'exam:examImport:list', [['import', '导入']]),
    page('继续教育导入', 'EducationImport', 'educationImport', 'exam/EducationImport', 'exam:educationImport:list', [
      ['import', '导入'],
    ]),
    page(
      '继续教育记录',
      'FurtherEducation',
      'furtherEducation',
      'exam/FurtherEducation',
      'exam:furtherEducation:list',
      [
        ['remove', '删除'],
        ['export', '导出'],
      ],
    ),
    page('成绩查询', 'ScoreSearch', 'scoreSearch', 'exam/ScoreSearch', 'exam:scoreSearch:list', EXPORT),
  ]),
  dir('综合查询', 'search', '/search', 'search:menu:view', 'SearchOutlined', [
    page(
      '企业查询',
      'EnterpriseSearch',
      'enterpriseSearch',
      'search/EnterpriseSearch',
      'search:enterprise:list',
      EXPORT,
    ),
    page('人员查询', 'StaffSearch', 'staffSearch', 'search/StaffSearch', 'search:staff:list', EXPORT),
    page('证书查询', 'CertSearch', 'certSearch', 'search/CertSearch', 'search:cert:list', EXPORT),
    page('办件查询', 'WorkSearch', 'workSearch', 'search/WorkSearch', 'search:work:list', EXPORT),
    page(
      '证书核验记录',
      'CertCheckRecord',
      'certCheckRecord',
      'search/CertCheckRecord',
      'search:certCheck:list',
      EXPORT,
    ),
    page('申请查询', 'ApplySearch', 'applySearch', 'search/ApplySearch', 'search:apply:list', EXPORT),
  ]),
  dir('统计分析', 'statistics', '/statistics', 'statistics:menu:view', 'BarChartOutlined', [
    page(
      '已办结业务统计',
      'StatisticsCompletedTask',
      'completedTask',
      'statistics/StatisticsCompletedTask',
      'statistics:completedTask:list',
      EXPORT,
    ),
    page(
      '在办业务统计',
      'StatisticsAfootTask',
      'afootTask',
      'statistics/StatisticsAfootTask',
      'statistics:afootTask:list',
      EXPORT,
    ),
    page('证书统计', 'StatisticsCerts', 'certs', 'statistics/StatisticsCerts', 'statistics:certs:list', EXPORT),
  ]),
  dir('诚信管理', 'credit', '/credit', 'credit:menu:view', 'SafetyCertificateOutlined', [
    page('处罚管理', 'CreditManagement', 'creditManagement', 'credit/CreditManagement', 'credit:punishment:list', [
      ...CRUD,
      ['query', '详情'],
      ['audit', '审核'],
    ]),
  ]),
  dir('系统管理', 'system', '/system', 'system:menu:view', 'SettingOutlined', [
    page('用户管理', 'UserList', 'user', 'system/UserList', 'system:user:list', [
      ...CRUD,
      ['import', '导入'],
      ['resetPwd', '重置密码'],
      ['audit', '审核'],
    ]),
    page('用户组管理', 'UserGroupList', 'userGroup', 'system/UserGroupList', 'system:userGroup:list', ADD),
    page('角色管理', 'RoleList', 'role', 'system/RoleList', 'system:role:list', [...CRUD, ['audit', '审核']]),
    page('菜单权限', 'PermissionList', 'permission', 'system/PermissionList', 'system:menu:list', ADD),
    page('部门管理', 'DeptList', 'dept', 'system/DeptList', 'system:dept:list', ADD),
    page('字典管理', 'DictList', 'dict', 'system/DictList', 'system:dict:list', [...CRUD, ['import', '导入']]),
    page('行政区划', 'DistrictList', 'district', 'system/DistrictList', 'system:district:list', ADD),
    page('参数设置', 'ConfigList', 'config', 'system/ConfigList', 'system:config:list', CRUD),
    page('文件存储', 'OssList', 'oss', 'system/OssList', 'system:oss:list', [
      ['add', '上传'],
      ['remove', '删除'],
      ['edit', '存储配置'],
    ]),
    page('系统消息', 'SystemMsgList', 'systemMsg', 'system/SystemMsgList', 'system:msg:list', ADD),
    page(
      '监管消息',
      'SupervisionMsgList',
      'supervisionMsg',
      'system/SupervisionMsgList',
      'system:supervisionMsg:list',
      ADD,
    ),
    page('通知公告', 'NoticeInfoList', 'notice', 'system/NoticeInfoList', 'system:notice:list', ADD),
    page('待办管理', 'TodoList', 'todo', 'system/TodoList', 'system:todo:list', [['remove', '删除']]),
    page('人员信息', 'PersonList', 'person', 'system/PersonList', 'system:person:list', CRUD),
    page('职务管理', 'PositionList', 'position', 'system/PositionList', 'system:position:list', ADD),
    page('用户角色', 'UserRoleList', 'userRole', 'system/UserRoleList', 'system:userRole:list', [['edit', '分配角色']]),
    page('文件标签', 'FileTagList', 'fileTag', 'system/FileTagList', 'system:fileTag:list', ADD),
    page('机构标签', 'OrganTagList', 'organTag', 'system/OrganTagList', 'system:organTag:list', ADD),
    page('数据排序', 'DataOrderList', 'dataOrder', 'system/DataOrderList', 'system:dataOrder:list', [['edit', '修改']]),
    page('违规类型', 'ViolateTypeList', 'violateType', 'system/ViolateTypeList', 'system:violateType:list', ADD),
    page('常见问题', 'QuestionList', 'question', 'system/QuestionList', 'system:question:list', ADD),
    page('网关管理', 'GatewayList', 'gateway', 'system/GatewayList', 'system:gateway:list', ADD),
    page('在线用户', 'OnlineUserList', 'online', 'system/OnlineUserList', 'system:online:list', [
      ['forceLogout', '强退'],
    ]),
    page('定时任务', 'JobList', 'job', 'system/JobList', 'system:job:list', [
      ['run', '执行一次'],
      ['pause', '暂停'],
      ['resume', '恢复'],
      ['export', '导出'],
    ]),
    page('工作日历', 'WorkCalendarList', 'calendar', 'system/WorkCalendarList', 'system:calendar:list', [
      ['edit', '修改'],
      ['import', '导入'],
      ['export', '导出'],
    ]),
    page('操作日志', 'OperLogList', 'operlog', 'system/OperLogList', 'system:operlog:list', EXPORT),
    page('登录日志', 'LoginLogList', 'logininfor', 'system/LoginLogList', 'system:logininfor:list', [
      ['export', '导出'],
      ['unlock', '解锁账户'],
    ]),
    page('个人信息访问日志', 'PersonalDataLogList', 'pdlog', 'system/PersonalDataLogList', 'system:pdlog:list', EXPORT),
    page('修改密码', 'UpdatePwd', 'updatePwd', 'system/UpdatePwd', 'system:user:updatePwd', [], { visible: '1' }),
  ]),
];

export interface FlatMenu {
  node: MenuNode;
  parentKey: string | null;
  depth: number;
  orderNum: number;
}

/** Depth-first list of the tree with parent keys and sibling order (1-based). */
export function flattenMenus(tree: readonly MenuNode[] = MENU_TREE): FlatMenu[] {
  const out: FlatMenu[] = [];
  const walk = (nodes: readonly MenuNode[], parentKey: string | null, depth: number) => {
    nodes.forEach((node, i) => {
      out.push({ node, parentKey, depth, orderNum: i + 1 });
      if (node.children) walk(node.children, node.menuKey, depth + 1);
    });
  };
  walk(tree, null, 0);
  return out;
}

/** The sys_menu row of a seed menu under `parentId`. */
export function menuRow({ node, orderNum }: FlatMenu, parentId: number) {
  return {
    parentId,
    menuName: node.menuName,
    name: node.name ?? null,
    menuKey: node.menuKey,
    menuType: node.menuType,
    path: node.path ?? null,
    component: node.component ?? null,
    redirect: node.redirect ?? null,
    target: null,
    icon: node.icon ?? null,
    visible: node.visible ?? '0',
    hiddenChildren: node.hiddenChildren ?? false,
    hiddenHeader: false,
    orderNum,
    status: '1',
  };
}

/** Inserts the tree level by level; answers menuKey → menuId. */
export async function seedMenus(db: DbOrTx): Promise<Map<string, number>> {
  const flat = flattenMenus();
  const ids = new Map<string, number>();
  const maxDepth = Math.max(...flat.map((f) => f.depth));
  for (let depth = 0; depth <= maxDepth; depth++) {
    const rows = flat.filter((f) => f.depth === depth).map((f) => menuRow(f, f.parentKey ? ids.get(f.parentKey)! : 0));
    // One statement per level (at most a few hundred rows); map the ids back by the unique menuKey.
    const inserted = await db
      .insert(sysMenu)
      .values(rows)
      .returning({ menuId: sysMenu.menuId, menuKey: sysMenu.menuKey });
    for (const r of inserted) ids.set(r.menuKey!, r.menuId);
  }
  return ids;
}
