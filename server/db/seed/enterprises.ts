/** ~60 construction enterprises across Guangdong with valid credit codes, licences and qualifications. */
import { makeCreditCode, CREDIT_CODE_ALPHABET } from './creditCode.js';
import { areaOfDistrict, guangdongDistricts } from './districts.js';
import { DICTIONARIES } from './dictionaries.js';
import type { Rng } from './rng.js';
import { addDays, addYears, yearOf } from '../../lib/days.js';

export interface EnterpriseSeed {
  key: number;
  creditCode: string;
  name: string;
  /** Filled in by the person generator (the holder of the enterprise's 法定代表人 A certificate). */
  legalRepresentative: string;
  address: string;
  districtCode: string;
  ownership: '1' | '2' | '3';
  qualification: string;
  licenceNo: string;
  licenceValidTo: string;
  status: '1' | '0';
  /** Relative size: how many staff the person generator gives it. */
  size: number;
}

/** How many enterprises each city gets (city code → count); 60 in all. */
const CITY_QUOTA: ReadonlyArray<readonly [string, number]> = [
  ['440100', 18],
  ['440300', 14],
  ['440600', 5],
  ['441900', 5],
  ['440400', 3],
  ['441300', 3],
  ['442000', 2],
  ['440700', 2],
  ['440500', 2],
  ['440800', 1],
  ['441200', 1],
  ['440900', 1],
  ['441400', 1],
  ['441800', 1],
  ['440200', 1],
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
] as const;

const SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ['建筑工程有限公司', 6],
  ['建设工程有限公司', 5],
  ['建设集团有限公司', 3],
  ['市政工程有限公司', 2],
  ['建筑安装工程有限公司', 2],
  ['机电安装工程有限公司', 1],
  ['建筑装饰工程有限公司', 1],
  ['基础工程有限公司', 1],
  ['建工集团股份有限公司', 1],
  ['园林建设有限公司', 1],
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
] as const;

const QUALIFICATIONS = DICTIONARIES.find((d) => d.dictType === 'enterprise_qualification')!.items.map(
  ([, label]) => label,
);
const QUALIFICATION_WEIGHTS: ReadonlyArray<readonly [string, number]> = QUALIFICATIONS.map(
  (q, i) => [q, i === 0 ? 1 : i <= 3 ? 6 : 2] as const,
);

/** The three enterprises the demo accounts ent_gz, ent_sz and ent_prov belong to (keys 0, 1, 2). */
const FIXED = [
  { name: '广州市宏建建筑工程有限公司', districtCode: '440106', qualification: '建筑工程施工总承包一级', size: 24 },
  { name: '深圳市鹏城建设集团有限公司', districtCode: '440304', qualification: '建筑工程施工总承包特级', size: 16 },
  { name: '佛山市华粤建筑工程有限公司', districtCode: '440604', qualification: '市政公用工程施工总承包一级', size: 14 },
] as const;

function orgBody(rng: Rng): string {
  // Codes issued since 2015 start with MA (free alphabet); older ones are the 8-digit organisation code.
  if (rng.chance(0.5)) return `MA${rng.faker.string.fromCharacters(CREDIT_CODE_ALPHABET, 6)}`;
  return rng.faker.string.numeric({ length: 8, allowLeadingZeros: false });
}

export function buildEnterprises(rng: Rng, today: string): EnterpriseSeed[] {
  const districts = guangdongDistricts();
  const name = (code: string) => districts.find((d) => d.code === code)!.name;
  const countiesOf = (cityCode: string) => {
    const list = districts.filter((d) => d.parentCode === cityCode).map((d) => d.code);
    return list.length ? list : [cityCode];
  };

  const plan: Array<{ districtCode: string; name?: string; qualification?: string; size?: number }> = FIXED.map(
    (f) => ({ ...f }),
  );
  const quota = new Map(CITY_QUOTA);
  for (const f of FIXED) {
    const city = `${f.districtCode.slice(0, 4)}00`;
    quota.set(city, quota.get(city)! - 1);
  }
  for (const [city, n] of quota) for (let i = 0; i < n; i++) plan.push({ districtCode: rng.pick(countiesOf(city)) });

  const usedNames = new Set<string>(FIXED.map((f) => f.name));
  const usedCodes = new Set<string>();
  const usedLicences = new Set<string>();
  return plan.map((p, key) => {
    const cityCode = `${p.districtCode.slice(0, 4)}00`;
    const cityName = name(cityCode);
    let entName = p.name;
    while (!entName || (key >= FIXED.length && usedNames.has(entName)))
      entName = `${cityName}${rng.pick(WORDS)}${rng.weighted(SUFFIXES)}`;
    usedNames.add(entName);

    let creditCode = '';
    while (!creditCode || usedCodes.has(creditCode)) creditCode = makeCreditCode(p.districtCode, orgBody(rng));
    usedCodes.add(creditCode);

    const county = p.districtCode === cityCode ? '' : name(p.districtCode);
    const building = rng.chance(0.5)
      ? `${rng.pick(['建设', '宏达', '粤海', '中信', '财富', '国际', '金融', '科技'])}大厦${rng.int(3, 28)}楼`
      : '';
    const address = `广东省${cityName}${county}${rng.pick(ROADS)}${rng.int(1, 999)}号${building}`;

    // Licence valid for 3 years; two enterprises (not the demo ones) run on an expired licence.
    const validTo =
      key >= FIXED.length && key % 29 === 7 ? addDays(today, -rng.int(10, 200)) : addDays(today, rng.int(30, 1090));
    const licenceYear = yearOf(addYears(addDays(validTo, 1), -3));
    let licenceNo = '';
    while (!licenceNo || usedLicences.has(licenceNo))
      licenceNo = `(粤)JZ安许证字[${licenceYear}]${rng.faker.string.numeric(6)}`;
    usedLicences.add(licenceNo);

    return {
      key,
      creditCode,
      name: entName,
      legalRepresentative: '',
      address,
      districtCode: p.districtCode,
      ownership: areaOfDistrict(p.districtCode),
      qualification: p.qualification ?? rng.weighted(QUALIFICATION_WEIGHTS),
      licenceNo,
      licenceValidTo: validTo,
      status: key >= FIXED.length && key % 23 === 11 ? '0' : '1',
      size: p.size ?? rng.int(5, 14),
    };
  });
}
