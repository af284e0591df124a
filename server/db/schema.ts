/**
 * The database schema (PostgreSQL dialect; PGlite embedded by default).
 * Column names follow the RuoYi originals where the spec names them (dictCode, checkStatus, ckzt, bt, mc)
 * so that API payloads map one to one.
 */
import {
  pgTable,
  serial,
  integer,
  bigserial,
  text,
  varchar,
  boolean,
  timestamp,
  date,
  jsonb,
  index,
  uniqueIndex,
  primaryKey,
  numeric,
  bigint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clockNow } from '../lib/clock.js';

/** A timestamp stamped from the clock of the request being served (the database's now() only for raw SQL). */
const stampedNow = (name: string) =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow().$defaultFn(clockNow);

const createdAt = () => stampedNow('created_at');
const updatedAt = () => stampedNow('updated_at').$onUpdateFn(clockNow);

// ---------- organisation, users, roles, menus ----------

export const sysDept = pgTable('sys_dept', {
  deptId: serial('dept_id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  ancestors: text('ancestors').notNull().default('0'),
  deptName: varchar('dept_name', { length: 100 }).notNull(),
  /** Data scope of staff in this department: '1' Guangzhou-type, '2' Shenzhen-type, '3' provincial centre. */
  area: varchar('area', { length: 1 }),
  orderNum: integer('order_num').notNull().default(0),
  leader: varchar('leader', { length: 50 }),
  phone: varchar('phone', { length: 20 }),
  status: varchar('status', { length: 1 }).notNull().default('1'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sysUser = pgTable(
  'sys_user',
  {
    userId: serial('user_id').primaryKey(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }).notNull(),
    /** 00 system administrator, 02 administrative unit, 03 enterprise, 04 individual. */
    userType: varchar('user_type', { length: 2 }).notNull(),
    deptId: integer('dept_id').references(() => sysDept.deptId),
    enterpriseId: integer('enterprise_id'),
    personId: integer('person_id'),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 100 }),
    sex: varchar('sex', { length: 1 }).notNull().default('0'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: stampedNow('password_changed_at'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** '1' normal, '0' disabled (SPEC 4). */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** Four-eyes review state of the record (SPEC 4); null when nothing is pending. */
    checkStatus: varchar('check_status', { length: 1 }),
    /** 等保 separation of duties for type 00: sys | sec | audit. */
    duty: varchar('duty', { length: 8 }),
    failCount: integer('fail_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    loginIp: varchar('login_ip', { length: 64 }),
    loginDate: timestamp('login_date', { withTimezone: true }),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_user_name_uq').on(t.userName),
    // One account per phone: SMS login and password recovery must know whose phone it is.
    uniqueIndex('sys_user_phone_uq').on(t.phone).where(sql`${t.phone} is not null and ${t.phone} <> ''`),
  ],
);

export const sysPasswordHistory = pgTable(
  'sys_password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.userId, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sys_password_history_user_idx').on(t.userId)],
);

export const sysRole = pgTable(
  'sys_role',
  {
    roleId: serial('role_id').primaryKey(),
    roleName: varchar('role_name', { length: 64 }).notNull(),
    roleKey: varchar('role_key', { length: 64 }).notNull(),
    roleSort: integer('role_sort').notNull().default(0),
    /** 1 all data, 2 custom departments, 3 own department, 4 own department and below, 5 self. */
    dataScope: varchar('data_scope', { length: 1 }).notNull().default('1'),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    checkStatus: varchar('check_status', { length: 1 }),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_role_role_key_uq').on(t.roleKey)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.userId, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRole.roleId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    // From a role to its users (the staff of a step: sys_step_staff's rebuild).
    index('sys_user_role_role_idx').on(t.roleId),
  ],
);

export const sysMenu = pgTable(
  'sys_menu',
  {
    menuId: serial('menu_id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    menuName: varchar('menu_name', { length: 64 }).notNull(),
    /** Route name (SPEC 2 route table), unique among pages. */
    name: varchar('name', { length: 64 }),
    /** Permission string area:entity:action shared by menu, button and API. */
    menuKey: varchar('menu_key', { length: 100 }),
    /** M directory, C page, F button. */
    menuType: varchar('menu_type', { length: 1 }).notNull().default('C'),
    path: varchar('path', { length: 200 }),
    component: varchar('component', { length: 200 }),
    redirect: varchar('redirect', { length: 300 }),
    target: varchar('target', { length: 20 }),
    icon: varchar('icon', { length: 64 }),
    /** '1' hidden, '0' shown (SPEC 3). */
    visible: varchar('visible', { length: 1 }).notNull().default('0'),
    hiddenChildren: boolean('hidden_children').notNull().default(false),
    hiddenHeader: boolean('hidden_header').notNull().default(false),
    orderNum: integer('order_num').notNull().default(0),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sys_menu_parent_idx').on(t.parentId),
    // Every workflow transition finds the staff of the next step from its permission key (notify.ts).
    index('sys_menu_key_idx').on(t.menuKey),
  ],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRole.roleId, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => sysMenu.menuId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.menuId] }),
    // From a permission to the roles that grant it (the staff of a step, notify.ts).
    index('sys_role_menu_menu_idx').on(t.menuId),
  ],
);

/**
 * Who handles a review step in a centre: the active staff of an area (their department's) holding
 * `workflow:<step>` through an active role. Derived, never written by the services: statement
 * triggers of migration 0017 rebuild it whenever a user, a role, a grant, a menu or a department
 * changes, in the transaction of the change. A transition tells the staff of the next step by one
 * index look-up here instead of joining six tables (notify.ts).
 */
export const sysStepStaff = pgTable(
  'sys_step_staff',
  {
    area: varchar('area', { length: 1 }).notNull(),
    step: varchar('step', { length: 2 }).notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ name: 'sys_step_staff_pk', columns: [t.area, t.step, t.userId] })],
);

/**
 * One row whose version goes up with every change to the roles, the menus or the grants (statement
 * triggers of migration 0016, so no code path can forget it): a server keeps the permissions of a
 * set of roles until it reads another version (auth/rolePermissions.ts) instead of reading a
 * hundred grants on every call.
 */
export const sysAuthzVersion = pgTable('sys_authz_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The same for the dictionaries (sys_dict_type, sys_dict_data; migration 0023): the session's
 * look-up reads it, and a server keeps the labels lists show for that version
 * (certificate/labels.ts) instead of reading them on every call.
 */
export const sysDictVersion = pgTable('sys_dict_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// ---------- dictionaries, districts, configuration ----------

export const sysDictType = pgTable(
  'sys_dict_type',
  {
    dictId: serial('dict_id').primaryKey(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_dict_type_type_uq').on(t.dictType)],
);

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: serial('dict_code').primaryKey(),
    dictSort: integer('dict_sort').notNull().default(0),
    dictLabel: varchar('dict_label', { length: 100 }).notNull(),
    dictValue: varchar('dict_value', { length: 100 }).notNull(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    /** Whether the API answers the value as a number (SPEC 3: most option values are numbers). */
    numeric: boolean('numeric').notNull().default(true),
    listClass: varchar('list_class', { length: 32 }),
    /** The label in the four interface languages ({"zh-CN": …, "zh-TW": …, "en-US": …, "pt-BR": …}); null: dictLabel in all. */
    labelI18n: jsonb('label_i18n'),
    isDefault: varchar('is_default', { length: 1 }).notNull().default('N'),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sys_dict_data_type_idx').on(t.dictType),
    uniqueIndex('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue),
  ],
);

export const sysDistrict = pgTable(
  'sys_district',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    parentCode: varchar('parent_code', { length: 12 }),
    /** 1 province, 2 city, 3 county. */
    level: integer('level').notNull(),
    /** Which centre owns enterprises registered here by default ('1', '2', '3'). */
    area: varchar('area', { length: 1 }),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [index('sys_district_parent_idx').on(t.parentCode)],
);

export const sysConfig = pgTable(
  'sys_config',
  {
    configId: serial('config_id').primaryKey(),
    configName: varchar('config_name', { length: 100 }).notNull(),
    configKey: varchar('config_key', { length: 100 }).notNull(),
    configValue: text('config_value').notNull(),
    /** Y built-in (cannot be removed), N user-defined. */
    configType: varchar('config_type', { length: 1 }).notNull().default('N'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_config_key_uq').on(t.configKey)],
);

/**
 * 工作日历: the administrators' days over the kept package's table (server/lib/workCalendar.ts): a
 * correction of a day the package has, or a day of a year it does not cover yet. Any change moves
 * sys_dict_version (migration 0040), so every process reads the calendar again.
 */
export const workCalendarDay = pgTable('work_calendar_day', {
  day: date('day').primaryKey(),
  working: boolean('working').notNull(),
  /** The holiday the day belongs to (元旦, 春节…), as the notice names it. */
  name: varchar('name', { length: 20 }),
  remark: varchar('remark', { length: 200 }),
  /** The administrator's login name. */
  updatedBy: varchar('updated_by', { length: 64 }).notNull(),
  updatedAt: updatedAt(),
});

/** A year an administrator entered whole from the State Council's notice (the package does not cover it). */
export const workCalendarYear = pgTable('work_calendar_year', {
  year: integer('year').primaryKey(),
  /** The notice, e.g. 国办发明电〔2026〕X号. */
  notice: varchar('notice', { length: 100 }),
  confirmedBy: varchar('confirmed_by', { length: 64 }).notNull(),
  confirmedAt: stampedNow('confirmed_at'),
});

// ---------- sessions and sign-in ----------

export const sysSession = pgTable(
  'sys_session',
  {
    /** sha256 of the opaque token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.userId, { onDelete: 'cascade' }),
    method: varchar('method', { length: 16 }).notNull(),
    createdAt: createdAt(),
    lastActiveAt: stampedNow('last_active_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    /** id_token hint for the identity provider's end-session redirect (SSO sessions). */
    idTokenHint: text('id_token_hint'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: varchar('end_reason', { length: 32 }),
  },
  (t) => [index('sys_session_user_idx').on(t.userId)],
);

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 8 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const sysSmsCode = pgTable(
  'sys_sms_code',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
    /** sha256 of the verification token handed to the client that asked for this code. */
    verifyTokenHash: varchar('verify_token_hash', { length: 64 }),
    /** login | verify: what the code may be used for. */
    purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
  },
  (t) => [index('sys_sms_code_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Single-sign-on tokens already used: one row per use under a unique key (the token's jti with its
 * issuer, or the hash of its signed part), kept until the token expires. A second sign-in with the
 * same token, from any API process, finds the row and is refused.
 */
export const ssoTokenUse = pgTable(
  'sso_token_use',
  {
    /** sha256 of `jti:<iss>:<jti>`, or of the token's header.payload when it has no jti. */
    tokenKey: varchar('token_key', { length: 64 }).primaryKey(),
    loginName: varchar('login_name', { length: 64 }),
    usedAt: stampedNow('used_at'),
    /** The token's own expiry (exp): after it the token is refused anyway, so the row may go. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('sso_token_use_expires_idx').on(t.expiresAt)],
);

export const sysLoginLog = pgTable(
  'sys_login_log',
  {
    infoId: bigserial('info_id', { mode: 'number' }).primaryKey(),
    userName: varchar('user_name', { length: 64 }),
    method: varchar('method', { length: 16 }).notNull(),
    ipaddr: varchar('ipaddr', { length: 64 }),
    userAgent: text('user_agent'),
    /** '0' success, '1' failure (RuoYi). */
    status: varchar('status', { length: 1 }).notNull(),
    msg: text('msg'),
    loginTime: stampedNow('login_time'),
  },
  (t) => [index('sys_login_log_time_idx').on(t.loginTime)],
);

/**
 * Every view of a person's unmasked identity number, phone or birth date (DESIGN: personal data
 * leaves the server masked except where the caller's duty needs it, and each such view is logged).
 */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 64 }).notNull(),
    /** Whose data: a person (holder, applicant) or an account (a user's phone). */
    personId: integer('person_id'),
    subjectUserId: integer('subject_user_id'),
    subjectName: varchar('subject_name', { length: 64 }),
    /** Comma-separated: idNo, phone, birthDate. */
    fields: varchar('fields', { length: 64 }).notNull(),
    /** The duty that allowed it, e.g. 'review:application', 'employer', 'self', 'admin:user'. */
    purpose: varchar('purpose', { length: 64 }).notNull(),
    route: varchar('route', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    /** The record the value was reached through, e.g. application:123 (a click on 显示), or null (a document). */
    via: varchar('via', { length: 64 }),
    accessedAt: stampedNow('accessed_at'),
  },
  (t) => [
    index('personal_data_access_time_idx').on(t.accessedAt),
    index('personal_data_access_person_idx').on(t.personId),
  ],
);

/**
 * Fixed-window request counters shared by every API process (rate limits of public and
 * authentication routes, per address and per account).
 */
export const rateLimitBucket = pgTable(
  'rate_limit_bucket',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_bucket_reset_idx').on(t.resetAt)],
);

export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    operId: bigserial('oper_id', { mode: 'number' }).primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    requestMethod: varchar('request_method', { length: 10 }).notNull(),
    operName: varchar('oper_name', { length: 64 }),
    operUrl: text('oper_url').notNull(),
    operIp: varchar('oper_ip', { length: 64 }),
    operParam: text('oper_param'),
    /** '0' success, '1' failure. */
    status: varchar('status', { length: 1 }).notNull(),
    httpStatus: integer('http_status').notNull(),
    errorMsg: text('error_msg'),
    durationMs: integer('duration_ms').notNull(),
    operTime: stampedNow('oper_time'),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.operTime)],
);

// ---------- messages, notices, to-dos ----------

export const sysMsgInfo = pgTable(
  'sys_msg_info',
  {
    id: serial('id').primaryKey(),
    /** systemType, supervisionType, warnType. */
    msgType: varchar('msg_type', { length: 20 }).notNull(),
    bt: varchar('bt', { length: 200 }).notNull(),
    nr: text('nr').notNull().default(''),
    userId: integer('user_id').references(() => sysUser.userId, { onDelete: 'cascade' }),
    /** '0' unread, '1' read. */
    ckzt: varchar('ckzt', { length: 1 }).notNull().default('0'),
    readAt: timestamp('read_at', { withTimezone: true }),
    senderName: varchar('sender_name', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('sys_msg_info_user_idx').on(t.userId, t.ckzt)],
);

export const sysNotice = pgTable('sys_notice', {
  noticeId: serial('notice_id').primaryKey(),
  noticeTitle: varchar('notice_title', { length: 200 }).notNull(),
  noticeType: varchar('notice_type', { length: 1 }).notNull(),
  noticeContent: text('notice_content').notNull().default(''),
  status: varchar('status', { length: 1 }).notNull().default('1'),
  createdBy: varchar('created_by', { length: 64 }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sysTodo = pgTable(
  'sys_todo',
  {
    id: serial('id').primaryKey(),
    mc: varchar('mc', { length: 200 }).notNull(),
    userId: integer('user_id').references(() => sysUser.userId, { onDelete: 'cascade' }),
    url: varchar('url', { length: 300 }),
    /** '0' open, '1' done. */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    /** What the work is about, e.g. application:123: the work done closes its to-dos. */
    ref: varchar('ref', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('sys_todo_user_idx').on(t.userId, t.status), index('sys_todo_ref_idx').on(t.ref, t.status)],
);

// ---------- enterprises, persons, certificates ----------

export const enterprise = pgTable(
  'enterprise',
  {
    id: serial('id').primaryKey(),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    legalRepresentative: varchar('legal_representative', { length: 64 }).notNull(),
    address: varchar('address', { length: 300 }).notNull(),
    districtCode: varchar('district_code', { length: 12 }).notNull(),
    /** enterpriseOwnership: '1', '2' or '3' (SPEC 6). */
    ownership: varchar('ownership', { length: 1 }).notNull(),
    qualification: varchar('qualification', { length: 100 }),
    licenceNo: varchar('licence_no', { length: 64 }),
    licenceValidTo: date('licence_valid_to'),
    /** '1' valid, '0' invalid. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enterprise_credit_code_uq').on(t.creditCode),
    // A centre's enterprises (scope: ownership) in name order straight from the index: names carry
    // their city and a centre's cities are its own, so walking the name index skipped 11,000 rows.
    index('enterprise_ownership_name_c_idx').on(t.ownership, sql`${t.name} collate "C"`, t.id),
    // Search (EnterpriseSearch): byte order ("C") serves prefix LIKE and sorting alike; a city is a district-code prefix.
    index('enterprise_name_c_idx').on(sql`${t.name} collate "C"`),
    // With the name and id after the filtered column: a county's enterprises in name order, and a
    // credit-code prefix's sorted by name, come from the index alone (search/enterprise.ts), not from walking all
    // 50,000 names in order, which the planner prefers and which is slowest exactly there (names
    // carry their city: 深圳市… sit together, far from the start).
    index('enterprise_credit_code_name_c_idx').on(sql`${t.creditCode} collate "C"`, sql`${t.name} collate "C"`, t.id),
    index('enterprise_district_name_c_idx').on(sql`${t.districtCode} collate "C"`, sql`${t.name} collate "C"`, t.id),
    // A city's enterprises by name straight from the index (textMatch.inDistrict: a city is its
    // code's first four digits): sorting 广州's 11,000 names for every first page took 2.5 ms, and a
    // centre's own city read each row for its area. The area and the code last, so a centre's filter
    // and the list's count read no row either (an index-only scan needs the expression's column too).
    index('enterprise_city_name_c_idx').on(
      sql`substr(${t.districtCode}, 1, 4)`,
      sql`${t.name} collate "C"`,
      t.id,
      t.ownership,
      t.districtCode,
    ),
    // A qualification's enterprises by name, and the count of those or of licences ending in a
    // period, without reading the table (the list's total counts up to 2,000 rows; listTotal.ts).
    index('enterprise_qualification_name_c_idx').on(t.qualification, sql`${t.name} collate "C"`, t.id),
    index('enterprise_licence_valid_to_idx').on(t.licenceValidTo),
    // A centre's enterprises by licence validity (expired, expiring): counted from the index alone.
    index('enterprise_ownership_licence_idx').on(t.ownership, t.licenceValidTo),
    // Names match anywhere (textMatch.containsText, ILIKE '%…%'): trigrams (pg_trgm, created by the
    // migration) find the dozen enterprises of a word without reading all 50,000 names, for the
    // enterprise search and the certificate, staff and work searches by enterprise name.
    index('enterprise_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const person = pgTable(
  'person',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    /** sys_user_sex: '0' male, '1' female. */
    sex: varchar('sex', { length: 1 }).notNull(),
    idType: varchar('id_type', { length: 3 }).notNull().default('111'),
    idNo: varchar('id_no', { length: 32 }).notNull(),
    birthDate: date('birth_date').notNull(),
    education: varchar('education', { length: 2 }),
    title: varchar('title', { length: 2 }),
    phone: varchar('phone', { length: 20 }),
    enterpriseId: integer('enterprise_id').references(() => enterprise.id),
    employStatus: varchar('employ_status', { length: 2 }).notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('person_id_no_uq').on(t.idType, t.idNo),
    index('person_enterprise_idx').on(t.enterpriseId),
    // Prefix search and sorting on names and ID numbers over a million persons (byte order: LIKE 'x%' can use it).
    // The employer and the id ride along so that a centre's search (employer of its area), the counts
    // and the ids of the persons a typed name or ID number starts need no heap visit.
    index('person_name_c_idx').on(sql`${t.name} collate "C"`, t.enterpriseId, t.id),
    index('person_id_no_c_idx').on(sql`${t.idNo} collate "C"`, t.enterpriseId, t.id),
    index('person_birth_date_idx').on(t.birthDate, t.id),
    index('person_employ_status_idx').on(t.employStatus),
  ],
);

export const regConstructor = pgTable(
  'reg_constructor',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprise.id),
    regNo: varchar('reg_no', { length: 64 }).notNull(),
    major: varchar('major', { length: 64 }),
    /** '0' valid, '1' invalid (SPEC 4). */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    validTo: date('valid_to'),
  },
  (t) => [index('reg_constructor_person_idx').on(t.personId)],
);

/** Employment as the three databases (and social insurance) report it. */
export const employmentRecord = pgTable(
  'employment_record',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprise.id),
    source: varchar('source', { length: 16 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
  },
  (t) => [index('employment_record_person_idx').on(t.personId)],
);

export const certificate = pgTable(
  'certificate',
  {
    id: serial('id').primaryKey(),
    certNo: varchar('cert_no', { length: 40 }).notNull(),
    /** cer_type: A, B, C1, C2, C3. */
    category: varchar('category', { length: 2 }).notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprise.id),
    /** ministerial_position code (01 法定代表人 … 08 专职安全员, 99). */
    position: varchar('position', { length: 2 }).notNull(),
    /** 发证日期: the decision date of the issue or of the last change (a delay's approval, a modification's 办结). */
    issueDate: date('issue_date').notNull(),
    /** The validity period: from (a delay starts the day after the old end) … to. */
    validFrom: date('valid_from').notNull(),
    expiryDate: date('expiry_date').notNull(),
    /**
     * cert_status national code, the state of the certificate machine (machines/certificate.machine.ts):
     * 01 有效, 02 暂扣, 03 撤销, 04 注销, 05 失效, 06 办理转出, 07 吊销. Written by the one writer only
     * (server/modules/certificate/writer.ts), like the dates, version, enterprise, position and query code.
     */
    status: varchar('status', { length: 2 }).notNull(),
    version: integer('version').notNull().default(1),
    queryCode: varchar('query_code', { length: 32 }).notNull(),
    issuingAuthority: varchar('issuing_authority', { length: 100 }).notNull(),
    printCount: integer('print_count').notNull().default(0),
    /** The version last printed (null: never printed); a newer version waits in the print queue. */
    printedVersion: integer('printed_version'),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** The period of the 暂扣 in force while the status is 02 (null otherwise; to null: until lifted), as /cert shows it. */
    suspendedFrom: date('suspended_from'),
    suspendedTo: date('suspended_to'),
    /**
     * The centre whose the certificate is: its enterprise's ownership, kept by the database itself
     * (migration 0027's triggers, on the certificate's insert or change of enterprise and on the
     * enterprise's change of ownership; never written by the application). A centre's lists are
     * scoped on it without joining every candidate certificate to its enterprise.
     */
    area: varchar('area', { length: 1 }),
    /**
     * The holder's name and ID number as person holds them now, kept by migration 0033's triggers
     * (never written by the services): the certificate list finds a typed name's or ID number's
     * certificates in one range of their own index instead of one descent per person they name.
     */
    holderName: text('holder_name'),
    holderIdNo: text('holder_id_no'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('certificate_cert_no_uq').on(t.certNo),
    // A typed name's or ID number's start: one range, the newest first among its matches and a centre's
    // among them from the index alone (the page sorts the few matches; the count reads no row).
    index('certificate_holder_name_idx').on(sql`${t.holderName} collate "C"`, t.issueDate, t.id, t.area),
    index('certificate_holder_id_no_idx').on(sql`${t.holderIdNo} collate "C"`, t.issueDate, t.id, t.area),
    // A centre's certificates newest first, by status, by category and status, and by status and expiry
    // (its suspended, its valid expiring). The holder rides along, so a bounded count stops after the
    // rows it needs instead of building a bitmap of all
    // the centre's matches first (the centre's valid C3: 48 → 1.5 ms at the province's scale).
    index('certificate_area_issue_idx').on(t.area, t.issueDate, t.id),
    index('certificate_area_status_idx').on(t.area, t.status, t.issueDate, t.id, t.personId),
    index('certificate_area_category_idx').on(t.area, t.category, t.status, t.issueDate, t.id, t.personId),
    index('certificate_area_expiry_idx').on(t.area, t.status, t.expiryDate, t.id, t.personId),
    uniqueIndex('certificate_query_code_uq').on(t.queryCode),
    // The enterprise rides along: a centre's count by holder needs no heap visit for the enterprise's area.
    index('certificate_person_idx').on(t.personId, t.enterpriseId),
    index('certificate_enterprise_idx').on(t.enterpriseId),
    // The holder and the enterprise ride along (and the id): a status's or an expiry window's bounded
    // count, a centre's among them, reads this index alone (the centre's 02: 17 → 5 ms, the valid
    // expiring within 90 days: 15 → 5 ms at the province's scale).
    index('certificate_status_expiry_idx').on(t.status, t.expiryDate, t.id, t.personId, t.enterpriseId),
    // Search at the province's scale: the number by its start or its end (the yearly sequence), the newest first.
    index('certificate_cert_no_c_idx').on(sql`${t.certNo} collate "C"`),
    index('certificate_cert_no_reverse_idx').on(sql`reverse(${t.certNo}) collate "C"`),
    // Newest first with a status or an expiry window: the walk skips from this index alone the
    // thousands of newer certificates that do not match (valid, expiring within 90 days: 9 → 2 ms).
    index('certificate_issue_idx').on(t.issueDate, t.id, t.status, t.expiryDate, t.personId, t.enterpriseId),
    // The certificate search sorts on its shown columns: an index per order (the id breaks ties the same way).
    index('certificate_expiry_idx').on(t.expiryDate, t.id),
    // A status or a category with the default order (newest issue first), and sorting by them (issue date breaks ties).
    index('certificate_status_sort_idx').on(t.status, t.issueDate, t.id),
    index('certificate_category_sort_idx').on(t.category, t.issueDate, t.id),
    index('certificate_print_count_idx').on(t.printCount, t.id),
    // Holders of a category in a status (人员查询's certificate filter), answered from the index alone.
    index('certificate_category_status_person_idx').on(t.category, t.status, t.personId),
  ],
);

/** Continuing-education hours (education imports). */
export const educationRecord = pgTable(
  'education_record',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    certNo: varchar('cert_no', { length: 40 }),
    /** 专业 / course name. */
    course: varchar('course', { length: 200 }).notNull(),
    provider: varchar('provider', { length: 200 }),
    hours: numeric('hours', { precision: 6, scale: 1 }).notNull(),
    startedOn: date('started_on'),
    finishedOn: date('finished_on').notNull(),
    /** The import that wrote the row (null: entered otherwise, e.g. the demo seed). */
    importId: integer('import_id'),
    /** sha256 of the row's identifying values: importing the same row twice writes it once. */
    rowKey: varchar('row_key', { length: 64 }),
  },
  (t) => [index('education_record_person_idx').on(t.personId), uniqueIndex('education_record_row_key_uq').on(t.rowKey)],
);

/** One Excel import (scores or continuing-education hours): who, which file, how many rows. */
export const dataImport = pgTable(
  'data_import',
  {
    id: serial('id').primaryKey(),
    /** exam | education. */
    kind: varchar('kind', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    rows: integer('rows').notNull(),
    /** Rows that were new (a repeated file adds none). */
    written: integer('written').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('data_import_kind_idx').on(t.kind, t.createdAt)],
);

/**
 * Every public look-up of a certificate (SPEC 2 CertCheckRecord): the QR code's /cert/:queryCode and
 * the public search by number or by name and ID number, written in the request that answered it.
 */
export const certCheckRecord = pgTable(
  'cert_check_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** qr: /cert/:queryCode (the printed QR code); card: the public search by number, or by name and ID number. */
    source: varchar('source', { length: 8 }).notNull().default('qr'),
    /** The query code asked for (qr), or the code of the certificate found (card). */
    queryCode: varchar('query_code', { length: 32 }),
    /** What a card look-up asked: the certificate number, or the name and the ID number masked. */
    queryText: varchar('query_text', { length: 100 }),
    certificateId: integer('certificate_id'),
    found: boolean('found').notNull(),
    /** The centre of the certificate's enterprise when it was checked (null: nothing found), so lists scope without a join. */
    area: varchar('area', { length: 1 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    checkedAt: stampedNow('checked_at'),
    detail: jsonb('detail'),
  },
  (t) => [
    index('cert_check_record_time_idx').on(t.checkedAt),
    index('cert_check_record_area_time_idx').on(t.area, t.checkedAt),
    index('cert_check_record_certificate_idx').on(t.certificateId),
    // The look-ups that found nothing (possible forgeries), newest first.
    index('cert_check_record_found_time_idx').on(t.found, t.checkedAt),
    // The check figures of a period (per day, per source, the most checked certificates) from the
    // index alone: three aggregates over a month's records without visiting the table.
    index('cert_check_record_figures_idx').on(t.checkedAt, t.source, t.found, t.certificateId),
  ],
);

// ---------- applications and their workflow ----------

/**
 * One application of any business type. Its state is the persisted snapshot of the application
 * statechart; status and step are derived from it on every transition and kept here for queries.
 */
export const application = pgTable(
  'application',
  {
    id: serial('id').primaryKey(),
    /** Application number shown to users, e.g. XB2026112200001. */
    applyNo: varchar('apply_no', { length: 32 }).notNull(),
    businessType: varchar('business_type', { length: 24 }).notNull(),
    applicantUserId: integer('applicant_user_id')
      .notNull()
      .references(() => sysUser.userId),
    enterpriseId: integer('enterprise_id').references(() => enterprise.id),
    personId: integer('person_id').references(() => person.id),
    /**
     * The person's name as person holds it now, kept by migration 0032's triggers (never written by
     * the services): the work search finds a typed name's applications from its own index, and the
     * queues and lists show it without joining person.
     */
    holderName: text('holder_name'),
    /**
     * The person's ID number as person holds it now, kept by migration 0039's triggers as holder_name
     * is: the work search finds a typed ID number's applications from its own index. Never shown.
     */
    holderIdNo: text('holder_id_no'),
    /** The holder who confirms (person check), when the route needs it. */
    holderUserId: integer('holder_user_id').references(() => sysUser.userId),
    certificateId: integer('certificate_id').references(() => certificate.id),
    /** Area of the centre that handles it ('1', '2', '3'), from the applying enterprise's ownership. */
    area: varchar('area', { length: 1 }).notNull(),
    /** SPEC 4 applyStatus: 0, 1, 2, 3, 4, 8 (derived from the snapshot). */
    status: integer('status').notNull(),
    /** Current step sl … bj (derived), null before submission. */
    step: varchar('step', { length: 2 }),
    /** +1 on every transition; an event must name the version its sender saw. */
    version: integer('version').notNull().default(0),
    snapshot: jsonb('snapshot').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** approved | denied once closed. */
    outcome: varchar('outcome', { length: 10 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('application_apply_no_uq').on(t.applyNo),
    index('application_queue_idx').on(t.area, t.status, t.step),
    index('application_type_idx').on(t.businessType, t.status),
    index('application_applicant_idx').on(t.applicantUserId),
    index('application_holder_idx').on(t.holderUserId),
    index('application_certificate_idx').on(t.certificateId),
    // WorkSearch and ApplySearch: by number prefix, enterprise, person, dates; overdue = accepted long ago and still open.
    index('application_apply_no_c_idx').on(sql`${t.applyNo} collate "C"`),
    index('application_enterprise_idx').on(t.enterpriseId),
    index('application_person_idx').on(t.personId),
    // A name's applications by its start, newest first or counted, from the index alone (a compound
    // surname's 1,054 applications: 0.3 ms, against 4–9 ms through its 2,162 persons one by one).
    index('application_holder_name_idx').on(sql`${t.holderName} collate "C"`, t.id).where(sql`${t.deleted} = false`),
    // And an ID number's: its few applications without looking up its persons first (a round trip
    // that, sixteen requests at a time, was the slowest step of the work search by ID number).
    index('application_holder_id_no_idx').on(sql`${t.holderIdNo} collate "C"`, t.id).where(sql`${t.deleted} = false`),
    // The deleted flag rides along: a month's bounded count reads the index alone (4–9 → 0.5 ms at the province's scale).
    index('application_submitted_idx').on(t.submittedAt, t.deleted),
    index('application_closed_idx').on(t.closedAt, t.deleted),
    index('application_open_accepted_idx').on(t.status, t.acceptedAt),
    // Sorting the work search newest first with the undated last needs the DESC NULLS LAST order itself.
    index('application_submitted_desc_idx').on(t.submittedAt.desc().nullsLast(), t.id.desc()),
    index('application_closed_desc_idx').on(t.closedAt.desc().nullsLast(), t.id.desc()),
    index('application_accepted_idx').on(t.acceptedAt, t.id),
    index('application_accepted_desc_idx').on(t.acceptedAt.desc().nullsLast(), t.id.desc()),
    index('application_updated_idx').on(t.updatedAt, t.id),
    index('application_type_sort_idx').on(t.businessType, t.id),
    index('application_status_sort_idx').on(t.status, t.id),
    // The applications at one step, newest first (办件查询 by status and step), straight from the index.
    index('application_status_step_idx').on(t.status, t.step, t.id),
    // The live applications by status, centre, step and type (the queues and the work search's
    // status and step filters) from the index alone. The workbench's queue figures read
    // application_waiting_count instead.
    index('application_waiting_idx')
      .on(t.status, t.area, t.step, t.businessType, t.acceptedAt)
      .where(sql`${t.deleted} = false`),
  ],
);

const waitingKey = () => ({
  businessType: varchar('business_type', { length: 24 }).notNull(),
  status: integer('status').notNull(),
  /** The application's step, '' where it has none. */
  step: varchar('step', { length: 2 }).notNull(),
  area: varchar('area', { length: 1 }).notNull(),
  acceptedDay: date('accepted_day', { mode: 'string' }).notNull(),
});
/**
 * The live applications waiting to be accepted (status 2) or reviewed (3), counted per type, step,
 * centre and China day of acceptance ('-infinity' before it): the workbench's queue figures and
 * their overdue items (the statutory deadline is a day's end) from a few thousand rows instead of
 * the province's 28,000 waiting applications. Migration 0036's triggers append every change to
 * application_waiting_change in the same transaction (−1 where an item was, +1 where it is); the
 * statistics refresh folds them in here; readers add both (server/workflow/waiting.ts).
 */
export const applicationWaitingCount = pgTable(
  'application_waiting_count',
  {
    ...waitingKey(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'application_waiting_count_pk',
      columns: [t.businessType, t.status, t.step, t.area, t.acceptedDay],
    }),
  ],
);

/** The changes to application_waiting_count not yet folded in: appended only, so transitions never wait on a shared count. */
export const applicationWaitingChange = pgTable('application_waiting_change', {
  ...waitingKey(),
  n: integer('n').notNull(),
});

/** Every transition of an application: replaying these events must give the stored snapshot. */
export const applicationHistory = pgTable(
  'application_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => application.id, { onDelete: 'cascade' }),
    /** The application's version after this transition. */
    version: integer('version').notNull(),
    event: varchar('event', { length: 16 }).notNull(),
    /** SPEC 4 approval result: 1 agree, 0 disagree, 3 withdraw, 4 return; null for other events. */
    resultCode: integer('result_code'),
    step: varchar('step', { length: 2 }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => sysUser.userId),
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    roleKey: varchar('role_key', { length: 64 }).notNull(),
    comment: text('comment'),
    fromState: varchar('from_state', { length: 40 }).notNull(),
    toState: varchar('to_state', { length: 40 }).notNull(),
    /** At SUBMIT: the facts the business rules read and passed on (the reviewer's case view shows them). */
    facts: jsonb('facts'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('application_history_version_uq').on(t.applicationId, t.version),
    // The workbench counts what a reviewer did today and this month, by event, from the index alone
    // (with the event in the heap: 4,000 rows of a month read one heap page each, 3.6–9 ms; now 0.8).
    index('application_history_actor_idx').on(t.actorId, t.createdAt, t.event),
  ],
);

// ---------- certificate business (#4) ----------

/**
 * A certificate's history: one row per event the certificate machine took (written by the one writer,
 * server/modules/certificate/writer.ts), with the row as it was before (the kept version, DOMAIN.md:
 * versions are kept) and the machine's state before and after. Replayed from its first row, it gives
 * the stored row (server/modules/certificate/history.ts). Rows from before the machine have no event;
 * migration 0043 added an ADOPT row per certificate, the state it had then, where their replay starts.
 */
export const certificateHistory = pgTable(
  'certificate_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificate.id, { onDelete: 'cascade' }),
    /** The version this row describes (the certificate's version before the change; 0 for its issue). */
    version: integer('version').notNull(),
    /** The certificate row and its holder's fields as they were (JSON); null for the issue (nothing was before). */
    data: jsonb('data'),
    /** Why: the business type (delay, modify, inner, rename, revocation, …), punishment, a job's name, or load. */
    reason: varchar('reason', { length: 24 }).notNull(),
    applicationId: integer('application_id').references(() => application.id),
    changedAt: stampedNow('changed_at'),
    /** The machine's event (ISSUE, DELAY, …; ADOPT: the state found when the machine took over). */
    event: varchar('event', { length: 16 }),
    /** The event's fields as sent (its type aside). */
    eventData: jsonb('event_data'),
    /** Who sent it: the user (a reviewer), or the scheduled job by name; neither for a data load. */
    actorId: integer('actor_id'),
    job: varchar('job', { length: 32 }),
    /** The punishment whose review sent it. */
    punishmentId: integer('punishment_id'),
    /** The machine's persisted snapshot ({value, context}) before (null for the issue) and after. */
    stateBefore: jsonb('state_before'),
    stateAfter: jsonb('state_after'),
  },
  (t) => [index('certificate_history_cert_idx').on(t.certificateId, t.version)],
);

/** Last issued sequence per category and year; incremented under a row lock so numbers never repeat. */
export const certNoSequence = pgTable(
  'cert_no_sequence',
  {
    category: varchar('category', { length: 2 }).notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.year] })],
);

/** Messages for the national platform (an external system syncs them): transfers out, issues, revocations. */
export const nationalOutbox = pgTable(
  'national_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    certificateId: integer('certificate_id').references(() => certificate.id),
    applicationId: integer('application_id').references(() => application.id),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** pending | sent | dead (gave up after the configured attempts; an administrator may retry). */
    state: varchar('state', { length: 8 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('national_outbox_unsent_idx').on(t.sentAt), index('national_outbox_state_idx').on(t.state)],
);

/** What a scheduled job has already told whom (a reminder threshold, an overdue warning): sent once. */
export const noticeSent = pgTable(
  'notice_sent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** e.g. delay90, delay30, delay7, expiredNoDelay, deadline3, overdue. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** What it was about, e.g. certificate:123 or application:45. */
    ref: varchar('ref', { length: 64 }).notNull(),
    sentAt: stampedNow('sent_at'),
  },
  (t) => [uniqueIndex('notice_sent_once_uq').on(t.kind, t.ref)],
);

/** One run of a scheduled job, for the job monitor (started, finished, result, rows touched). */
export const jobRun = pgTable(
  'job_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    job: varchar('job', { length: 64 }).notNull(),
    /** schedule | manual. */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    rows: integer('rows').notNull().default(0),
    error: text('error'),
    detail: jsonb('detail'),
  },
  (t) => [index('job_run_job_idx').on(t.job, t.startedAt)],
);

/** A job an administrator paused (the schedule stays; runs are skipped while paused). */
export const jobSetting = pgTable('job_setting', {
  job: varchar('job', { length: 64 }).primaryKey(),
  paused: boolean('paused').notNull().default(false),
  updatedBy: integer('updated_by'),
  updatedAt: updatedAt(),
});

/**
 * An exam batch (考试批次): one category, one area, the two parts' times, a capacity and a sign-up
 * window. Its life is the examBatch statechart (machines/examBatch.machine.ts): the persisted
 * snapshot, its state name and an optimistic version, like applications.
 */
export const examBatch = pgTable(
  'exam_batch',
  {
    id: serial('id').primaryKey(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    category: varchar('category', { length: 2 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    place: varchar('place', { length: 200 }).notNull(),
    /** 安全生产知识 part. */
    knowledgeStart: timestamp('knowledge_start', { withTimezone: true }).notNull(),
    knowledgeEnd: timestamp('knowledge_end', { withTimezone: true }).notNull(),
    /** 管理能力 part. */
    abilityStart: timestamp('ability_start', { withTimezone: true }).notNull(),
    abilityEnd: timestamp('ability_end', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    signupFrom: date('signup_from').notNull(),
    signupTo: date('signup_to').notNull(),
    /** draft | open | closed | held | published (the machine's state). */
    state: varchar('state', { length: 16 }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('exam_batch_no_uq').on(t.batchNo), index('exam_batch_area_idx').on(t.area, t.state)],
);

/** A person signed up for a batch by an enterprise; staff accept or refuse it. */
export const examSignup = pgTable(
  'exam_signup',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => examBatch.id),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    enterpriseId: integer('enterprise_id').notNull(),
    category: varchar('category', { length: 2 }).notNull(),
    /** pending | accepted | refused | withdrawn | cancelled (its batch was cancelled). */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    refuseReason: text('refuse_reason'),
    /** 准考证号, given on acceptance. */
    ticketNo: varchar('ticket_no', { length: 32 }),
    seatNo: varchar('seat_no', { length: 16 }),
    /** Random code of the ticket's QR link (/web/examTicket/:code): the ticket number is sequential, this is not guessable. */
    verifyCode: varchar('verify_code', { length: 32 }),
    /** ministerial_position the enterprise declared (the A category's age limit depends on it). */
    position: varchar('position', { length: 2 }),
    signedBy: integer('signed_by').notNull(),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exam_signup_once_uq').on(t.batchId, t.personId, t.category),
    uniqueIndex('exam_signup_ticket_uq').on(t.ticketNo),
    uniqueIndex('exam_signup_verify_code_uq').on(t.verifyCode),
    index('exam_signup_person_idx').on(t.personId),
    index('exam_signup_batch_idx').on(t.batchId, t.status),
  ],
);

/** Exam results per person and category: both parts passed is a precondition of a new certificate. */
export const examResult = pgTable(
  'exam_result',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    /** The sign-up the result belongs to (null for results from before the platform). */
    signupId: integer('signup_id'),
    /** The import that wrote it, if any. */
    importId: integer('import_id'),
    category: varchar('category', { length: 2 }).notNull(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    examDate: date('exam_date').notNull(),
    /** 1 taken, 0 absent. */
    attended: varchar('attended', { length: 1 }).notNull().default('1'),
    /** 安全生产知识 part: 1 pass, 0 fail. */
    knowledgeResult: varchar('knowledge_result', { length: 1 }).notNull(),
    /** 管理能力 part: 1 pass, 0 fail. */
    abilityResult: varchar('ability_result', { length: 1 }).notNull(),
    knowledgeScore: integer('knowledge_score'),
    abilityScore: integer('ability_score'),
  },
  (t) => [
    index('exam_result_person_idx').on(t.personId, t.category),
    uniqueIndex('exam_result_signup_uq').on(t.signupId),
  ],
);

/** Punishments (credit management): 暂扣 sets status 02 and blocks delay while in force. */
export const punishment = pgTable(
  'punishment',
  {
    id: serial('id').primaryKey(),
    personId: integer('person_id')
      .notNull()
      .references(() => person.id),
    certificateId: integer('certificate_id').references(() => certificate.id),
    /** 警告, 罚款, 暂扣, 吊销, 撤销, 记分. */
    type: varchar('type', { length: 8 }).notNull(),
    docNo: varchar('doc_no', { length: 64 }).notNull(),
    reason: text('reason').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    banUntil: date('ban_until'),
    /** violate_type catalog code of the reason. */
    violateType: varchar('violate_type', { length: 64 }),
    /** Ban length in years (1 false materials, 3 fraud or bribery) for 吊销 / 撤销. */
    banYears: integer('ban_years'),
    /** Attached files (sys_oss ids). */
    fileIds: jsonb('file_ids').notNull().default([]),
    /** Four-eyes review, as users and roles: pending | approved | rejected. */
    reviewState: varchar('review_state', { length: 12 }).notNull().default('approved'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('punishment_person_idx').on(t.personId),
    // The punishments of a certificate (credit/inForce.ts: a review's facts, the 暂扣 job's periods).
    index('punishment_certificate_idx').on(t.certificateId),
    // The approved 暂扣 in force on a day, for the 暂扣 job (credit/inForce.ts suspensionsToWrite), read from this index alone.
    index('punishment_suspension_idx')
      .on(t.startDate, t.endDate, t.certificateId, t.id, t.personId)
      .where(sql`${t.type} = '暂扣' and ${t.reviewState} = 'approved'`),
  ],
);

/** The certificates a punishment applies to (the select dialog of CreditManagement). */
export const punishmentCertificate = pgTable(
  'punishment_certificate',
  {
    punishmentId: integer('punishment_id')
      .notNull()
      .references(() => punishment.id, { onDelete: 'cascade' }),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificate.id),
  },
  (t) => [
    primaryKey({ columns: [t.punishmentId, t.certificateId] }),
    index('punishment_certificate_certificate_idx').on(t.certificateId),
  ],
);

// ---------- file storage ----------

/** A stored file (SPEC 3 OSS record): application materials, attachments, uploads of the admin screen. */
export const sysOss = pgTable(
  'sys_oss',
  {
    id: serial('id').primaryKey(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    fileSuffix: varchar('file_suffix', { length: 16 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** local | s3: which store holds it. */
    service: varchar('service', { length: 16 }).notNull().default('local'),
    /** Key inside the store. */
    storageKey: text('storage_key').notNull(),
    /** What it belongs to, e.g. application:12 (free text tag, optional). */
    ownerRef: varchar('owner_ref', { length: 64 }),
    createdBy: integer('created_by').references(() => sysUser.userId),
    createdAt: createdAt(),
  },
  (t) => [index('sys_oss_owner_idx').on(t.ownerRef)],
);

/** Storage configurations (local disk or S3-compatible); exactly one has status '0' (in use), RuoYi style. */
export const sysOssConfig = pgTable(
  'sys_oss_config',
  {
    ossConfigId: serial('oss_config_id').primaryKey(),
    configKey: varchar('config_key', { length: 32 }).notNull(),
    endpoint: varchar('endpoint', { length: 200 }),
    region: varchar('region', { length: 64 }),
    bucketName: varchar('bucket_name', { length: 100 }),
    prefix: varchar('prefix', { length: 100 }),
    accessKey: varchar('access_key', { length: 200 }),
    /** Stored as given; never returned by the API. */
    secretKey: varchar('secret_key', { length: 200 }),
    /** '0' in use, '1' not in use. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_oss_config_key_uq').on(t.configKey)],
);

// ---------- system administration (#5) ----------

/**
 * A pending four-eyes submission for a user or role (SPEC 4 checkStatus '0' new, '2' update, '3' delete).
 * The live record changes only when a reviewer approves; `snapshot` is the recordReview machine's state.
 */
export const sysRecordReview = pgTable(
  'sys_record_review',
  {
    id: serial('id').primaryKey(),
    /** user | role. */
    entity: varchar('entity', { length: 8 }).notNull(),
    /** The live record's id; null for a new record until it is approved. */
    recordId: integer('record_id'),
    checkStatus: varchar('check_status', { length: 1 }).notNull(),
    /** The proposed record (new values). */
    proposed: jsonb('proposed').notNull(),
    /** The live record as it was when submitted (for the reviewer's diff). */
    current: jsonb('current'),
    snapshot: jsonb('snapshot').notNull(),
    /** pending | approved | rejected | cancelled. */
    state: varchar('state', { length: 12 }).notNull().default('pending'),
    submittedBy: integer('submitted_by')
      .notNull()
      .references(() => sysUser.userId),
    submittedAt: stampedNow('submitted_at'),
    reviewedBy: integer('reviewed_by').references(() => sysUser.userId),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    comment: text('comment'),
  },
  (t) => [
    index('sys_record_review_entity_idx').on(t.entity, t.state),
    index('sys_record_review_record_idx').on(t.entity, t.recordId),
  ],
);

/** User groups (UserGroupList) and their members. */
export const sysUserGroup = pgTable('sys_user_group', {
  groupId: serial('group_id').primaryKey(),
  groupName: varchar('group_name', { length: 64 }).notNull(),
  remark: text('remark'),
  status: varchar('status', { length: 1 }).notNull().default('1'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sysUserGroupMember = pgTable(
  'sys_user_group_member',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => sysUserGroup.groupId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/**
 * Small reference lists of the further system pages (SPEC 2): file tags, organ tags, data order,
 * gateways, questions, positions, violate types. One table, one `kind` per page.
 */
export const sysCatalog = pgTable(
  'sys_catalog',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** Kind-specific fields (e.g. a gateway's URL, a question's answer). */
    extra: jsonb('extra').notNull().default({}),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_catalog_kind_code_uq').on(t.kind, t.code),
    index('sys_catalog_kind_idx').on(t.kind, t.sortOrder),
  ],
);

/** Departments of a role whose data scope is custom (dataScope '2', RuoYi sys_role_dept). */
export const sysRoleDept = pgTable(
  'sys_role_dept',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => sysRole.roleId, { onDelete: 'cascade' }),
    deptId: integer('dept_id')
      .notNull()
      .references(() => sysDept.deptId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);

// ---------- statistics (#11): figures refreshed by refreshStatistics, read in ≤ 200 ms at the province's scale ----------

/** stat_refresh's row of the statistics refresh (server/modules/statistics/refresh.ts). */
export const STATISTICS = 'statistics';
/** When each group of statistics was last computed (the pages show it), and for which China day. */
export const statRefresh = pgTable('stat_refresh', {
  name: varchar('name', { length: 32 }).primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
  /** The China day the figures were computed for (expiring windows, ages, overdue). */
  asOfDay: date('as_of_day').notNull(),
  durationMs: integer('duration_ms').notNull(),
  rows: integer('rows').notNull(),
});

/** Certificates by category, status, area, county and issue year; `expiring` = valid (01) and ending within 90 days. */
export const statCertificate = pgTable(
  'stat_certificate',
  {
    category: varchar('category', { length: 2 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    districtCode: varchar('district_code', { length: 12 }).notNull(),
    issueYear: integer('issue_year').notNull(),
    total: integer('total').notNull(),
    expiring: integer('expiring').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stat_certificate_pk', columns: [t.category, t.status, t.area, t.districtCode, t.issueYear] }),
  ],
);

/** The same by city instead of county: what the province-wide figures read (a fraction of the rows). */
export const statCertificateCity = pgTable(
  'stat_certificate_city',
  {
    category: varchar('category', { length: 2 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    issueYear: integer('issue_year').notNull(),
    total: integer('total').notNull(),
    expiring: integer('expiring').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stat_certificate_city_pk', columns: [t.category, t.status, t.area, t.cityCode, t.issueYear] }),
  ],
);

/** Certificates by the month of their issue date (the province's issuance trend). */
export const statCertIssueMonth = pgTable(
  'stat_cert_issue_month',
  {
    month: varchar('month', { length: 7 }).notNull(),
    category: varchar('category', { length: 2 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ name: 'stat_cert_issue_month_pk', columns: [t.month, t.category, t.area] })],
);

/** The ended applications' measures, alike in the monthly, yearly and trend tables (fresh builders per table). */
const closedMeasures = () => ({
  total: integer('total').notNull(),
  /** 已办结 准予. */
  approved: integer('approved').notNull(),
  /** 已办结 不予. */
  denied: integer('denied').notNull(),
  /** 不予以受理办结. */
  rejected: integer('rejected').notNull(),
  /** China days from acceptance to the end, summed over the `handled` ones (averages: days / handled). */
  days: integer('days').notNull(),
  /** The ended applications that had been accepted (不予以受理 ends before acceptance: no handling time). */
  handled: integer('handled').notNull().default(0),
  /** Working days (server/lib/workdays.ts) from acceptance to the end, summed over the `handled` ones. */
  workDays: integer('work_days').notNull().default(0),
});

/**
 * Ended applications (4 不予以受理办结, 8 已办结) by the China month they ended, type, centre and the
 * applying enterprise's city, with the outcomes side by side (total = approved + denied + rejected);
 * `days` and `work_days` sum the China days and working days from acceptance to the end of the
 * `handled` ones (averages). The outcomes are columns, not a
 * key: half the rows, and a period's breakdowns sum columns (all years at the province's scale: 16 →
 * 8 ms).
 */
export const statApplicationClosed = pgTable(
  'stat_application_closed',
  {
    month: varchar('month', { length: 7 }).notNull(),
    businessType: varchar('business_type', { length: 24 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    ...closedMeasures(),
  },
  (t) => [primaryKey({ name: 'stat_application_closed_pk', columns: [t.month, t.businessType, t.area, t.cityCode] })],
);

/**
 * stat_application_closed summed over whole China years (the enterprise's city kept): a period of
 * several years reads its whole years here and only its partial years' months there. All years at
 * the province's scale: 24,000 monthly rows → 2,100 yearly ones and 2,000 months at most.
 */
export const statApplicationClosedYear = pgTable(
  'stat_application_closed_year',
  {
    year: varchar('year', { length: 4 }).notNull(),
    businessType: varchar('business_type', { length: 24 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    ...closedMeasures(),
  },
  (t) => [
    primaryKey({ name: 'stat_application_closed_year_pk', columns: [t.year, t.businessType, t.area, t.cityCode] }),
  ],
);

/**
 * stat_application_closed without the city (a seventh of its rows): the per-month breakdown and the
 * province's workload trend when no city is asked for.
 */
export const statApplicationClosedTrend = pgTable(
  'stat_application_closed_trend',
  {
    month: varchar('month', { length: 7 }).notNull(),
    businessType: varchar('business_type', { length: 24 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    ...closedMeasures(),
  },
  (t) => [primaryKey({ name: 'stat_application_closed_trend_pk', columns: [t.month, t.businessType, t.area] })],
);

/**
 * The check records (证书核验记录) per China day, centre (null: nothing found) and source, for the days
 * before the refresh's China day (stat_refresh.as_of_day): a record is stamped when it is written and
 * none is ever removed, so a day that has ended never changes and these counts are exact. The check
 * figures read them for those days and the records themselves from that day on
 * (server/modules/search/checks.ts): a month of the province's look-ups was 16,000 records a visit.
 */
export const statCheckDay = pgTable(
  'stat_check_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    area: varchar('area', { length: 1 }),
    source: varchar('source', { length: 8 }).notNull(),
    total: integer('total').notNull(),
    found: integer('found').notNull(),
  },
  (t) => [index('stat_check_day_idx').on(t.day)],
);

/** Applications submitted per China month, type and centre (the workload trend). */
export const statApplicationSubmitted = pgTable(
  'stat_application_submitted',
  {
    month: varchar('month', { length: 7 }).notNull(),
    businessType: varchar('business_type', { length: 24 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ name: 'stat_application_submitted_pk', columns: [t.month, t.businessType, t.area] })],
);

/**
 * Applications in progress (0 with the holder, 2 waiting for 受理, 3 under review) by type, status, step,
 * centre, city and age since submission (bucket 0: ≤ 7 days, 1: 8–30, 2: 31–90, 3: > 90; −1 not yet
 * submitted), and whether past the statutory deadline.
 */
export const statApplicationOpen = pgTable(
  'stat_application_open',
  {
    businessType: varchar('business_type', { length: 24 }).notNull(),
    status: integer('status').notNull(),
    step: varchar('step', { length: 2 }).notNull(),
    area: varchar('area', { length: 1 }).notNull(),
    cityCode: varchar('city_code', { length: 12 }).notNull(),
    ageBucket: integer('age_bucket').notNull(),
    overdue: boolean('overdue').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'stat_application_open_pk',
      columns: [t.businessType, t.status, t.step, t.area, t.cityCode, t.ageBucket, t.overdue],
    }),
  ],
);
