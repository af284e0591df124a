/**
 * What the search benchmark asks: every list's first page unfiltered and with each filter (and the
 * combinations) its page offers, as the province, a centre and an enterprise; the statistics and
 * workbench calls. Filter values are drawn from the data (a spread of real names, ID numbers,
 * numbers, enterprises, days), several per scenario, so no figure is one cached row.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { rowsOf } from '../../server/db/sql.js';
import { addDays, chinaDate } from '../../server/lib/days.js';

export type Caller = 'province' | 'centre' | 'enterprise';

export interface Scenario {
  /** e.g. "certificates: name prefix (surname)". */
  label: string;
  /** The API path (under /api). */
  path: string;
  caller: Caller;
  /** The query strings to cycle through (the same ones run directly). */
  queries: string[];
  /** Statistics-like calls have their own goal (200 ms). */
  kind: 'list' | 'figures';
}

const enc = encodeURIComponent;
const qs = (o: Record<string, string | number | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${enc(String(v))}`)
    .join('&');

async function sample<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Values drawn from the dataset for the filters. */
export async function samples(db: Db, now: Date, n = 8) {
  // tablesample: a spread over the whole table without sorting millions of rows; repeatable: the
  // same values on every run of the same data, so that two runs compare the code, not the draw.
  const persons = await sample<{ name: string; id_no: string }>(
    db,
    sql`select name, id_no from person tablesample system (1) repeatable (2026) where id > 1000 limit ${n}`,
  );
  const certs = await sample<{ cert_no: string }>(
    db,
    sql`select cert_no from certificate tablesample system (1) repeatable (2026) limit ${n}`,
  );
  const ents = await sample<{ name: string; credit_code: string; district_code: string; qualification: string | null }>(
    db,
    sql`select name, credit_code, district_code, qualification from enterprise tablesample system (5) repeatable (2026) limit ${n}`,
  );
  const apps = await sample<{ apply_no: string }>(
    db,
    sql`select apply_no from application tablesample system (2) repeatable (2026) limit ${n}`,
  );
  const today = chinaDate(now);
  const surnames = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵'].slice(0, n);
  const months = Array.from({ length: n }, (_, i) => addDays(today, -30 * (i + 1)));
  return {
    today,
    surnames,
    fullNames: persons.map((p) => p.name),
    twoChars: persons.map((p) => p.name.slice(0, 2)),
    idPrefixes: persons.map((p) => p.id_no.slice(0, 10)),
    certSuffixes: certs.map((c) => c.cert_no.slice(-7)),
    certPrefixes: certs.map((c) => c.cert_no.slice(0, 10)),
    entWords: ents.map((e) => e.name.slice(3, 7)),
    creditPrefixes: ents.map((e) => e.credit_code.slice(0, 8)),
    cities: ['440100', '440300', '440600', '441900', '441300', '440400', '442000', '440700'].slice(0, n),
    counties: ents.map((e) => e.district_code),
    qualifications: ents.map((e) => e.qualification ?? '建筑工程施工总承包一级'),
    applyPrefixes: apps.map((a) => a.apply_no.slice(0, 10)),
    monthStarts: months,
  };
}

type Samples = Awaited<ReturnType<typeof samples>>;

export function scenarios(s: Samples): Scenario[] {
  const list = (
    label: string,
    path: string,
    caller: Caller,
    queries: Record<string, string | number | undefined>[],
  ): Scenario => ({
    label,
    path,
    caller,
    kind: 'list',
    queries: queries.map((q) => qs({ pageNum: 1, pageSize: 10, ...q })),
  });
  const each = <T>(values: T[], f: (v: T) => Record<string, string | number | undefined>) => values.map(f);
  const one = (q: Record<string, string | number | undefined> = {}) => [q];
  const range = (from: string) => ({ from, to: addDays(from, 29) });
  const certs = '/safetyCertificateInfo/list';
  const ents = '/search/enterprise/list';
  const staff = '/search/staff/list';
  const work = '/search/work/list';
  const checks = '/search/certCheck/list';
  const out: Scenario[] = [
    list('certificates: none', certs, 'province', one()),
    list(
      'certificates: category',
      certs,
      'province',
      each(['A', 'B', 'C1', 'C2', 'C3'], (category) => ({ category })),
    ),
    list(
      'certificates: status',
      certs,
      'province',
      each(['01', '02', '04', '05', '07'], (status) => ({ status })),
    ),
    list(
      'certificates: name prefix (surname)',
      certs,
      'province',
      each(s.surnames, (name) => ({ name })),
    ),
    list(
      'certificates: name prefix (two characters)',
      certs,
      'province',
      each(s.twoChars, (name) => ({ name })),
    ),
    list(
      'certificates: full name',
      certs,
      'province',
      each(s.fullNames, (name) => ({ name })),
    ),
    list(
      'certificates: ID number prefix',
      certs,
      'province',
      each(s.idPrefixes, (idNo) => ({ idNo })),
    ),
    list(
      'certificates: number (end)',
      certs,
      'province',
      each(s.certSuffixes, (certNo) => ({ certNo })),
    ),
    list(
      'certificates: number (start)',
      certs,
      'province',
      each(s.certPrefixes, (certNo) => ({ certNo })),
    ),
    list(
      'certificates: enterprise name',
      certs,
      'province',
      each(s.entWords, (enterpriseName) => ({ enterpriseName })),
    ),
    list(
      'certificates: valid, expiring in 90 days',
      certs,
      'province',
      one({ status: '01', expiryFrom: s.today, expiryTo: addDays(s.today, 90) }),
    ),
    list(
      'certificates: issued in a month',
      certs,
      'province',
      each(s.monthStarts, (d) => ({ beginTime: d, endTime: addDays(d, 29) })),
    ),
    list(
      'certificates: city',
      certs,
      'province',
      each(s.cities, (districtCode) => ({ districtCode })),
    ),
    list(
      'certificates: area + category',
      certs,
      'province',
      each(['1', '2', '3'], (area) => ({ area, category: 'B' })),
    ),
    list('certificates: sort by name', certs, 'province', one({ sortField: 'name', sortOrder: 'ascend' })),
    list(
      'certificates: sort by expiry (desc)',
      certs,
      'province',
      one({ sortField: 'expiryDate', sortOrder: 'descend' }),
    ),
    list('certificates: centre, none', certs, 'centre', one()),
    list(
      'certificates: centre, name prefix',
      certs,
      'centre',
      each(s.surnames, (name) => ({ name })),
    ),
    list('certificates: centre, status 02', certs, 'centre', one({ status: '02' })),
    list('certificates: centre, sort by name', certs, 'centre', one({ sortField: 'name', sortOrder: 'ascend' })),
    list('certificates: enterprise, none', certs, 'enterprise', one()),

    list('enterprises: none', ents, 'province', one()),
    list(
      'enterprises: name (contains)',
      ents,
      'province',
      each(s.entWords, (name) => ({ name })),
    ),
    list(
      'enterprises: credit code prefix',
      ents,
      'province',
      each(s.creditPrefixes, (creditCode) => ({ creditCode })),
    ),
    list(
      'enterprises: city',
      ents,
      'province',
      each(s.cities, (districtCode) => ({ districtCode })),
    ),
    list(
      'enterprises: county',
      ents,
      'province',
      each(s.counties, (districtCode) => ({ districtCode })),
    ),
    list(
      'enterprises: qualification',
      ents,
      'province',
      each(s.qualifications, (qualification) => ({ qualification })),
    ),
    list('enterprises: licence expiring', ents, 'province', one({ licenceState: 'expiring' })),
    list('enterprises: sort by name (desc)', ents, 'province', one({ sortField: 'name', sortOrder: 'descend' })),
    list('enterprises: centre, none', ents, 'centre', one()),
    list('enterprises: centre, licence expired', ents, 'centre', one({ licenceState: 'expired' })),

    list('staff: none', staff, 'province', one()),
    list(
      'staff: name prefix (surname)',
      staff,
      'province',
      each(s.surnames, (name) => ({ name })),
    ),
    list(
      'staff: full name',
      staff,
      'province',
      each(s.fullNames, (name) => ({ name })),
    ),
    list(
      'staff: ID number prefix',
      staff,
      'province',
      each(s.idPrefixes, (idNo) => ({ idNo })),
    ),
    list(
      'staff: certificate number (end)',
      staff,
      'province',
      each(s.certSuffixes, (certNo) => ({ certNo })),
    ),
    list(
      'staff: holds a category',
      staff,
      'province',
      each(['A', 'B', 'C3'], (category) => ({ category })),
    ),
    list('staff: suspended C3', staff, 'province', one({ category: 'C3', certStatus: '02' })),
    list(
      'staff: employer name',
      staff,
      'province',
      each(s.entWords, (enterpriseName) => ({ enterpriseName })),
    ),
    list(
      'staff: employer city',
      staff,
      'province',
      each(s.cities, (districtCode) => ({ districtCode })),
    ),
    list('staff: left the industry', staff, 'province', one({ employStatus: '2' })),
    list('staff: sort by name', staff, 'province', one({ sortField: 'name', sortOrder: 'ascend' })),
    list('staff: centre, none', staff, 'centre', one()),
    list(
      'staff: centre, name prefix',
      staff,
      'centre',
      each(s.surnames, (name) => ({ name })),
    ),
    list('staff: enterprise, none', staff, 'enterprise', one()),

    list('work: none', work, 'province', one()),
    list(
      'work: number prefix',
      work,
      'province',
      each(s.applyPrefixes, (applyNo) => ({ applyNo })),
    ),
    list(
      'work: business type',
      work,
      'province',
      each(['newCert', 'delay', 'modify', 'revocation', 'rename'], (businessType) => ({ businessType })),
    ),
    list(
      'work: status',
      work,
      'province',
      each(['0', '1', '2', '3', '4', '8'], (status) => ({ status })),
    ),
    list(
      'work: under review at a step',
      work,
      'province',
      each(['cb', 'cs', 'sh', 'sp', 'bj'], (step) => ({ status: '3', step })),
    ),
    list('work: overdue', work, 'province', one({ overdue: '1' })),
    list('work: in progress', work, 'province', one({ open: '1' })),
    list(
      'work: enterprise name',
      work,
      'province',
      each(s.entWords, (enterpriseName) => ({ enterpriseName })),
    ),
    list(
      'work: person name prefix',
      work,
      'province',
      each(s.twoChars, (personName) => ({ personName })),
    ),
    list(
      'work: ID number prefix',
      work,
      'province',
      each(s.idPrefixes, (idNo) => ({ idNo })),
    ),
    list(
      'work: city',
      work,
      'province',
      each(s.cities, (districtCode) => ({ districtCode })),
    ),
    list(
      'work: certificate number (end)',
      work,
      'province',
      each(s.certSuffixes, (certNo) => ({ certNo })),
    ),
    list(
      'work: submitted in a month',
      work,
      'province',
      each(s.monthStarts, (d) => ({ beginTime: range(d).from, endTime: range(d).to })),
    ),
    list(
      'work: closed in a month',
      work,
      'province',
      each(s.monthStarts, (d) => ({ closedFrom: range(d).from, closedTo: range(d).to })),
    ),
    list('work: sort by submitted (desc)', work, 'province', one({ sortField: 'submittedAt', sortOrder: 'descend' })),
    list('work: centre, none', work, 'centre', one()),
    list('work: centre, overdue', work, 'centre', one({ overdue: '1' })),
    list(
      'work: centre, type + status',
      work,
      'centre',
      each(['newCert', 'delay', 'inner'], (businessType) => ({ businessType, status: '2' })),
    ),
    list('apply: enterprise, none', '/search/apply/list', 'enterprise', one()),
    list('apply: enterprise, drafts', '/search/apply/list', 'enterprise', one({ status: '1' })),

    list('checks: none', checks, 'province', one()),
    list('checks: not found', checks, 'province', one({ found: '0' })),
    list('checks: public search', checks, 'province', one({ source: 'card' })),
    list(
      'checks: certificate number (end)',
      checks,
      'province',
      each(s.certSuffixes, (certNo) => ({ certNo })),
    ),
    list(
      'checks: a month',
      checks,
      'province',
      each(s.monthStarts, (d) => ({ beginTime: range(d).from, endTime: range(d).to })),
    ),
    list('checks: centre, none', checks, 'centre', one()),
  ];
  const figures = (label: string, path: string, caller: Caller, queries: string[] = ['']): Scenario => ({
    label,
    path,
    caller,
    kind: 'figures',
    queries,
  });
  out.push(
    figures('check figures (30 days)', '/system/sysCheckRecord/getCheckData', 'province'),
    figures('check figures, centre', '/system/sysCheckRecord/getCheckData', 'centre'),
    figures('statistics: certificates', '/statistics/certs', 'province'),
    figures(
      'statistics: certificates of a city',
      '/statistics/certs',
      'province',
      s.cities.map((c) => qs({ districtCode: c })),
    ),
    figures('statistics: certificates, centre', '/statistics/certs', 'centre'),
    figures('statistics: completed (12 months)', '/statistics/completedTask', 'province'),
    figures('statistics: completed, all years', '/statistics/completedTask', 'province', [
      qs({ monthFrom: '2016-01' }),
    ]),
    figures(
      'statistics: completed of a type',
      '/statistics/completedTask',
      'province',
      ['newCert', 'delay', 'modify'].map((b) => qs({ businessType: b, monthFrom: '2016-01' })),
    ),
    figures('statistics: in progress', '/statistics/afootTask', 'province'),
    figures('statistics: in progress, centre', '/statistics/afootTask', 'centre'),
    figures('workbench: centre', '/workbench/summary', 'centre'),
    figures('workbench: province', '/workbench/summary', 'province'),
    figures('workbench: enterprise', '/workbench/summary', 'enterprise'),
    figures('province view', '/analysis/overview', 'province'),
  );
  return out;
}
