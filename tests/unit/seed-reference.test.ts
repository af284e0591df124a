import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from '../../server/db/seed/dictionaries.js';
import { guangdongDistricts } from '../../server/db/seed/districts.js';
import { BUSINESS_TYPES, flattenMenus, QUEUE_VIEWS } from '../../server/db/seed/menus.js';
import { grantedMenuKeys, ROLES } from '../../server/db/seed/roles.js';
import { SYS_CONFIG } from '../../server/db/seed/organisation.js';
import { BUSINESS_ROUTES, BUSINESS_TYPES as TYPE_KEYS, routeSteps } from '@machines/businessTypes';

const SPEC_DICT_TYPES = [
  'work_status',
  'sys_notice_type',
  'cer_type',
  'ministerial_title_rank',
  'ministerial_position',
  'sys_user_sex',
  'ent_id_type',
  'cert_status',
  'exam_model',
  'apply_type',
  'enterprise_qualification',
  'emp_regType',
  'nonew_cert_comment',
  'no_agree_comment',
  'new_cert_comment',
  'affiliationRelation',
  'certificateIssuingAuthority',
  'ministerial_diploma',
  'emp_employStatus',
];
const STRING_TYPES = [
  'ministerial_position',
  'ministerial_title_rank',
  'nonew_cert_comment',
  'no_agree_comment',
  'new_cert_comment',
  'ent_id_type',
  'affiliationRelation',
  'certificateIssuingAuthority',
  'ministerial_diploma',
  'emp_employStatus',
  'cer_type',
  'cert_status',
  'apply_type',
];

describe('dictionaries', () => {
  it('has exactly the 19 types of SPEC 3, each with unique values', () => {
    expect(DICTIONARIES.map((d) => d.dictType).sort()).toEqual([...SPEC_DICT_TYPES].sort());
    for (const d of DICTIONARIES) {
      expect(d.items.length).toBeGreaterThan(1);
      expect(new Set(d.items.map(([v]) => v)).size).toBe(d.items.length);
    }
  });

  it('marks string-valued types non-numeric and numeric types with numbers only', () => {
    for (const d of DICTIONARIES) {
      expect(d.numeric, d.dictType).toBe(!STRING_TYPES.includes(d.dictType));
      if (d.numeric) for (const [v] of d.items) expect(String(Number(v)), `${d.dictType} ${v}`).toBe(v);
    }
  });

  it('uses the national codes', () => {
    const values = (t: string) => DICTIONARIES.find((d) => d.dictType === t)!.items.map(([v]) => v);
    const label = (t: string, v: string) =>
      DICTIONARIES.find((d) => d.dictType === t)!.items.find(([x]) => x === v)![1];
    expect(values('cert_status')).toEqual(['01', '02', '03', '04', '05', '06', '07', '99']);
    expect(values('cer_type')).toEqual(['A', 'B', 'C1', 'C2', 'C3']);
    expect(label('ministerial_position', '01')).toBe('法定代表人');
    expect(label('ministerial_position', '07')).toBe('项目负责人');
    expect(label('ent_id_type', '111')).toBe('居民身份证');
    expect(label('certificateIssuingAuthority', '440000')).toBe('广东省住房和城乡建设厅');
    expect(values('apply_type')).toEqual([
      'new',
      'delay',
      'inner',
      'in',
      'out',
      'modify',
      'revocation',
      'personRevocation',
      'rename',
    ]);
    expect(values('ministerial_diploma')).toContain('99');
    expect(label('no_agree_comment', '1')).toBe('材料不全，请补正');
  });
});

describe('districts', () => {
  const list = guangdongDistricts();
  it('has Guangdong, its 21 cities and their counties with unique codes', () => {
    expect(list.filter((d) => d.level === 1)).toHaveLength(1);
    expect(list.filter((d) => d.level === 2)).toHaveLength(21);
    expect(list.filter((d) => d.level === 3).length).toBeGreaterThan(100);
    expect(new Set(list.map((d) => d.code)).size).toBe(list.length);
    for (const d of list) expect(d.code).toMatch(/^44\d{4}$/);
    const codes = new Set(list.map((d) => d.code));
    for (const d of list) if (d.parentCode) expect(codes.has(d.parentCode)).toBe(true);
  });

  it('assigns the area by city', () => {
    const byCode = new Map(list.map((d) => [d.code, d]));
    expect(byCode.get('440106')).toMatchObject({ name: '天河区', area: '1', parentCode: '440100' });
    expect(byCode.get('440304')).toMatchObject({ name: '福田区', area: '2' });
    expect(byCode.get('441900')).toMatchObject({ name: '东莞市', area: '3', level: 2 });
    expect(byCode.get('440000')!.area).toBeNull();
  });
});

describe('menus', () => {
  const flat = flattenMenus();
  it('has unique permission keys and route names', () => {
    const keys = flat.map((f) => f.node.menuKey);
    expect(new Set(keys).size).toBe(keys.length);
    const names = flat.map((f) => f.node.name).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has the shapes the client expects', () => {
    for (const { node, parentKey } of flat) {
      if (node.menuType === 'M') expect(node.component).toBe('RouteView');
      if (node.menuType === 'C') expect(node.component, node.menuKey).toMatch(/^[a-z][A-Za-z]*\/[A-Z][A-Za-z]*$/);
      if (node.menuType === 'F') expect(node.path).toBeUndefined();
      else if (parentKey === null) expect(node.path!.startsWith('/'), node.menuKey).toBe(true);
      else expect(node.path!.startsWith('/'), node.menuKey).toBe(false);
      if (node.menuType !== 'M' || node.children?.length)
        expect(node.menuKey).toMatch(/^[a-zA-Z]+:[a-zA-Z]+(:[a-zA-Z]+)?$/);
    }
    const dashboard = flat.find((f) => f.node.name === 'dashboard')!.node;
    expect(dashboard).toMatchObject({
      path: '/dashboard',
      component: 'dashboard/Workplace',
      menuKey: 'dashboard:workplace:view',
    });
    expect(flat.find((f) => f.node.name === 'Analysis')!.node).toMatchObject({
      path: '/dashboard/Analysis',
      visible: '1',
    });
  });

  it('has the four queue views of each of the nine business types and the printing pages', () => {
    const names = new Set(flat.map((f) => f.node.name));
    expect(BUSINESS_TYPES).toHaveLength(9);
    for (const t of BUSINESS_TYPES)
      for (const v of QUEUE_VIEWS) expect(names.has(`${v.prefix}${t.suffix}`), `${v.prefix}${t.suffix}`).toBe(true);
    for (const n of [
      'WaitReviewCertificatePrinting',
      'ReviewedCertificatePrinting',
      'NewCertificate',
      'PersonRevocation',
      'PersonCheckDelay',
      'ExamImport',
      'CertSearch',
      'StatisticsCerts',
      'CreditManagement',
      'UserList',
      'OperLogList',
      'LoginLogList',
      'OnlineUserList',
    ]) {
      expect(names.has(n), n).toBe(true);
    }
    for (const s of ['sl', 'cb', 'cs', 'sh', 'sp', 'bj'])
      expect(flat.some((f) => f.node.menuKey === `workflow:${s}`)).toBe(true);
  });
});

describe('roles and grants', () => {
  const grants = new Map(ROLES.map((r) => [r.roleKey, grantedMenuKeys(r)]));
  it('gives every role the dashboard', () => {
    expect(ROLES).toHaveLength(12);
    for (const [key, keys] of grants) expect(keys.has('dashboard:workplace:view'), key).toBe(true);
  });

  it('separates the three administrators', () => {
    const admin = grants.get('admin')!;
    expect(admin.has('system:user:list')).toBe(true);
    expect(admin.has('system:dict:list')).toBe(true);
    expect(admin.has('system:operlog:list')).toBe(false);
    expect(admin.has('system:logininfor:list')).toBe(false);
    expect(admin.has('system:pdlog:list')).toBe(false);
    expect(admin.has('queue:newCert:waitAccept')).toBe(false);
    const auditor = [...grants.get('auditor')!].filter((k) => k.endsWith(':list'));
    expect(auditor.sort()).toEqual(['system:logininfor:list', 'system:operlog:list', 'system:pdlog:list']);
    const sec = grants.get('secadmin')!;
    expect(sec.has('system:user:audit')).toBe(true);
    expect(sec.has('system:user:add')).toBe(false);
    expect(sec.has('system:online:list')).toBe(true);
  });

  it('gives step roles only the queues they can open, and only their own workflow button', () => {
    for (const s of ['sl', 'cb', 'cs', 'sh', 'sp', 'bj'] as const) {
      const keys = grants.get(`step_${s}` as 'step_sl')!;
      expect([...keys].filter((k) => /^workflow:[a-z]{2}$/.test(k))).toEqual([`workflow:${s}`]);
      expect(keys.has('search:cert:list')).toBe(true);
      expect(keys.has('print:waitPrint:list')).toBe(s === 'bj');
      // The engine's rule: 受理 works the accept queues, the others the review queue, of the types whose route has the step.
      for (const t of TYPE_KEYS) {
        const onRoute = routeSteps(BUSINESS_ROUTES[t].middleSteps).includes(s);
        expect(keys.has(`queue:${t}:waitAccept`), `${s} ${t} waitAccept`).toBe(s === 'sl');
        expect(keys.has(`queue:${t}:accepted`), `${s} ${t} accepted`).toBe(s === 'sl');
        expect(keys.has(`queue:${t}:waitReview`), `${s} ${t} waitReview`).toBe(s !== 'sl' && onRoute);
        expect(keys.has(`queue:${t}:reviewed`), `${s} ${t} reviewed`).toBe(onRoute);
      }
    }
    const prov = grants.get('adminProvince')!;
    expect(prov.has('dashboard:analysis:view')).toBe(true);
    expect(prov.has('statistics:certs:list')).toBe(true);
    expect(prov.has('credit:punishment:list')).toBe(true);
    expect(prov.has('system:user:list')).toBe(false);
    expect(grants.get('enterprise')!.has('business:newCert:add')).toBe(true);
    expect(grants.get('enterprise')!.has('queue:newCert:waitAccept')).toBe(false);
    expect(grants.get('person')!.has('business:personRevocation:list')).toBe(true);
    expect(grants.get('person')!.has('personCheck:delay:list')).toBe(true);
  });

  it('config has the policy defaults', () => {
    const cfg = new Map(SYS_CONFIG.map((c) => [c.configKey, c.configValue]));
    expect(cfg.get('biz.delay.windowDays')).toBe('90');
    expect(cfg.get('sys.session.idleMs')).toBe('1800000');
    expect(cfg.get('sys.upload.maxSizeMb')).toBe('10');
    // The audit logs are kept 180 days (等保), then archived (server/jobs/housekeeping.ts).
    expect(cfg.get('sys.log.retentionDays')).toBe('180');
    expect(cfg.get('sys.log.expiredAction')).toBe('archive');
    // Sign-in limits per account and per address (#46 item 6).
    expect(cfg.get('sys.login.accountLockAfter')).toBe('20');
    expect(cfg.get('sys.login.addressCaptchaAfter')).toBe('20');
    expect(SYS_CONFIG).toHaveLength(20);
  });
});
