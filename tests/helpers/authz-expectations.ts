/**
 * Who may call what, as the seed grants it: a route's permission string (config.access.perm) is held
 * by the roles whose seeded menu grants contain it (server/db/seed/menus.ts + roles.ts). Routes that
 * declare no permission need an entry in NO_PERM below saying who may call them and why; a new route
 * without either makes the authorisation matrix fail with the route's name.
 */
import { flattenMenus } from '../../server/db/seed/menus.js';
import { grantedMenuKeys, ROLES, type RoleKey } from '../../server/db/seed/roles.js';
import { DEMO_ACCOUNT_SEEDS } from '../../server/db/seed/users.js';
import { selfAccountName } from '../../server/demo/businessCases.js';

/** Every permission string that exists in the seeded menu tree. */
export const MENU_KEYS: ReadonlySet<string> = new Set(flattenMenus().map((f) => f.node.menuKey));

const GRANTS: ReadonlyMap<RoleKey, ReadonlySet<string>> = new Map(ROLES.map((r) => [r.roleKey, grantedMenuKeys(r)]));

/** The demo accounts of the matrix with the roles the seed gives them. */
export const ACCOUNTS: ReadonlyArray<{ userName: string; roles: readonly RoleKey[] }> = [
  ...DEMO_ACCOUNT_SEEDS.map((a) => ({ userName: a.userName, roles: a.roles })),
  // A case holder with an own login (businessCases.ts addAccount gives these the role 'person').
  { userName: selfAccountName(0, 'selfA'), roles: ['person'] },
];

/** Who may call a route: anyone, any signed-in user, or holders of one of the permissions / roles. */
export type Who = 'public' | 'session' | { anyOf?: readonly string[]; roles?: readonly RoleKey[] };

export function mayCall(roles: readonly RoleKey[], who: Who): boolean {
  if (who === 'public' || who === 'session') return true;
  return roles.some((r) => who.roles?.includes(r) || (who.anyOf ?? []).some((p) => GRANTS.get(r)?.has(p)));
}

/** Real rows the requests of some entries need (the permission check of those routes follows a look-up). */
export interface Fixtures {
  /** A systemType message (sys_msg_info). */
  systemMessageId: number;
}

type Value<T> = T | ((f: Fixtures) => T);
export interface Variant {
  who: Who;
  params?: Value<Record<string, string | number>>;
  query?: Value<Record<string, string>>;
  payload?: Value<unknown>;
  /** Ends the caller's session: sent after every other call. */
  last?: boolean;
}
export interface NoPermEntry {
  why: string;
  variants: readonly Variant[];
}

export const resolve = <T>(v: Value<T> | undefined, f: Fixtures): T | undefined =>
  typeof v === 'function' ? (v as (f: Fixtures) => T)(f) : v;

const one = (who: Who, why: string, extra: Omit<Variant, 'who'> = {}): NoPermEntry => ({
  why,
  variants: [{ who, ...extra }],
});
const pub = (why: string) => one('public', why);
const session = (why: string, extra: Omit<Variant, 'who'> = {}) => one('session', why, extra);
const steps = (...s: string[]) => s.map((x) => `workflow:${x}`);
const REVIEW_STEPS = steps('cb', 'cs', 'sh', 'sp', 'bj');
const ALL_STEPS = steps('sl', 'cb', 'cs', 'sh', 'sp', 'bj');
/** A row id no table reaches in a test database: the permission decides, not the row. */
export const MISSING_ID = 999_999;

/**
 * Routes without config.access.perm, keyed 'METHOD /path' as in the OpenAPI document. 'public' must
 * match config.access.auth === 'public'; handler-checked entries name the permissions the handler
 * requires (and the request that gets past validation to that check).
 */
export const NO_PERM: Readonly<Record<string, NoPermEntry>> = {
  'POST /api/code': pub('captcha image before login'),
  'POST /api/login/login': pub('password login'),
  'POST /api/login/sms/send': pub('SMS code for login'),
  'GET /api/login/verifyMessageCode': pub('checks an SMS code before login'),
  'POST /api/login/sms/login': pub('SMS login'),
  'POST /api/auth/sso/login': pub('single sign-on'),
  'POST /api/auth/register': pub('enterprise self-registration'),
  'GET /api/health': pub('liveness probe'),
  'GET /api/ready': pub('readiness probe'),
  'GET /api/public/settings': pub('login page settings'),
  'GET /api/cert/{queryCode}': pub('certificate verification by QR code'),
  'GET /api/public/validCard': pub('public certificate look-up'),
  'GET /api/public/outSearch': pub('public look-up of certificates transferred out of the province'),
  'GET /api/public/disclosure': pub('public disclosure list'),
  'GET /api/public/examTicket/{code}': pub('admission ticket check by its QR code'),
  'GET /api/public/gradeSearch': pub("a candidate's result by ID number and ticket number"),
  'GET /api/public/signSearch': pub("a sign-up's status by ID number and batch number"),

  'GET /api/login/sendMessage': session('SMS code to the caller’s own phone (second factor)'),
  'POST /api/login/logout': session('ends the caller’s own session', { last: true }),
  'GET /api/system/user/getLoginUser': session('the caller’s own profile'),
  'POST /api/system/user/updatepwd': session('the caller’s own password'),
  'GET /api/menu/user/{id}': session('the caller’s own menus (the id is ignored)'),
  'GET /api/system/sysMsgInfo/list': session('the caller’s own messages'),
  'GET /api/system/sysMsgInfo/listSupervisionMsg': session('the caller’s own messages'),
  'GET /api/system/sysMsgInfo/getNotReadMsgStats': session('the caller’s own messages'),
  'POST /api/system/sysMsgInfo/readMsg/{id}': session('marks one of the caller’s own messages read'),
  'POST /api/system/sysMsgInfo/readMsgByUser/{id}': session('marks one of the caller’s own messages read'),
  'GET /api/system/sysTodo/list': session('the caller’s own to-dos'),
  'GET /api/system/dict/data/type': session('dictionary labels every page shows'),
  'GET /api/system/districts/list2': session('district picker of every form'),
  'GET /api/file/preview': session('operation guide PDF'),
  'POST /api/file/upload': session('materials of any form; downloads are scoped'),
  'GET /api/file/download/{ossId}': session('scoped to the record the file belongs to (tested below)'),
  'GET /api/workflow/machines': session('statechart definitions for drawing'),
  'GET /api/workflow/deadlines': session('the statutory time limits the overdue texts name'),
  'GET /api/workflow/{id}': session('scoped to the application (tested below)'),
  'POST /api/workflow/{id}/events': session('the machine names the senders (applicant, holder, step role of the area)'),
  'POST /api/workflow/bulk/events': session(
    'each item as its single event: the machine names the senders, one answer per item',
  ),
  'GET /api/workflow/{id}/audit': session('scoped to the application (tested below)'),
  'GET /api/workflow/{id}/case': session("scoped to the application: the reviewer's case view"),
  'GET /api/safetyCertificateInfo/listCertificate': session('certificate picker, scoped to the caller'),
  'GET /api/safetyCertificateInfo/getSubmittingCertificates': session('certificate picker, scoped to the caller'),
  'GET /api/safetyCertificateInfo/get/{id}': session('scoped to the certificate (tested below)'),
  'GET /api/safetyCertificateInfo/pdf/{id}': session('scoped to the certificate (tested below)'),
  'GET /api/home/createQueryCode': session('a fresh unused query code'),
  'GET /api/home/getNoRole': session('whether the caller has a role'),
  'GET /api/applyCertification/checkDataByApplyId': session('business pre-check, scoped to the caller’s subjects'),
  // A reveal is checked like the detail of the record it goes through, then the caller's duty (tests/api/personal-data.test.ts).
  'POST /api/personalData/idNo/reveal': session('one value of a record the caller may see, by duty; logged', {
    payload: { source: 'application', id: MISSING_ID },
  }),
  'POST /api/personalData/phone/reveal': session('one value of a record the caller may see, by duty; logged', {
    payload: { source: 'application', id: MISSING_ID },
  }),
  'POST /api/personalData/birthDate/reveal': session('one value of a record the caller may see, by duty; logged', {
    payload: { source: 'application', id: MISSING_ID },
  }),

  // Each queue is for those with a part in it; the provincial administrator oversees every step.
  'GET /api/workflow/queue/mine': session("the caller's own applications and those they must confirm"),
  'GET /api/workflow/queue/waitAccept': one({ anyOf: steps('sl'), roles: ['adminProvince'] }, 'the 受理 step'),
  'GET /api/workflow/queue/accepted': one({ anyOf: steps('sl'), roles: ['adminProvince'] }, 'the 受理 step'),
  'GET /api/workflow/queue/waitReview': one({ anyOf: REVIEW_STEPS, roles: ['adminProvince'] }, 'the review steps'),
  'GET /api/workflow/queue/reviewed': one({ anyOf: ALL_STEPS, roles: ['adminProvince'] }, 'every step'),
  'GET /api/workflow/queue/printWait': one({ anyOf: ['print:waitPrint:list'] }, 'printing'),
  'GET /api/workflow/queue/printDone': one({ anyOf: ['print:printed:list'] }, 'printing'),
  'GET /api/menu/role/{id}': one({ anyOf: ['system:menu:list', 'system:role:list'] }, 'role grant editor'),
  'POST /api/menu/getMenuIdsByMenuIds': one({ anyOf: ['system:menu:list', 'system:role:list'] }, 'role grant editor', {
    payload: [1],
  }),
  'GET /api/system/dept/list/enable': one(
    { anyOf: ['system:dept:list', 'system:user:list', 'system:role:list'] },
    'department picker of the user and role editors',
  ),
  'GET /api/system/dept/role/{id}': one(
    { anyOf: ['system:role:list', 'system:dept:list'] },
    'data scope editor of roles',
  ),
  'GET /api/system/sysMsgInfo/listAll': one(
    { anyOf: ['system:msg:list', 'system:supervisionMsg:list'] },
    'message administration, per message type',
  ),
  'GET /api/system/sysMsgInfo/export': one(
    { anyOf: ['system:msg:list', 'system:supervisionMsg:list'] },
    'message administration, per message type',
  ),
  'GET /api/system/sysMsgInfo/recipients': one(
    { anyOf: ['system:msg:add', 'system:supervisionMsg:add'] },
    'message administration, per message type',
  ),
  'GET /api/system/sysMsgInfo/get/{id}': one(
    { anyOf: ['system:msg:list'] },
    'message administration: a system message needs system:msg:list',
    {
      params: (f: Fixtures) => ({ id: f.systemMessageId }),
    },
  ),
  'POST /api/system/sysMsgInfo/save': one(
    { anyOf: ['system:msg:add'] },
    'message administration: a system message needs system:msg:add',
    {
      payload: { msgType: 'systemType', bt: '权限矩阵', nr: '权限矩阵', target: 'user', userIds: [MISSING_ID] },
    },
  ),
  'POST /api/system/sysMsgInfo/update': one(
    { anyOf: ['system:msg:edit'] },
    'message administration: a system message needs system:msg:edit',
    {
      payload: (f: Fixtures) => ({ id: f.systemMessageId, bt: '权限矩阵', nr: '权限矩阵' }),
    },
  ),
  'POST /api/system/sysMsgInfo/remove': one(
    { anyOf: ['system:msg:remove'] },
    'message administration: a system message needs system:msg:remove',
    {
      query: (f: Fixtures) => ({ ids: String(f.systemMessageId) }),
    },
  ),
  'POST /api/statistics/refresh': one(
    { anyOf: ['statistics:completedTask:list', 'statistics:afootTask:list', 'statistics:certs:list'] },
    'any statistics page may ask for fresh figures',
  ),
  'GET /api/safetyCertificateInfo/list': one(
    { anyOf: ['search:cert:list'], roles: ['person'] },
    'certificate search; individuals list their own',
  ),
  'POST /api/safetyCertificateInfo/print': one(
    { anyOf: ['print:waitPrint:print', 'print:printed:print'] },
    'certificate printing',
    { payload: { applicationId: MISSING_ID } },
  ),
  'GET /api/safetyCertificateInfo/printInfo': one(
    { anyOf: ['print:waitPrint:list', 'print:printed:list'] },
    'certificate printing',
    { query: { applicationIds: String(MISSING_ID) } },
  ),
  'GET /api/exam/batch/options': one(
    {
      anyOf: [
        'exam:examBatch:list',
        'exam:examSign:list',
        'exam:printPermit:list',
        'exam:examScore:list',
        'exam:scoreSearch:list',
      ],
    },
    'batch picker of every exam page',
  ),
  'POST /api/exam/batch/event/{id}': {
    why: "batch lifecycle: the event names its permission (publishing is the result desk's)",
    variants: [
      { who: { anyOf: ['exam:examBatch:edit'] }, payload: { type: 'OPEN', version: 0 } },
      { who: { anyOf: ['exam:examScore:publish'] }, payload: { type: 'PUBLISH', version: 0 } },
    ],
  },
  'GET /api/safetyCertificateInfo/print/export': {
    why: 'print queue export, per queue',
    variants: [
      { query: { queue: 'printWait' }, who: { anyOf: ['print:waitPrint:export'] } },
      { query: { queue: 'printDone' }, who: { anyOf: ['print:printed:export'] } },
    ],
  },
};
