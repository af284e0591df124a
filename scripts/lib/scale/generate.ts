/**
 * The benchmark dataset of DOMAIN.md "Scale", generated row by row into COPY files: enterprises over
 * the province's real districts and the three areas, persons with valid identity numbers (GB 11643),
 * their certificates (粤建安 numbers, every category and status, 40 % valid, issued 2010–2026),
 * continuing education, employment, applications of every business type in every state with the
 * machine's history (paths.ts), exam batches and results, punishments, certificate check records,
 * and the enterprise and holder accounts the applications need. Deterministic for a seed; unique
 * keys by construction (credit codes, numbers, query codes) or checked (identity numbers).
 */
import path from 'node:path';
import { BUSINESS_ROUTES, routeSteps, type BusinessType, type Step } from '../../../machines/businessTypes.js';
import { makeCreditCode, CREDIT_CODE_ALPHABET } from '../../../server/db/seed/creditCode.js';
import { makeIdCard } from '../../../server/db/seed/idcard.js';
import { certExpiryDate, formatCertNo, type CertCategory } from '../../../server/db/seed/certNo.js';
import { liveThrough, statusOfState, type CertificateEvent } from '../../../machines/certificate.machine.js';
import { areaOfDistrict, guangdongDistricts } from '../../../server/db/seed/districts.js';
import { DICTIONARIES, ISSUING_AUTHORITY } from '../../../server/db/seed/dictionaries.js';
import { addDays, addYears, chinaDate, chinaDayStart, daysBetween } from '../../../server/lib/days.js';
import { NameMaker } from './names.js';
import { Random, Weighted } from './random.js';
import { TableFile, type Cell } from './tsv.js';
import { allPaths, COMMENT, realId, snapshotFor, type Parties, type Path, type PathName } from './paths.js';
import { planOf, VALID_SHARE, type ScalePlan } from './plan.js';

/** Where ids start (after the rows already in the database: the demo). */
export interface Offsets {
  enterprise: number;
  person: number;
  certificate: number;
  educationRecord: number;
  employmentRecord: number;
  application: number;
  applicationHistory: number;
  sysUser: number;
  examBatch: number;
  examResult: number;
  punishment: number;
  certCheckRecord: number;
  certificateHistory: number;
}

/** Staff who act at each step of each area (the demo's centre accounts) and the roles of new accounts. */
export interface Context {
  now: Date;
  offsets: Offsets;
  staff: Record<'1' | '2' | '3', { ids: Record<Step, number>; names: Record<Step, string> }>;
  roleIds: { enterprise: number; person: number };
  passwordHash: string;
  /** Identity numbers already in the database (the demo's persons). */
  existingIdNos: Set<string>;
}

export const COLUMNS = {
  enterprise: [
    'id',
    'credit_code',
    'name',
    'legal_representative',
    'address',
    'district_code',
    'ownership',
    'qualification',
    'licence_no',
    'licence_valid_to',
    'status',
    'created_at',
    'updated_at',
  ],
  person: [
    'id',
    'name',
    'sex',
    'id_type',
    'id_no',
    'birth_date',
    'education',
    'title',
    'phone',
    'enterprise_id',
    'employ_status',
    'created_at',
    'updated_at',
  ],
  certificate: [
    'id',
    'cert_no',
    'category',
    'person_id',
    'enterprise_id',
    'position',
    'issue_date',
    'valid_from',
    'expiry_date',
    'status',
    'version',
    'query_code',
    'issuing_authority',
    'print_count',
    'printed_version',
    'printed_at',
    'created_at',
    'updated_at',
    'area',
    'holder_name',
    'holder_id_no',
    'suspended_from',
    'suspended_to',
  ],
  // Each certificate's life through the certificate machine (writer.ts loadCertificates' rows, the state before left out: the replay does not need it).
  certificate_history: [
    'id',
    'certificate_id',
    'version',
    'data',
    'reason',
    'changed_at',
    'event',
    'event_data',
    'job',
    'state_after',
  ],
  education_record: ['id', 'person_id', 'cert_no', 'course', 'provider', 'hours', 'started_on', 'finished_on'],
  employment_record: ['id', 'person_id', 'enterprise_id', 'source', 'start_date', 'end_date'],
  sys_user: [
    'user_id',
    'user_name',
    'nick_name',
    'user_type',
    'enterprise_id',
    'person_id',
    'sex',
    'password_hash',
    'password_changed_at',
    'status',
    'remark',
    'created_at',
    'updated_at',
  ],
  sys_user_role: ['user_id', 'role_id'],
  application: [
    'id',
    'apply_no',
    'business_type',
    'applicant_user_id',
    'enterprise_id',
    'person_id',
    'holder_user_id',
    'certificate_id',
    'area',
    'status',
    'step',
    'version',
    'snapshot',
    'payload',
    'outcome',
    'submitted_at',
    'accepted_at',
    'closed_at',
    'printed_at',
    'deleted',
    'created_at',
    'updated_at',
    'holder_name',
    'holder_id_no',
  ],
  application_history: [
    'id',
    'application_id',
    'version',
    'event',
    'result_code',
    'step',
    'actor_id',
    'actor_name',
    'role_key',
    'comment',
    'from_state',
    'to_state',
    'created_at',
  ],
  exam_batch: [
    'id',
    'batch_no',
    'name',
    'category',
    'area',
    'place',
    'knowledge_start',
    'knowledge_end',
    'ability_start',
    'ability_end',
    'capacity',
    'signup_from',
    'signup_to',
    'state',
    'snapshot',
    'version',
    'published_at',
    'created_at',
    'updated_at',
  ],
  exam_result: [
    'id',
    'person_id',
    'category',
    'batch_no',
    'exam_date',
    'attended',
    'knowledge_result',
    'ability_result',
    'knowledge_score',
    'ability_score',
  ],
  punishment: [
    'id',
    'person_id',
    'certificate_id',
    'type',
    'doc_no',
    'reason',
    'start_date',
    'end_date',
    'ban_until',
    'violate_type',
    'ban_years',
    'file_ids',
    'review_state',
    'created_at',
    'updated_at',
  ],
  punishment_certificate: ['punishment_id', 'certificate_id'],
  cert_check_record: [
    'id',
    'source',
    'query_code',
    'query_text',
    'certificate_id',
    'found',
    'area',
    'ip',
    'user_agent',
    'checked_at',
  ],
} as const;
export type TableName = keyof typeof COLUMNS;
/** The order the tables load in (references first). */
export const LOAD_ORDER: readonly TableName[] = [
  'enterprise',
  'person',
  'sys_user',
  'sys_user_role',
  'certificate',
  'certificate_history',
  'education_record',
  'employment_record',
  'exam_batch',
  'exam_result',
  'application',
  'application_history',
  'punishment',
  'punishment_certificate',
  'cert_check_record',
];

// ---------- reference tables of the generator ----------

/** Share of the province's construction enterprises per city (approximate). */
const CITY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['440100', 22],
  ['440300', 20],
  ['440600', 9],
  ['441900', 8],
  ['440400', 3],
  ['441300', 5],
  ['442000', 4],
  ['440700', 4],
  ['440500', 3],
  ['440800', 2.5],
  ['441200', 2.5],
  ['440900', 2.5],
  ['441400', 2],
  ['441800', 2],
  ['440200', 2],
  ['441500', 1.5],
  ['441600', 1.5],
  ['441700', 1.5],
  ['445100', 1.5],
  ['445200', 2],
  ['445300', 1],
];
const WORDS = [
  '宏建',
  '华粤',
  '建晟',
  '中恒',
  '粤海',
  '恒基',
  '广厦',
  '鸿达',
  '顺建',
  '金辉',
  '城建',
  '永利',
  '隆盛',
  '汇通',
  '远洋',
  '南方',
  '珠江',
  '穗安',
  '鹏城',
  '振华',
  '安达',
  '协和',
  '长青',
  '明信',
  '嘉诚',
  '信达',
  '瑞丰',
  '盛世',
  '天力',
  '港湾',
  '华南',
  '利通',
  '建威',
  '裕丰',
  '东浩',
  '新景',
  '恒泰',
  '宏图',
  '昌盛',
  '益源',
  '兴业',
  '伟业',
  '广建',
  '粤建',
  '中泰',
  '联合',
  '海湾',
  '锦绣',
  '世纪',
  '诚安',
  '正浩',
  '华侨',
  '科建',
  '创誉',
  '德润',
  '宝成',
  '晶华',
  '凯达',
  '坚基',
  '卓越',
  '立信',
  '方圆',
  '万通',
  '和顺',
  '宏基',
  '骏业',
  '新基',
  '长盛',
  '荣建',
  '景泰',
  '富华',
  '建达',
  '汇丰',
  '金穗',
  '东方',
  '南粤',
  '星河',
  '泰和',
];
const SUFFIXES = [
  '建筑工程有限公司',
  '建设工程有限公司',
  '建设集团有限公司',
  '市政工程有限公司',
  '建筑安装工程有限公司',
  '机电安装工程有限公司',
  '建筑装饰工程有限公司',
  '基础工程有限公司',
  '建工集团股份有限公司',
  '园林建设有限公司',
  '水利水电工程有限公司',
  '路桥工程有限公司',
];
const ROADS = [
  '中山大道',
  '天河路',
  '黄埔大道',
  '环市东路',
  '工业大道',
  '解放路',
  '人民路',
  '建设路',
  '东风路',
  '新港路',
  '滨江路',
  '迎宾大道',
  '科技园路',
  '府前路',
  '华夏路',
  '五一路',
  '金融街',
  '创业路',
  '朝阳路',
  '长安路',
  '新城大道',
  '发展大道',
  '振兴路',
  '龙江路',
];
const QUALIFICATIONS = new Weighted(
  DICTIONARIES.find((d) => d.dictType === 'enterprise_qualification')!.items.map(
    ([, label], i) => [label, i === 0 ? 1 : i <= 3 ? 6 : 2] as const,
  ),
);
const COURSES = [
  '建设工程安全生产法律法规与政策解读',
  '危险性较大的分部分项工程安全管理',
  '施工现场临时用电安全技术',
  '建筑起重机械安全管理',
  '高处作业与脚手架安全技术',
  '深基坑工程安全管理',
  '建筑施工生产安全事故案例分析',
  '安全生产标准化与双重预防机制建设',
  '施工现场消防安全管理',
  '有限空间作业安全管理',
  '模板支撑体系安全技术',
  '应急管理与生产安全事故应急救援',
  '《广东省建设工程安全生产管理办法》解读',
  '建筑施工企业安全生产管理体系建设',
  '智慧工地与安全生产信息化',
];
const PROVIDERS = [
  '广东省建筑安全协会',
  '广东省建筑业协会',
  '广州市建筑业联合会',
  '深圳市建筑业协会',
  '华南理工大学继续教育学院',
  '广东建设职业技术学院',
];
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.47',
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/122.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; M2102J2SC) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.44',
];
const VIOLATIONS = [
  'duty_failure',
  'absent_post',
  'no_education',
  'info_change_late',
  'accident_liability',
  'cert_lending',
  'false_material',
  'fraud_bribery',
];

type Profile = 'legalRep' | 'manager' | 'managerB' | 'b' | 'c3' | 'c12' | 'none';
/** The person an application is about: its holder_name and holder_id_no copy them. */
type Holder = { name: string; idNo: string };
const PROFILES = new Weighted<Profile>([
  ['manager', 9],
  ['managerB', 3],
  ['b', 25],
  ['c3', 35],
  ['c12', 15],
  ['none', 13],
]);
// Every status a state of the certificate machine (no 99); the punished ones with their punishment, a 暂扣 in force.
const ODD_CURRENT = new Weighted<string>([
  ['02', 2],
  ['04', 6],
  ['05', 5],
  ['06', 2],
  ['07', 1],
  ['03', 1],
]);
const HISTORICAL = new Weighted<string>([
  ['05', 58],
  ['04', 38],
  ['03', 2],
  ['07', 2],
]);
const TYPES = new Weighted<BusinessType>([
  ['newCert', 24],
  ['delay', 30],
  ['inner', 8],
  ['inProvince', 4],
  ['outProvince', 3],
  ['modify', 9],
  ['revocation', 12],
  ['personRevocation', 5],
]);
/** About 5 % of the applications are open (a few weeks of the province's work), the rest ended over the years. */
const PATH_WEIGHTS = new Weighted<PathName>([
  ['approved', 70],
  ['approvedAfterReturn', 6],
  ['deniedMiddle', 4],
  ['deniedBj', 2],
  ['rejected', 5],
  ['draft', 2],
  ['deleted', 1.5],
  ['returned', 1],
  ['withdrawn', 0.5],
  ['declined', 0.5],
  ['personCheck', 0.7],
  ['submitted', 1.5],
  ['review', 3.5],
  ['reviewReturned', 0.6],
]);
const OPEN_PATHS = new Set<PathName>([
  'personCheck',
  'submitted',
  'review',
  'reviewReturned',
  'draft',
  'returned',
  'withdrawn',
  'declined',
]);
const APPLY_NO_PREFIX: Record<BusinessType, string> = {
  newCert: 'XB',
  delay: 'YQ',
  inner: 'SN',
  inProvince: 'DR',
  outProvince: 'DC',
  modify: 'BG',
  revocation: 'ZX',
  personRevocation: 'GZ',
  rename: 'GM',
};
const POSITION_A = new Weighted<string>([
  ['02', 3],
  ['03', 3],
  ['04', 2],
  ['05', 4],
  ['06', 2],
]);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const base31 = (n: number, width: number) => {
  let s = '';
  for (let i = 0; i < width; i++) {
    s = CREDIT_CODE_ALPHABET[n % 31]! + s;
    n = Math.floor(n / 31);
  }
  return s;
};
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** 18 characters (the demo's are 16, so they never meet): a bijective scramble of the id, then noise. */
function queryCodeOf(id: number, rng: Random): string {
  let x = (id * 2654435761) % 281474976710656; // 2^48: odd multiplier, a permutation of 48-bit ids
  let s = '';
  for (let i = 0; i < 8; i++) {
    s += URL_SAFE[x % 64]!;
    x = Math.floor(x / 64);
  }
  for (let i = 0; i < 10; i++) s += URL_SAFE[rng.int(0, 63)]!;
  return s;
}

export interface GenerateResult {
  counts: Record<TableName, number>;
  files: Record<TableName, string>;
  /** Highest sequence number per category and year (cert_no_sequence must start above them). */
  certSequences: Map<string, number>;
  /** Applications to replay through the machine as a check (id, type, path, parties). */
  samples: { id: number; path: Path; parties: Parties }[];
}

export type Progress = (what: string, done: number, total: number) => void;

export class ScaleGenerator {
  readonly plan: ScalePlan;
  private readonly rng: Random;
  private readonly names = new NameMaker();
  private readonly files: Record<TableName, TableFile>;
  private readonly today: string;
  private readonly idNos: Set<string>;
  private readonly counties: Map<string, string[]>;
  private readonly cityPick: Weighted<string>;
  private readonly birthplaces: string[];
  private readonly paths = new Map<string, Path>();
  private readonly reviewSteps = new Map<BusinessType, Step[]>();
  private readonly certSeq = new Map<string, number>();
  private readonly applyNoSeq = new Map<string, number>();
  /** Persons' accounts (person id → user id), made when an application needs one. */
  private readonly personUsers = new Map<number, number>();
  private readonly examBatches = new Map<string, { batchNo: string; date: string }[]>();
  private readonly samples: GenerateResult['samples'] = [];
  private readonly cursor: Record<TableName, number>;
  private appsLeft: number;
  private certsLeft: number;
  private eduLeft: number;
  private checksLeft: number;
  private punishLeft: number;
  private resultsLeft: number;
  private validMade = 0;
  private certsMade = 0;
  private currentMade = 0;

  constructor(
    readonly ctx: Context,
    scale: number,
    dir: string,
    seed = 20_261_124,
  ) {
    this.plan = planOf(scale);
    this.rng = new Random(seed);
    this.today = chinaDate(ctx.now);
    this.idNos = new Set(ctx.existingIdNos);
    this.files = Object.fromEntries(
      Object.entries(COLUMNS).map(([t, cols]) => [t, new TableFile(t, cols, path.join(dir, `${t}.tsv`))]),
    ) as Record<TableName, TableFile>;
    const o = ctx.offsets;
    this.cursor = {
      enterprise: o.enterprise,
      person: o.person,
      certificate: o.certificate,
      education_record: o.educationRecord,
      employment_record: o.employmentRecord,
      sys_user: o.sysUser,
      sys_user_role: 0,
      application: o.application,
      application_history: o.applicationHistory,
      exam_batch: o.examBatch,
      exam_result: o.examResult,
      punishment: o.punishment,
      punishment_certificate: 0,
      cert_check_record: o.certCheckRecord,
      certificate_history: o.certificateHistory,
    };
    const districts = guangdongDistricts();
    this.counties = new Map();
    for (const d of districts.filter((x) => x.level === 3))
      this.counties.set(d.parentCode!, [...(this.counties.get(d.parentCode!) ?? []), d.code]);
    for (const c of ['441900', '442000']) if (!this.counties.has(c)) this.counties.set(c, [c]);
    this.cityPick = new Weighted(CITY_WEIGHTS.filter(([c]) => this.counties.has(c)));
    this.birthplaces = districts
      .filter((d) => d.level === 3 || d.code === '441900' || d.code === '442000')
      .map((d) => d.code);
    for (const p of allPaths()) this.paths.set(`${p.type}|${p.name}|${p.at ?? ''}|${p.withHolder ? 'h' : ''}`, p);
    for (const t of Object.keys(BUSINESS_ROUTES) as BusinessType[])
      this.reviewSteps.set(t, routeSteps(BUSINESS_ROUTES[t].middleSteps).slice(1));
    this.appsLeft = this.plan.applications;
    this.certsLeft = this.plan.certificates;
    this.eduLeft = this.plan.education;
    this.checksLeft = this.plan.checkRecords;
    this.punishLeft = this.plan.punishments;
    this.resultsLeft = this.plan.examResults;
  }

  private next(table: TableName): number {
    this.cursor[table] += 1;
    return this.cursor[table];
  }

  private add(table: TableName, cells: readonly Cell[]): void {
    this.files[table].add(cells);
  }

  private dayBetween(from: string, to: string): string {
    return addDays(from, this.rng.int(0, Math.max(0, daysBetween(from, to))));
  }

  /** An instant on a China working day between 8:30 and 17:30. */
  private instantOn(day: string): Date {
    return new Date(chinaDayStart(day).getTime() + (8.5 + this.rng.next() * 9) * HOUR_MS);
  }

  generate(progress: Progress = () => undefined): GenerateResult {
    this.examBatchesPass();
    const sizes = this.enterprisesPass(progress);
    this.personsPass(sizes, progress);
    this.lostLookups();
    for (const f of Object.values(this.files)) f.close();
    return {
      counts: Object.fromEntries(Object.entries(this.files).map(([t, f]) => [t, f.rows])) as Record<TableName, number>,
      files: Object.fromEntries(Object.entries(this.files).map(([t, f]) => [t, f.path])) as Record<TableName, string>,
      certSequences: this.certSeq,
      samples: this.samples,
    };
  }

  // ---------- exam batches ----------

  private examBatchesPass(): void {
    const cats: CertCategory[] = ['A', 'B', 'C1', 'C2', 'C3'];
    const firstYear = 2016;
    const lastYear = Number(this.today.slice(0, 4));
    // At least one batch of each category in each area every year.
    const perYear = Math.max(15, Math.round(this.plan.examBatches / (lastYear - firstYear + 1)));
    for (let year = firstYear; year <= lastYear; year++) {
      for (let k = 0; k < perYear; k++) {
        const id = this.next('exam_batch');
        const category = cats[k % cats.length]!;
        const area = String((Math.floor(k / cats.length) % 3) + 1);
        let date = this.dayBetween(`${year}-01-10`, `${year}-12-20`);
        if (date > addDays(this.today, -20)) date = addDays(this.today, -20 - this.rng.int(0, 60));
        const batchNo = `KS${year}${String(k + 1).padStart(4, '0')}S`;
        const at = (h: number) => new Date(chinaDayStart(date).getTime() + h * HOUR_MS);
        this.add('exam_batch', [
          id,
          batchNo,
          `${year}年第${k + 1}批${category}类安全生产考核`,
          category,
          area,
          `${area === '1' ? '广州' : area === '2' ? '深圳' : '佛山'}市建设职业培训考核中心`,
          at(9),
          at(11),
          at(14),
          at(16),
          200,
          addDays(date, -40),
          addDays(date, -15),
          'published',
          JSON.stringify({ value: 'published', context: {} }),
          0,
          at(-24 * 5),
          at(-24 * 45),
          at(-24 * 5),
        ]);
        const key = `${category}|${area}`;
        this.examBatches.set(key, [...(this.examBatches.get(key) ?? []), { batchNo, date }]);
      }
    }
  }

  private examResult(personId: number, category: string, area: string, before: string, passed: boolean): void {
    if (this.resultsLeft <= 0) return;
    const batches = (this.examBatches.get(`${category}|${area}`) ?? []).filter((b) => b.date < before);
    if (batches.length === 0) return;
    const b = batches[batches.length - 1 - this.rng.int(0, Math.min(3, batches.length - 1))]!;
    const k = passed || this.rng.chance(0.5);
    const a = passed || !k;
    this.resultsLeft -= 1;
    this.add('exam_result', [
      this.next('exam_result'),
      personId,
      category,
      b.batchNo,
      b.date,
      '1',
      k ? '1' : '0',
      a ? '1' : '0',
      k ? this.rng.int(60, 98) : this.rng.int(30, 59),
      a ? this.rng.int(60, 97) : this.rng.int(25, 59),
    ]);
  }

  // ---------- enterprises and their accounts ----------

  private enterprisesPass(progress: Progress): Int32Array {
    const n = this.plan.enterprises;
    const sizes = new Int32Array(n);
    // Sizes sum to the persons employed (97 %): a long tail of small enterprises and a few large ones.
    const employed = Math.round(this.plan.persons * 0.97);
    const raw = Array.from({ length: n }, () => Math.exp(this.rng.next() * 3.2));
    const sum = raw.reduce((a, b) => a + b, 0);
    let left = employed;
    for (let i = 0; i < n; i++) {
      sizes[i] = i === n - 1 ? Math.max(1, left) : Math.max(1, Math.round((raw[i]! / sum) * employed));
      left -= sizes[i]!;
    }
    const perCity = new Map<string, number>();
    const createdFrom = '2012-01-01';
    for (let i = 0; i < n; i++) {
      const id = this.next('enterprise');
      const city = this.cityPick.pick(this.rng);
      const district = this.rng.pick(this.counties.get(city)!);
      const cityName = guangdongDistricts().find((d) => d.code === city)!.name;
      // The k-th enterprise of a city gets the k-th combination of two words and a suffix: unique names.
      const k = perCity.get(city) ?? 0;
      perCity.set(city, k + 1);
      const combos = WORDS.length * WORDS.length * SUFFIXES.length;
      const c = (k * 7919 + city.charCodeAt(3) * 104729) % combos;
      const name =
        `${cityName}${WORDS[c % WORDS.length]}${WORDS[Math.floor(c / WORDS.length) % WORDS.length]}${SUFFIXES[Math.floor(c / (WORDS.length * WORDS.length))]}` +
        (k >= combos ? `（${Math.floor(k / combos) + 1}）` : '');
      const creditCode = makeCreditCode(district, `MB${base31(i, 6)}`);
      const r = this.rng.next();
      const validTo =
        r < 0.02
          ? null
          : r < 0.1
            ? addDays(this.today, -this.rng.int(1, 700))
            : r < 0.15
              ? addDays(this.today, this.rng.int(0, 90))
              : addDays(this.today, this.rng.int(91, 1095));
      const licenceYear = validTo ? Number(addDays(validTo, 1 - 3 * 365).slice(0, 4)) : 2020;
      const created = this.instantOn(this.dayBetween(createdFrom, addDays(this.today, -400)));
      const legal = this.names.name(this.rng, this.rng.chance(0.9));
      this.legalRepNames.push(legal);
      const address = `广东省${cityName}${district === city ? '' : guangdongDistricts().find((d) => d.code === district)!.name}${this.rng.pick(ROADS)}${this.rng.int(1, 999)}号`;
      this.add('enterprise', [
        id,
        creditCode,
        name,
        legal,
        address,
        district,
        areaOfDistrict(district),
        QUALIFICATIONS.pick(this.rng),
        validTo ? `(粤)JZ安许证字[${licenceYear}]${String(1_000_000 + i).padStart(7, '0')}` : null,
        validTo,
        this.rng.chance(0.97) ? '1' : '0',
        created,
        created,
      ]);
      this.enterpriseArea.push(areaOfDistrict(district));
      // Every enterprise has an account that files its applications.
      const userId = this.next('sys_user');
      this.enterpriseUsers.push(userId);
      this.add('sys_user', [
        userId,
        `qy${id}`,
        name.slice(0, 60),
        '03',
        id,
        null,
        '0',
        this.ctx.passwordHash,
        created,
        '1',
        '规模测试数据',
        created,
        created,
      ]);
      this.add('sys_user_role', [userId, this.ctx.roleIds.enterprise]);
      if (i % 5000 === 0) progress('enterprises', i, n);
    }
    progress('enterprises', n, n);
    return sizes;
  }

  private readonly legalRepNames: string[] = [];
  private readonly enterpriseArea: string[] = [];
  private readonly enterpriseUsers: number[] = [];

  // ---------- persons and everything about them ----------

  private newIdNo(sex: '0' | '1', birthDate: string): string {
    for (;;) {
      const seq = this.rng.int(0, 499) * 2 + (sex === '0' ? 1 : 0);
      const idNo = makeIdCard(this.rng.pick(this.birthplaces), birthDate, seq);
      if (!this.idNos.has(idNo)) {
        this.idNos.add(idNo);
        return idNo;
      }
    }
  }

  private personsPass(sizes: Int32Array, progress: Progress): void {
    const total = this.plan.persons;
    let done = 0;
    const entBase = this.ctx.offsets.enterprise;
    const employed = sizes.reduce((a, b) => a + b, 0);
    // Those who left the industry (no employer) come between the others, as registrations over the
    // years do: all at the end of the ids, a list of the newest persons with an employer filter
    // walked past 30,000 of them before finding its first ten.
    let leaversLeft = total - employed;
    const leaver = () => {
      this.person(null, this.rng.int(0, sizes.length - 1), false, total - done);
      leaversLeft -= 1;
      done += 1;
    };
    for (let e = 0; e < sizes.length; e++) {
      for (let k = 0; k < sizes[e]!; k++) {
        if (leaversLeft > 0 && this.rng.chance(leaversLeft / (total - done))) leaver();
        this.person(entBase + e + 1, e, k === 0, total - done);
        done += 1;
        if (done % 20000 === 0) progress('persons', done, total);
      }
    }
    while (leaversLeft > 0) leaver();
    progress('persons', total, total);
  }

  private person(enterpriseId: number | null, entIndex: number, legalRep: boolean, personsLeft: number): void {
    const rng = this.rng;
    const id = this.next('person');
    const profile: Profile = legalRep ? 'legalRep' : enterpriseId === null ? 'none' : PROFILES.pick(rng);
    const male = rng.chance(profile === 'legalRep' ? 0.9 : profile === 'c3' || profile === 'c12' ? 0.72 : 0.8);
    const sex = male ? '0' : '1';
    const age = legalRep ? rng.int(38, 64) : rng.int(24, 62);
    const birthDate = addDays(addYears(this.today, -age), -rng.int(0, 364));
    const name = legalRep ? this.legalRepNames[entIndex]! : this.names.name(rng, male);
    const idNo = this.newIdNo(sex, birthDate);
    const employStatus = enterpriseId === null ? (age >= 60 ? '3' : '2') : '1';
    const created = this.instantOn(this.dayBetween('2015-01-01', addDays(this.today, -30)));
    this.add('person', [
      id,
      name,
      sex,
      '111',
      idNo,
      birthDate,
      rng.pick(['03', '03', '04', '04', '05', '02', '06']),
      rng.pick(['02', '03', '03', '04', '05', '99']),
      rng.chance(0.3) ? `1${rng.pick(['3', '5', '8', '7'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}` : null,
      enterpriseId,
      employStatus,
      created,
      created,
    ]);
    const area = this.enterpriseArea[entIndex]!;
    const entId = this.ctx.offsets.enterprise + entIndex + 1;
    if (enterpriseId !== null) {
      this.add('employment_record', [
        this.next('employment_record'),
        id,
        enterpriseId,
        'social',
        addDays(this.today, -rng.int(200, 4000)),
        null,
      ]);
    }
    const certs = this.certificates(id, name, idNo, profile, enterpriseId ?? entId, area, birthDate, personsLeft);
    this.applications(id, { name, idNo }, entId, area, certs, enterpriseId !== null, personsLeft, legalRep);
  }

  /** The person's current certificates by profile, then ended ones until the dataset's total is on course. */
  private certificates(
    personId: number,
    name: string,
    idNo: string,
    profile: Profile,
    enterpriseId: number,
    area: string,
    birthDate: string,
    personsLeft: number,
  ) {
    const rng = this.rng;
    const planned: { category: CertCategory; position: string }[] = [];
    switch (profile) {
      case 'legalRep':
        planned.push({ category: 'A', position: '01' });
        break;
      case 'manager':
        planned.push({ category: 'A', position: POSITION_A.pick(rng) });
        break;
      case 'managerB':
        planned.push({ category: 'A', position: POSITION_A.pick(rng) }, { category: 'B', position: '07' });
        break;
      case 'b':
        planned.push({ category: 'B', position: '07' });
        break;
      case 'c3':
        planned.push({ category: 'C3', position: '08' });
        break;
      case 'c12': {
        const r = rng.next();
        if (r < 0.6) planned.push({ category: 'C2', position: '08' });
        if (r > 0.3) planned.push({ category: 'C1', position: '08' });
        break;
      }
      case 'none':
        break;
    }
    const made: {
      id: number;
      certNo: string;
      category: CertCategory;
      status: string;
      expiry: string;
      valid: boolean;
      queryCode: string;
    }[] = [];
    // Valid certificates keep the dataset at 40 % valid whatever the profiles drew: only current
    // certificates can be valid, so the chance follows what is still wanted of what is still to come.
    const validWanted = VALID_SHARE * this.plan.certificates;
    const currentShare = this.certsMade > 1000 ? this.currentMade / this.certsMade : 0.48;
    for (const p of planned) {
      const pValid = Math.min(
        0.97,
        Math.max(0.3, (validWanted - this.validMade) / Math.max(1, this.certsLeft * currentShare * 0.9)),
      );
      this.currentMade += 1;
      const valid = rng.chance(pValid);
      const status = valid ? '01' : ODD_CURRENT.pick(rng);
      let expiry: string;
      if (valid)
        expiry = rng.chance(0.1) ? addDays(this.today, rng.int(0, 90)) : addDays(this.today, rng.int(91, 1094));
      else if (status === '04' || status === '05') expiry = addDays(this.today, -rng.int(1, 2200));
      else expiry = addDays(this.today, rng.int(-300, 1000));
      made.push(
        this.certificate(personId, name, idNo, enterpriseId, area, p.category, p.position, status, expiry, birthDate),
      );
    }
    // Ended certificates (expired, cancelled…) of earlier years, as many as keep the total on course.
    const wanted = this.certsLeft / Math.max(1, personsLeft) - planned.length;
    const extra = Math.max(0, Math.floor(wanted) + (rng.next() < wanted - Math.floor(wanted) ? 1 : 0));
    for (let i = 0; i < Math.min(extra, 4); i++) {
      const category =
        planned[i % Math.max(1, planned.length)]?.category ?? rng.pick(['A', 'B', 'C3', 'C1', 'C2'] as const);
      const expiry = addDays(this.today, -rng.int(30, 4000));
      made.push(
        this.certificate(
          personId,
          name,
          idNo,
          enterpriseId,
          area,
          category,
          category === 'A' ? '02' : category === 'B' ? '07' : '08',
          HISTORICAL.pick(rng),
          expiry,
          birthDate,
        ),
      );
    }
    return made;
  }

  private certificate(
    personId: number,
    name: string,
    idNo: string,
    enterpriseId: number,
    area: string,
    category: CertCategory,
    position: string,
    status: string,
    expiryWanted: string,
    birthDate: string,
  ) {
    const rng = this.rng;
    let issueDate = addDays(addYears(expiryWanted, -3), 1);
    if (issueDate.endsWith('-02-29')) issueDate = addDays(issueDate, 1);
    if (issueDate < '2010-01-01') issueDate = this.dayBetween('2010-01-01', '2010-12-31');
    if (issueDate > this.today) issueDate = this.today;
    const expiry = certExpiryDate(issueDate);
    // Delays keep the number (and its year): some valid certificates were first issued 3 or 6 years earlier.
    let version = 1;
    let first = issueDate;
    while (
      version < 3 &&
      rng.chance(0.3) &&
      addYears(first, -3) >= '2010-01-01' &&
      daysBetween(birthDate, addYears(first, -3)) > 23 * 365
    ) {
      first = addYears(first, -3);
      version += 1;
    }
    const year = Number(first.slice(0, 4));
    const key = `${category}|${year}`;
    const seq = (this.certSeq.get(key) ?? 100_000) + 1;
    this.certSeq.set(key, seq);
    const id = this.next('certificate');
    const certNo = formatCertNo(category, year, seq);
    const queryCode = queryCodeOf(id, rng);
    const printed = rng.chance(0.93);
    const life = this.life(
      id,
      certNo,
      category,
      personId,
      enterpriseId,
      position,
      first,
      version,
      queryCode,
      status,
      expiry,
    );
    const states = liveThrough(life.map((l) => l.event));
    const last = states.at(-1)!;
    if (statusOfState(last.value) !== status)
      throw new Error(`certificate ${certNo}: its life ends in ${last.value}, not ${status}`);
    const c = last.context;
    const at = this.instantOn(first);
    this.add('certificate', [
      id,
      certNo,
      category,
      personId,
      enterpriseId,
      position,
      c.issueDate,
      c.validFrom,
      c.expiryDate,
      status,
      c.version,
      c.queryCode,
      ISSUING_AUTHORITY,
      // The area and the holder are written as migrations 0027's and 0033's triggers would: the load runs with triggers off (seed-scale.ts).
      printed ? 1 : 0,
      printed ? c.version : null,
      printed ? new Date(at.getTime() + rng.int(1, 10) * DAY_MS) : null,
      at,
      life.at(-1)!.at,
      area,
      name,
      idNo,
      c.suspendedFrom,
      c.suspendedTo,
    ]);
    // Its history: one row per event, as the one writer's loader writes them (writer.ts loadCertificates).
    let before: { value: string; context: { version: number } } | null = null;
    for (const [i, l] of life.entries()) {
      const { type, ...fields } = l.event;
      const data =
        before && before.value !== 'unissued'
          ? JSON.stringify({ ...before.context, id, status: statusOfState(before.value as never) })
          : null;
      this.add('certificate_history', [
        this.next('certificate_history'),
        id,
        before?.context.version ?? 0,
        data,
        l.reason,
        l.at,
        type,
        JSON.stringify(fields),
        l.job,
        JSON.stringify(states[i]),
      ]);
      before = states[i]!;
    }
    const valid = status === '01';
    this.certsLeft -= 1;
    this.certsMade += 1;
    if (valid) this.validMade += 1;
    if (valid || status === '02') this.education(personId, certNo, c.validFrom);
    if (valid && rng.chance(0.004)) this.punishment(personId, id, '01', this.dayBetween(c.validFrom, this.today), null);
    // The public checks certificates (valid ones far more often) by their QR code or the public search.
    const perCert = (this.checksLeft / Math.max(1, this.certsLeft + 1)) * (valid ? 1.9 : 0.4);
    const checks = Math.floor(perCert) + (rng.next() < perCert - Math.floor(perCert) ? 1 : 0);
    for (let i = 0; i < checks && this.checksLeft > 0; i++) this.check(id, certNo, c.queryCode, area, name, idNo);
    // Most holders passed an exam batch of the platform before their first issue.
    if (version === 1 && rng.chance(Math.min(1, (this.resultsLeft / Math.max(1, this.certsLeft + 1)) * 1.2)))
      this.examResult(personId, category, area, first, rng.chance(0.9));
    return { id, certNo, category, status, expiry: c.expiryDate, valid, queryCode: c.queryCode };
  }

  /**
   * A certificate's life as the certificate machine takes it: issued on `first`, delayed (version − 1)
   * times (each decided 30 days before its new validity), then ended as `status` says — expired the day
   * after its validity, cancelled or transferred out on a day of its validity (an expired one
   * cancelled afterwards), suspended, rescinded or revoked by a punishment recorded here (a 暂扣 in
   * force today).
   */
  private life(
    id: number,
    certNo: string,
    category: CertCategory,
    personId: number,
    enterpriseId: number,
    position: string,
    first: string,
    version: number,
    queryCode: string,
    status: string,
    expiry: string,
  ): { event: CertificateEvent; at: Date; reason: string; job: string | null }[] {
    const rng = this.rng;
    const load = (event: CertificateEvent, day: string, reason = 'load', job: string | null = null) => ({
      event,
      at: this.instantOn(day),
      reason,
      job,
    });
    const codeOf = (v: number) => (v === version ? queryCode : `${queryCode}-${v}`);
    const steps = [
      load(
        {
          type: 'ISSUE',
          certNo,
          category,
          personId,
          enterpriseId,
          position,
          issueDate: first,
          validFrom: first,
          expiryDate: certExpiryDate(first),
          queryCode: codeOf(1),
          acceptedOn: null,
        },
        first,
      ),
    ];
    let validFrom = first;
    let decided = first;
    for (let v = 2; v <= version; v++) {
      validFrom = addYears(validFrom, 3);
      decided = addDays(validFrom, -30);
      steps.push(
        load(
          { type: 'DELAY', validFrom, expiryDate: certExpiryDate(validFrom), issueDate: decided, queryCode: codeOf(v) },
          decided,
        ),
      );
    }
    const lastValid = [this.today, expiry].sort()[0]!;
    const within = () => this.dayBetween(addDays(decided, 1) > lastValid ? lastValid : addDays(decided, 1), lastValid);
    const expired = expiry < this.today;
    switch (status) {
      case '05':
        steps.push(load({ type: 'EXPIRE', today: addDays(expiry, 1) }, addDays(expiry, 1), 'expiry', 'certExpiry'));
        break;
      case '04':
        if (expired) {
          steps.push(load({ type: 'EXPIRE', today: addDays(expiry, 1) }, addDays(expiry, 1), 'expiry', 'certExpiry'));
          const day = this.dayBetween(addDays(expiry, 1), this.today);
          steps.push(load({ type: 'CANCEL' }, day, 'revocation'));
        } else steps.push(load({ type: 'CANCEL' }, within(), 'revocation'));
        break;
      case '06':
        steps.push(load({ type: 'TRANSFER_OUT' }, within(), 'outProvince'));
        break;
      case '02': {
        // A 暂扣 in force today: begun within the validity, ending after today.
        const from = within();
        const to = addDays(this.today, rng.int(10, 360));
        const punishmentId = this.punishment(personId, id, status, from, to);
        steps.push({
          ...load({ type: 'SUSPEND', today: from, period: { from, to } }, from, 'punishment'),
          reason: `punishment:${punishmentId}`,
        });
        break;
      }
      case '03':
      case '07': {
        const day = within();
        this.punishment(personId, id, status, day, null);
        steps.push(load({ type: status === '03' ? 'RESCIND' : 'REVOKE' }, day, 'punishment'));
        break;
      }
      default:
        break;
    }
    return steps.map((s) => ({ ...s, reason: s.reason.startsWith('punishment:') ? 'punishment' : s.reason }));
  }

  private education(personId: number, certNo: string, issueDate: string): void {
    const rng = this.rng;
    const eligibleLeft = Math.max(1, this.certsLeft * 0.45);
    const mean = this.eduLeft / eligibleLeft;
    const n = Math.max(0, Math.round(mean + (rng.next() - 0.5) * 3));
    const end = issueDate > this.today ? issueDate : this.today;
    for (let i = 0; i < n && this.eduLeft > 0; i++) {
      const finished = this.dayBetween(issueDate, end);
      const hours = rng.pick([8, 8, 12, 12, 16, 24]);
      this.add('education_record', [
        this.next('education_record'),
        personId,
        certNo,
        rng.pick(COURSES),
        rng.pick(PROVIDERS),
        `${hours}.0`,
        addDays(finished, -rng.int(0, 3)),
        finished,
      ]);
      this.eduLeft -= 1;
    }
  }

  /** A punishment of the certificate (answers its id): the 暂扣, 撤销 or 吊销 behind its status, or a warning, fine or points of a valid one. */
  private punishment(
    personId: number,
    certificateId: number,
    status: string,
    start: string,
    end: string | null,
  ): number {
    const rng = this.rng;
    const type =
      status === '02'
        ? '暂扣'
        : status === '07'
          ? '吊销'
          : status === '03'
            ? '撤销'
            : rng.pick(['警告', '罚款', '记分']);
    const ban = type === '吊销' || type === '撤销' ? rng.pick([1, 3]) : null;
    const id = this.next('punishment');
    const at = this.instantOn(start);
    this.add('punishment', [
      id,
      personId,
      certificateId,
      type,
      `粤建安罚〔${start.slice(0, 4)}〕${String(id % 100000).padStart(5, '0')}号`,
      '经查实存在违规行为',
      start,
      type === '暂扣' ? end : null,
      ban ? addYears(start, ban) : null,
      rng.pick(VIOLATIONS),
      ban,
      '[]',
      'approved',
      at,
      at,
    ]);
    this.add('punishment_certificate', [id, certificateId]);
    this.punishLeft -= 1;
    return id;
  }

  private check(
    certificateId: number,
    certNo: string,
    queryCode: string,
    area: string,
    name: string,
    idNo: string,
  ): void {
    const rng = this.rng;
    const qr = rng.chance(0.7);
    const byName = !qr && rng.chance(0.4);
    const at = new Date(this.ctx.now.getTime() - rng.next() * 730 * DAY_MS);
    this.add('cert_check_record', [
      this.next('cert_check_record'),
      qr ? 'qr' : 'card',
      queryCode,
      qr ? null : byName ? `${name} ${idNo.slice(0, 3)}***********${idNo.slice(-4)}` : certNo,
      certificateId,
      true,
      area,
      `${rng.int(14, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      rng.pick(USER_AGENTS),
      at,
    ]);
    this.checksLeft -= 1;
  }

  /** Look-ups that found nothing: mistyped codes, and forged certificates. */
  private lostLookups(): void {
    const rng = this.rng;
    const n = Math.round(this.plan.checkRecords * 0.04);
    for (let i = 0; i < n; i++) {
      const qr = rng.chance(0.6);
      const at = new Date(this.ctx.now.getTime() - rng.next() * 730 * DAY_MS);
      const fake = formatCertNo(rng.pick(['A', 'B', 'C3'] as const), rng.int(2015, 2025), rng.int(1, 9_999_999));
      this.add('cert_check_record', [
        this.next('cert_check_record'),
        qr ? 'qr' : 'card',
        qr ? queryCodeOf(900_000_000 + i, rng).slice(0, 16) : null,
        qr ? null : fake,
        null,
        false,
        null,
        `${rng.int(14, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        rng.pick(USER_AGENTS),
        at,
      ]);
    }
  }

  // ---------- applications ----------

  private personUser(personId: number, name: string, male: boolean): number {
    const known = this.personUsers.get(personId);
    if (known) return known;
    const userId = this.next('sys_user');
    const at = this.ctx.now;
    this.add('sys_user', [
      userId,
      `gr${personId}`,
      name,
      '04',
      null,
      personId,
      male ? '0' : '1',
      this.ctx.passwordHash,
      at,
      '1',
      '规模测试数据',
      at,
      at,
    ]);
    this.add('sys_user_role', [userId, this.ctx.roleIds.person]);
    this.personUsers.set(personId, userId);
    return userId;
  }

  private applications(
    personId: number,
    holder: Holder,
    entId: number,
    area: string,
    certs: { id: number; certNo: string; valid: boolean; status: string }[],
    employed: boolean,
    personsLeft: number,
    legalRep: boolean,
  ): void {
    const rng = this.rng;
    // Enterprise renames are filed by the enterprise: one chance per enterprise, at its first person.
    if (legalRep && rng.chance(0.3) && this.appsLeft > 0) this.application('rename', entId, area, null, null, null);
    const mean = this.appsLeft / Math.max(1, personsLeft);
    const n = Math.floor(mean) + (rng.next() < mean - Math.floor(mean) ? 1 : 0);
    for (let i = 0; i < n && this.appsLeft > 0; i++) {
      let type = TYPES.pick(rng);
      if (!employed && type !== 'personRevocation') type = 'personRevocation';
      const target = BUSINESS_ROUTES[type].target;
      const cert = certs.length ? (certs.find((c) => c.valid) ?? certs[0]!) : null;
      if (target === 'certificate' && !cert) type = 'newCert';
      this.application(type, entId, area, personId, holder, cert);
    }
  }

  private pathFor(type: BusinessType, withHolder: boolean): Path {
    const rng = this.rng;
    let name = PATH_WEIGHTS.pick(rng);
    let at: Step | null = null;
    if (name === 'review') at = rng.pick(this.reviewSteps.get(type)!);
    const key = (n: PathName, a: Step | null) => `${type}|${n}|${a ?? ''}|${withHolder ? 'h' : ''}`;
    let p = this.paths.get(key(name, at));
    if (!p) {
      name = 'approved';
      p = this.paths.get(key(name, null))!;
    }
    return p;
  }

  private application(
    type: BusinessType,
    entId: number,
    area: string,
    personId: number | null,
    holderOf: Holder | null,
    cert: { id: number; valid: boolean } | null,
  ): void {
    const name = holderOf?.name ?? null;
    const rng = this.rng;
    const route = BUSINESS_ROUTES[type];
    const entIndex = entId - this.ctx.offsets.enterprise - 1;
    const withHolder = route.personCheck && personId !== null && rng.chance(0.7);
    const p = this.pathFor(type, withHolder);
    const male = rng.chance(0.75);
    const applicant =
      type === 'personRevocation' ? this.personUser(personId!, name!, male) : this.enterpriseUsers[entIndex]!;
    const holder = withHolder ? this.personUser(personId!, name!, male) : null;
    const staff = this.ctx.staff[area as '1' | '2' | '3'];
    const parties: Parties = { applicant, holder, staff: staff.ids };
    const open = OPEN_PATHS.has(p.name);
    const overdue = p.name === 'review' && rng.chance(0.25);
    // Ended applications spread over the platform's years; open ones are recent (some long overdue).
    const createdDay = open
      ? addDays(
          this.today,
          -(overdue
            ? rng.int(40, 110)
            : p.name === 'review' || p.name === 'reviewReturned'
              ? rng.int(1, 35)
              : rng.int(0, 60)),
        )
      : this.dayBetween('2016-01-04', addDays(this.today, -25));
    let t = this.instantOn(createdDay).getTime();
    const times: number[] = [];
    for (const s of p.steps) {
      const gap =
        s.event === 'SUBMIT'
          ? rng.next() * 2 * DAY_MS
          : s.event === 'CONFIRM' || s.event === 'DECLINE'
            ? rng.next() * 3 * DAY_MS
            : overdue
              ? rng.next() * 2 * DAY_MS
              : (0.2 + rng.next() * 3.5) * DAY_MS;
      t += gap;
      times.push(t);
    }
    // Nothing happens after now: an open item's events are moved back together if need be.
    const shift =
      times.length && times[times.length - 1]! > this.ctx.now.getTime() - HOUR_MS
        ? times[times.length - 1]! - (this.ctx.now.getTime() - HOUR_MS)
        : 0;
    const created = new Date(this.instantOn(createdDay).getTime() - shift);
    const id = this.next('application');
    // The engine's bookkeeping, event by event (server/workflow/decide.ts transitionOf).
    let status = 1;
    let submittedAt: Date | null = null;
    let acceptedAt: Date | null = null;
    let closedAt: Date | null = null;
    let deleted = false;
    let outcome: string | null = null;
    let version = 0;
    for (const [i, s] of p.steps.entries()) {
      const now = new Date(times[i]! - shift);
      const stage = s.to.startsWith('inReview.')
        ? 'inReview'
        : s.to === 'saved' || s.to === 'personCheck' || s.to === 'submitted'
          ? s.to
          : 'final';
      status = s.statusCode ?? status;
      outcome =
        s.to === 'closed' || s.to === 'rejected' ? (s.outcome ?? (s.to === 'rejected' ? 'denied' : null)) : null;
      submittedAt =
        s.to === 'submitted' ? (submittedAt ?? now) : stage === 'saved' || stage === 'personCheck' ? null : submittedAt;
      acceptedAt =
        s.from === 'submitted' && stage === 'inReview'
          ? now
          : stage === 'inReview' || stage === 'final'
            ? acceptedAt
            : null;
      closedAt = s.to === 'closed' || s.to === 'rejected' ? now : null;
      deleted = s.to === 'deleted';
      version += 1;
      const actorId = realId(parties, s.sender);
      const actorName =
        s.sender === 'applicant'
          ? type === 'personRevocation'
            ? name!
            : `企业经办人${entIndex + 1}`
          : s.sender === 'holder'
            ? name!
            : staff.names[s.sender];
      const roleKey =
        s.sender === 'applicant'
          ? type === 'personRevocation'
            ? 'person'
            : 'enterprise'
          : s.sender === 'holder'
            ? 'person'
            : `step_${s.sender}`;
      this.add('application_history', [
        this.next('application_history'),
        id,
        version,
        s.event,
        s.result,
        s.step,
        actorId,
        actorName,
        roleKey,
        COMMENT[s.event] ?? null,
        s.from,
        s.to,
        now,
      ]);
    }
    const last = p.steps.length ? new Date(times[times.length - 1]! - shift) : created;
    const step = p.steps.length ? p.steps[p.steps.length - 1]!.stepAfter : null;
    const day = chinaDate(created).replace(/-/g, '');
    const prefix = `${APPLY_NO_PREFIX[type]}${day}`;
    const seq = (this.applyNoSeq.get(prefix) ?? 50_000) + 1;
    this.applyNoSeq.set(prefix, seq);
    const approved = outcome === 'approved';
    // A 新办 or 省外调入 issues a certificate of its own: none of the person's older ones, issued before it was accepted.
    const certificateId = route.target === 'certificate' ? (cert?.id ?? null) : null;
    const printedAt =
      approved && route.printsCertificate && closedAt && rng.chance(0.6)
        ? new Date(closedAt.getTime() + rng.int(1, 10) * DAY_MS)
        : null;
    this.add('application', [
      id,
      `${prefix}${seq}`,
      type,
      applicant,
      entId,
      personId,
      holder,
      certificateId,
      area,
      status,
      step,
      version,
      JSON.stringify(snapshotFor(p, parties)),
      JSON.stringify({ scale: true }),
      outcome,
      submittedAt,
      acceptedAt,
      closedAt,
      printedAt,
      deleted,
      created,
      last,
      // Migrations 0032's and 0039's triggers write them; the load runs without them (session_replication_role = replica).
      name,
      holderOf?.idNo ?? null,
    ]);
    this.appsLeft -= 1;
    if (type === 'newCert' && personId !== null) this.examResult(personId, 'C3', area, chinaDate(created), true);
    if (this.samples.length < 400 && id % 97 === 0) this.samples.push({ id, path: p, parties });
  }
}
