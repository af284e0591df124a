/**
 * Continuing-education hours (education_record) for live certificates: 24 hours per certificate year
 * (biz.delay.hoursPerYear) spread over the validity period; about one holder in seven is short of hours.
 */
import type { CertificateSeed } from './certificates.js';
import type { PeopleData } from './people.js';
import type { Rng } from './rng.js';
import { addDays, daysBetween } from '../../lib/days.js';

export interface EducationSeed {
  personKey: number;
  certNo: string;
  course: string;
  provider: string;
  hours: string;
  finishedOn: string;
}

export const HOURS_PER_YEAR = 24;

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
] as const;

const PROVIDERS = [
  '广东省建筑安全协会',
  '广东省建筑业协会',
  '广州市建筑业联合会',
  '深圳市建筑业协会',
  '华南理工大学继续教育学院',
  '广东建设职业技术学院',
] as const;

export function buildEducation(rng: Rng, today: string, people: PeopleData, certs: CertificateSeed[]): EducationSeed[] {
  const rows: EducationSeed[] = [];
  for (const c of certs) {
    if (!c.current || (c.status !== '01' && c.status !== '02')) continue;
    const person = people.persons[c.personKey]!;
    const end = c.expiryDate < today ? c.expiryDate : today;
    const span = daysBetween(c.issueDate, end);
    if (span < 30) continue;
    const full = HOURS_PER_YEAR * 3;
    const inWindow = daysBetween(today, c.expiryDate) < 90;
    // Hours earned so far: on track for the period; those near expiry have (nearly) all of it; some are short.
    let target = inWindow ? full + rng.int(0, 12) : Math.round((HOURS_PER_YEAR * span) / 365) + rng.int(-4, 8);
    if (person.eduShort) target = Math.round(target * rng.faker.number.float({ min: 0.25, max: 0.6 }));
    let total = 0;
    while (total < target) {
      const hours = rng.weighted([
        [8, 5],
        [12, 3],
        [16, 2],
        [24, 1],
      ]);
      total += hours;
      rows.push({
        personKey: c.personKey,
        certNo: c.certNo,
        course: rng.pick(COURSES),
        provider: rng.pick(PROVIDERS),
        hours: `${hours}.0`,
        finishedOn: addDays(c.issueDate, rng.int(10, Math.max(10, span))),
      });
    }
  }
  return rows;
}
