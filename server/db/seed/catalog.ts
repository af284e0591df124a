/**
 * Reference rows of the further system pages (sys_catalog): positions (national codes of the
 * 职务 dictionary with the certificate category each usually holds), file tags of application
 * materials, organisation tags, default sort orders of the big lists, violation types of the
 * credit system, frequently asked questions and the external gateways the platform calls.
 * Idempotent: rows whose (kind, code) already exist are left alone.
 */
import { sysCatalog } from '../schema.js';
import type { DbOrTx } from '../client.js';
/** The kinds of sys_catalog (server/modules/system/catalog/kinds.ts validates their `extra`; a unit test checks these rows against it). */
export type CatalogSeedKind =
  | 'position'
  | 'fileTag'
  | 'organTag'
  | 'dataOrder'
  | 'violateType'
  | 'question'
  | 'gateway';

// eslint-style note: K names the kind only for readability; `extra` is checked against the module's schema in tests.
interface Seed<K extends CatalogSeedKind> {
  code: string;
  name: string;
  extra: Record<string, unknown> & { readonly __kind?: K };
  remark?: string;
  status?: '0' | '1';
}

const POSITIONS: Seed<'position'>[] = [
  { code: '01', name: '法定代表人', extra: { certType: 'A' }, remark: '企业主要负责人，持 A 类证书；每家企业仅一名' },
  { code: '02', name: '总经理（总裁）', extra: { certType: 'A' } },
  { code: '03', name: '分管安全生产的副总经理（副总裁）', extra: { certType: 'A' } },
  { code: '04', name: '分管生产经营的副总经理（副总裁）', extra: { certType: 'A' } },
  { code: '05', name: '技术负责人', extra: { certType: 'A' } },
  { code: '06', name: '安全总监', extra: { certType: 'A' } },
  { code: '07', name: '项目负责人', extra: { certType: 'B' }, remark: '须在本企业注册建造师' },
  { code: '08', name: '专职安全生产管理人员', extra: { certType: 'C' }, remark: '机械类 C1、土建类 C2、综合类 C3' },
  { code: '99', name: '其他', extra: { certType: 'N' } },
];

const FILE_TAGS: Seed<'fileTag'>[] = [
  {
    code: 'id_card',
    name: '身份证明',
    extra: { color: '#1890ff', fileTypes: 'pdf,jpg,png', maxSizeMb: 5 },
    remark: '居民身份证正反面',
  },
  { code: 'diploma', name: '学历证明', extra: { color: '#13c2c2', fileTypes: 'pdf,jpg,png', maxSizeMb: 5 } },
  { code: 'title_cert', name: '职称证书', extra: { color: '#2f54eb', fileTypes: 'pdf,jpg,png', maxSizeMb: 5 } },
  { code: 'labour_contract', name: '劳动合同', extra: { color: '#52c41a', fileTypes: 'pdf', maxSizeMb: 20 } },
  {
    code: 'social_insurance',
    name: '社保缴费证明',
    extra: { color: '#faad14', fileTypes: 'pdf,jpg,png', maxSizeMb: 10 },
    remark: '近 3 个月',
  },
  {
    code: 'constructor_reg',
    name: '注册建造师证书',
    extra: { color: '#722ed1', fileTypes: 'pdf,jpg,png', maxSizeMb: 5 },
    remark: 'B 类证书申请必备',
  },
  { code: 'exam_pass', name: '考核合格证明', extra: { color: '#eb2f96', fileTypes: 'pdf', maxSizeMb: 10 } },
  {
    code: 'education_hours',
    name: '继续教育学时证明',
    extra: { color: '#fa8c16', fileTypes: 'pdf,jpg,png', maxSizeMb: 10 },
  },
  {
    code: 'business_licence',
    name: '企业营业执照',
    extra: { color: '#a0d911', fileTypes: 'pdf,jpg,png', maxSizeMb: 10 },
  },
  {
    code: 'safety_licence',
    name: '安全生产许可证',
    extra: { color: '#f5222d', fileTypes: 'pdf,jpg,png', maxSizeMb: 10 },
  },
  {
    code: 'loss_notice',
    name: '遗失声明',
    extra: { color: '#8c8c8c', fileTypes: 'pdf,jpg,png', maxSizeMb: 5 },
    remark: '证书遗失补办时提供',
  },
  {
    code: 'other',
    name: '其他材料',
    extra: { color: '#595959', fileTypes: 'pdf,jpg,png,doc,docx,xls,xlsx', maxSizeMb: 20 },
  },
];

const ORGAN_TAGS: Seed<'organTag'>[] = [
  {
    code: 'special_grade',
    name: '特级资质企业',
    extra: { color: '#722ed1', description: '建筑工程施工总承包特级资质' },
  },
  {
    code: 'central_soe',
    name: '中央企业',
    extra: { color: '#1890ff', description: '国务院国资委监管企业及其下属施工企业' },
  },
  {
    code: 'key_supervision',
    name: '重点监管企业',
    extra: { color: '#f5222d', description: '近两年发生生产安全事故或被通报的企业' },
  },
  { code: 'credit_good', name: '诚信良好企业', extra: { color: '#52c41a', description: '近三年无不良信用记录' } },
  {
    code: 'bad_record',
    name: '存在不良记录',
    extra: { color: '#fa8c16', description: '在诚信管理中有处罚记录且未满公示期' },
  },
  {
    code: 'out_province',
    name: '省外入粤企业',
    extra: { color: '#13c2c2', description: '注册地在省外、在本省承接工程的企业' },
  },
];

const DATA_ORDERS: Seed<'dataOrder'>[] = [
  {
    code: 'cert_search',
    name: '证书查询默认排序',
    extra: { table: 'certificate', field: 'expiry_date', direction: 'asc' },
    remark: '临近到期的证书排在前面',
  },
  {
    code: 'enterprise_search',
    name: '企业查询默认排序',
    extra: { table: 'enterprise', field: 'name', direction: 'asc' },
  },
  {
    code: 'staff_search',
    name: '人员查询默认排序',
    extra: { table: 'person', field: 'created_at', direction: 'desc' },
  },
  {
    code: 'apply_queue',
    name: '待办业务默认排序',
    extra: { table: 'application', field: 'submitted_at', direction: 'asc' },
    remark: '先提交先办理',
  },
  {
    code: 'print_queue',
    name: '待打印证书默认排序',
    extra: { table: 'certificate', field: 'updated_at', direction: 'asc' },
  },
  {
    code: 'education_record',
    name: '继续教育记录默认排序',
    extra: { table: 'education_record', field: 'created_at', direction: 'desc' },
  },
];

const VIOLATE_TYPES: Seed<'violateType'>[] = [
  {
    code: 'false_material',
    name: '提供虚假材料申请证书',
    extra: {
      level: '3',
      basis: '《建筑施工企业主要负责人、项目负责人和专职安全生产管理人员安全生产管理规定》（住建部令第17号）第二十九条',
      score: 12,
    },
    remark: '撤销证书，1 年内不得再次申请考核',
  },
  {
    code: 'fraud_bribery',
    name: '以欺骗、贿赂等不正当手段取得证书',
    extra: { level: '3', basis: '住建部令第17号第二十九条', score: 12 },
    remark: '撤销证书，3 年内不得再次申请考核',
  },
  {
    code: 'duty_failure',
    name: '未依法履行安全生产管理职责',
    extra: { level: '2', basis: '住建部令第17号第三十二条', score: 6 },
  },
  {
    code: 'accident_liability',
    name: '对生产安全事故负有责任',
    extra: { level: '3', basis: '《安全生产法》第九十五条；住建部令第17号第三十三条', score: 12 },
  },
  {
    code: 'cert_lending',
    name: '涂改、倒卖、出租、出借或以其他形式非法转让证书',
    extra: { level: '3', basis: '住建部令第17号第三十一条', score: 12 },
  },
  {
    code: 'absent_post',
    name: '安管人员未在岗履职（人证不符）',
    extra: { level: '2', basis: '建质〔2015〕206号', score: 3 },
  },
  {
    code: 'no_education',
    name: '未按规定参加安全生产继续教育',
    extra: { level: '1', basis: '住建部令第17号第十七条', score: 1 },
  },
  {
    code: 'info_change_late',
    name: '信息变更未按规定办理',
    extra: { level: '1', basis: '住建部令第17号第十二条', score: 1 },
  },
];

const QUESTIONS: Seed<'question'>[] = [
  {
    code: 'q_delay_when',
    name: '证书什么时候可以申请延期？',
    extra: {
      category: '证书延期',
      answer: '证书有效期满前 3 个月内，由所在企业通过本平台提交延期申请。证书过期后不能延期，须重新参加安全生产考核。',
    },
  },
  {
    code: 'q_delay_hours',
    name: '延期需要多少继续教育学时？',
    extra: {
      category: '证书延期',
      answer: '证书有效期内每年不少于 24 学时（1 学时为 45 分钟），学时以继续教育机构导入本平台的记录为准。',
    },
  },
  {
    code: 'q_transfer',
    name: '人员调动到省内其他企业如何办理？',
    extra: {
      category: '调动',
      answer: '由新聘用企业提交“省内调动”申请，持证人登录个人账户确认后提交审核；证书编号和有效期不变，所在企业变更。',
    },
  },
  {
    code: 'q_lost',
    name: '证书遗失了怎么办？',
    extra: {
      category: '证书变更',
      answer: '通过“证书变更”办理补办，上传遗失声明。审核通过后证书版本号加 1，原电子证书作废。',
    },
  },
  {
    code: 'q_verify',
    name: '如何核验证书真伪？',
    extra: {
      category: '证书查询',
      answer: '扫描证书上的二维码，或在公众查询页面输入证书编号，即可查看证书状态和持证信息。',
    },
  },
  {
    code: 'q_password',
    name: '忘记登录密码怎么办？',
    extra: {
      category: '账户',
      answer: '可使用注册手机号通过短信验证码登录后修改密码；企业账户也可联系所属区域中心重置。',
    },
  },
  {
    code: 'q_b_cert',
    name: '申请 B 类证书有什么特别要求？',
    extra: {
      category: '新办证书',
      answer: '项目负责人（B 类）须在申请企业取得有效的注册建造师注册，且年龄不超过 65 周岁。',
    },
  },
];

const GATEWAYS: Seed<'gateway'>[] = [
  {
    code: 'national_platform',
    name: '全国建筑市场监管公共服务平台（证书数据上报）',
    extra: { url: 'https://jzsc.mohurd.gov.cn/api/safety-cert/report', method: 'POST', timeoutMs: 30000 },
    remark: '调出省外、注销等变更同步',
  },
  {
    code: 'national_query',
    name: '全国安管人员证书查询（外省证书核验）',
    extra: { url: 'https://jzsc.mohurd.gov.cn/api/safety-cert/query', method: 'GET', timeoutMs: 15000 },
  },
  {
    code: 'gd_sso',
    name: '广东省统一身份认证',
    extra: { url: 'https://tyrz.gd.gov.cn/pscp/sso/oauth2/userinfo', method: 'GET', timeoutMs: 10000 },
  },
  {
    code: 'three_db',
    name: '三库一平台人员从业信息核验',
    extra: { url: 'https://zjt.gd.gov.cn/sklpt/api/employment/check', method: 'POST', timeoutMs: 20000 },
  },
  {
    code: 'social_insurance',
    name: '社保参保信息核验',
    extra: { url: 'https://hrss.gd.gov.cn/api/insurance/verify', method: 'POST', timeoutMs: 20000 },
    status: '0',
    remark: '接口联调中，暂停使用',
  },
  {
    code: 'e_license',
    name: '广东省电子证照库',
    extra: { url: 'https://zz.gd.gov.cn/api/license/issue', method: 'POST', timeoutMs: 30000 },
  },
  {
    code: 'sms_gateway',
    name: '政务短信平台',
    extra: { url: 'https://sms.gd.gov.cn/api/send', method: 'POST', timeoutMs: 5000 },
  },
];

const ALL: { [K in CatalogSeedKind]: Seed<K>[] } = {
  position: POSITIONS,
  fileTag: FILE_TAGS,
  organTag: ORGAN_TAGS,
  dataOrder: DATA_ORDERS,
  violateType: VIOLATE_TYPES,
  question: QUESTIONS,
  gateway: GATEWAYS,
};

/** The seed rows of every kind (also read by tests). */
export function catalogSeedRows() {
  return (Object.entries(ALL) as [CatalogSeedKind, Seed<CatalogSeedKind>[]][]).flatMap(([kind, rows]) =>
    rows.map((r, i) => ({
      kind,
      code: r.code,
      name: r.name,
      sortOrder: (i + 1) * 10,
      status: r.status ?? '1',
      extra: r.extra,
      remark: r.remark ?? null,
    })),
  );
}

export async function seedCatalog(db: DbOrTx): Promise<void> {
  await db
    .insert(sysCatalog)
    .values(catalogSeedRows())
    .onConflictDoNothing({ target: [sysCatalog.kind, sysCatalog.code] });
}
