/**
 * The seven small reference lists kept in sys_catalog, one `kind` each, with the zod schema of
 * their kind-specific `extra` fields and the Excel columns those fields add. Permission keys come
 * from the menu tree (server/db/seed/menus.ts): a page without an add/remove button key uses its
 * edit key, a page without an export key exports with its list key.
 */
import { z } from 'zod';
import { flattenMenus } from '../../../db/seed/menus.js';
import { text as fieldText } from '../../../lib/schemas.js';

const color = z
  .string({ error: '标签颜色不能为空' })
  .regex(/^#[0-9a-fA-F]{6}$/, '标签颜色应为 #RRGGBB 形式，例如 #1890ff');
const identifier = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(64, `${label}不能超过64个字符`)
    .regex(/^[a-z_][a-z0-9_]*$/, `${label}只能包含小写字母、数字和下划线，且不以数字开头`);

export const CATALOG_EXTRA = {
  position: z.object({
    certType: z.enum(['A', 'B', 'C', 'N'], { error: '对应证书类别应为 A、B、C 或 N（无）' }).default('N'),
  }),
  fileTag: z.object({
    color,
    fileTypes: fieldText(100, '允许的文件类型')
      .regex(/^$|^[a-z0-9]+(,[a-z0-9]+)*$/, '允许的文件类型应为以逗号分隔的扩展名，例如 pdf,jpg,png')
      .default(''),
    maxSizeMb: z.coerce
      .number({ error: '单个文件大小上限应为数字' })
      .int('单个文件大小上限应为整数')
      .min(1, '单个文件大小上限至少 1 MB')
      .max(50, '单个文件大小上限不能超过 50 MB')
      .default(10),
  }),
  organTag: z.object({
    color,
    description: fieldText(500, '标签说明', { multiline: true }).default(''),
  }),
  dataOrder: z.object({
    table: identifier('数据表'),
    field: identifier('排序字段'),
    direction: z.enum(['asc', 'desc'], { error: '排序方向应为 asc（升序）或 desc（降序）' }),
  }),
  violateType: z.object({
    level: z.enum(['1', '2', '3'], { error: '违规等级应为 1（一般）、2（较重）或 3（严重）' }),
    basis: fieldText(500, '处理依据', { multiline: true }).default(''),
    score: z.coerce
      .number({ error: '记分应为数字' })
      .int('记分应为整数')
      .min(0, '记分不能小于 0')
      .max(12, '记分不能超过 12')
      .default(0),
  }),
  question: z.object({
    answer: fieldText(5000, '答案', { min: 1, multiline: true }),
    category: fieldText(50, '问题分类').default(''),
  }),
  gateway: z.object({
    url: fieldText(500, '接口地址', { min: 1 }).regex(
      /^https?:\/\/[^\s/$.?#][^\s]*$/i,
      '接口地址应为以 http:// 或 https:// 开头的网址',
    ),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: '请求方式应为 GET、POST、PUT 或 DELETE' }),
    timeoutMs: z.coerce
      .number({ error: '超时时间应为数字' })
      .int('超时时间应为整数')
      .min(100, '超时时间至少 100 毫秒')
      .max(600000, '超时时间不能超过 600000 毫秒')
      .default(30000),
  }),
} as const;

export type CatalogKind = keyof typeof CATALOG_EXTRA;
export const CATALOG_KINDS = Object.keys(CATALOG_EXTRA) as CatalogKind[];
export type CatalogExtra<K extends CatalogKind> = z.infer<(typeof CATALOG_EXTRA)[K]>;

export const CATALOG_LABEL: Record<CatalogKind, string> = {
  position: '职务管理',
  fileTag: '文件标签',
  organTag: '机构标签',
  dataOrder: '数据排序',
  violateType: '违规类型',
  question: '常见问题',
  gateway: '网关管理',
};

const LEVEL: Record<string, string> = { '1': '一般', '2': '较重', '3': '严重' };
const CERT_TYPE: Record<string, string> = { A: 'A类', B: 'B类', C: 'C类', N: '无' };
type Cell = string | number | null;
const text = (v: unknown): Cell => (v === undefined || v === null ? null : typeof v === 'number' ? v : String(v));

/** Excel columns of the extra fields of each kind. */
export const CATALOG_EXTRA_COLUMNS: Record<
  CatalogKind,
  ReadonlyArray<{ header: string; width?: number; value: (extra: Record<string, unknown>) => Cell }>
> = {
  position: [{ header: '对应证书类别', value: (e) => CERT_TYPE[String(e.certType)] ?? text(e.certType) }],
  fileTag: [
    { header: '标签颜色', value: (e) => text(e.color) },
    { header: '允许的文件类型', width: 20, value: (e) => text(e.fileTypes) },
    { header: '大小上限（MB）', value: (e) => text(e.maxSizeMb) },
  ],
  organTag: [
    { header: '标签颜色', value: (e) => text(e.color) },
    { header: '标签说明', width: 40, value: (e) => text(e.description) },
  ],
  dataOrder: [
    { header: '数据表', width: 20, value: (e) => text(e.table) },
    { header: '排序字段', width: 20, value: (e) => text(e.field) },
    {
      header: '排序方向',
      value: (e) => (e.direction === 'asc' ? '升序' : e.direction === 'desc' ? '降序' : text(e.direction)),
    },
  ],
  violateType: [
    { header: '违规等级', value: (e) => LEVEL[String(e.level)] ?? text(e.level) },
    { header: '处理依据', width: 40, value: (e) => text(e.basis) },
    { header: '记分', value: (e) => text(e.score) },
  ],
  question: [
    { header: '问题分类', value: (e) => text(e.category) },
    { header: '答案', width: 60, value: (e) => text(e.answer) },
  ],
  gateway: [
    { header: '接口地址', width: 50, value: (e) => text(e.url) },
    { header: '请求方式', value: (e) => text(e.method) },
    { header: '超时时间（毫秒）', value: (e) => text(e.timeoutMs) },
  ],
};

export interface CatalogPerms {
  list: string;
  add: string;
  edit: string;
  remove: string;
  export: string;
}

const MENU_KEYS = new Set(flattenMenus().map((f) => f.node.menuKey));

/** Permission keys of a kind, following the buttons its page has in the menu tree. */
export function catalogPerms(kind: CatalogKind, keys: ReadonlySet<string> = MENU_KEYS): CatalogPerms {
  const key = (action: string) => `system:${kind}:${action}`;
  const has = (action: string) => keys.has(key(action));
  const edit = key('edit');
  return {
    list: key('list'),
    add: has('add') ? key('add') : edit,
    edit,
    remove: has('remove') ? key('remove') : edit,
    export: has('export') ? key('export') : key('list'),
  };
}
