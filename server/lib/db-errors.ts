/**
 * PostgreSQL errors that mean the request was wrong, not the server: a value the column cannot
 * hold is a 400, a duplicate of a unique key a 409. The route schemas refuse bad input before it
 * gets here; this is the net under them, and the only judge of races (two registrations of one
 * name both pass the "is it taken?" check, the unique index lets one through).
 */

export interface DatabaseRefusal {
  status: 400 | 409;
  msg: string;
  field?: string;
}

interface PgErrorLike {
  code: string;
  constraint?: string;
  detail?: string;
  column?: string;
}

/** SQLSTATEs of data the column or type cannot take (class 22) and of input too large to index. */
const BAD_INPUT: Record<string, string> = {
  '22001': '输入的内容过长',
  '22003': '数值超出允许范围',
  '22007': '日期或时间格式不正确',
  '22008': '日期或时间超出允许范围',
  '22021': '输入含有无效的字符',
  '22P02': '输入的值格式不正确',
  '22P05': '输入含有无法保存的字符',
  '54000': '输入的内容过长',
};

/** What each unique index guards, in the words of the screens. */
const UNIQUE_LABELS: Record<string, string> = {
  sys_user_user_name_uq: '登录账号已存在',
  sys_user_phone_uq: '手机号码已被其他账号使用',
  sys_role_role_key_uq: '角色权限字符已存在',
  sys_dict_type_type_uq: '字典类型已存在',
  sys_dict_data_type_value_uq: '字典键值已存在',
  sys_config_key_uq: '参数键名已存在',
  enterprise_credit_code_uq: '统一社会信用代码已存在',
  person_id_no_uq: '证件号码已存在',
  certificate_cert_no_uq: '证书编号已存在',
  certificate_query_code_uq: '证书查询码已存在',
  application_apply_no_uq: '申请编号已存在',
  application_history_version_uq: '该申请已被他人处理，请刷新后重试',
  sys_oss_config_key_uq: '存储配置键名已存在',
  sys_catalog_kind_code_uq: '编码已存在',
  exam_batch_no_uq: '考试批次编号已存在',
  exam_signup_once_uq: '该人员已报名本批次同类别考试',
  exam_signup_ticket_uq: '准考证号已存在，请重试',
  exam_signup_verify_code_uq: '准考证核验码已存在，请重试',
  exam_result_signup_uq: '该报名已有成绩',
};

/** The PostgreSQL error under drizzle's wrapping (it keeps the driver's error in `cause`). */
export function pgErrorOf(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown };
    // Both pg and PGlite report a five-character SQLSTATE with a severity; fastify's codes are longer.
    if (
      typeof candidate.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(candidate.code) &&
      typeof candidate.severity === 'string'
    ) {
      return candidate as PgErrorLike;
    }
    current = candidate.cause;
  }
  return null;
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The 400 or 409 a database error stands for, or null when it is the server's own fault. */
export function databaseRefusal(error: unknown): DatabaseRefusal | null {
  const pg = pgErrorOf(error);
  if (!pg) return null;
  const badInput = BAD_INPUT[pg.code];
  if (badInput) return { status: 400, msg: badInput };
  if (pg.code === '23505') return { status: 409, msg: (pg.constraint && UNIQUE_LABELS[pg.constraint]) || '记录已存在' };
  if (pg.code === '23503') {
    // Removing a row others point at is a conflict; pointing at a row that is not there is bad input.
    if (pg.detail?.includes('still referenced')) return { status: 409, msg: '该记录仍被其他数据引用，不能删除' };
    const column = pg.detail?.match(/^Key \(([a-z0-9_]+)\)/)?.[1];
    return { status: 400, msg: '关联的记录不存在', ...(column ? { field: camel(column) } : {}) };
  }
  if (pg.code === '23502')
    return { status: 400, msg: '缺少必填的内容', ...(pg.column ? { field: camel(pg.column) } : {}) };
  if (pg.code === '23514') return { status: 400, msg: '输入的值不符合要求' };
  return null;
}

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01–57P03 (admin_shutdown, crash_shutdown, cannot_connect_now: a restart or a failover), 53300
 * (too_many_connections, while the server's slots are taken by reconnecting processes).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;
/** Socket errors of a server that went away or does not answer. */
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres says these in words only (no code). */
const UNAVAILABLE_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended/i;

/**
 * Whether a failure means the database cannot be reached now (restarting, failing over, down), not
 * that the request or the code was wrong: the answer is 503 with Retry-After, and the same request
 * may succeed a few seconds later. Follows drizzle's wrapping through `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNAVAILABLE_SOCKET.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_WORDS.test(e.message)) return true;
    // A refused connection to a host with several addresses (localhost: ::1 and 127.0.0.1) is an AggregateError.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}
