/** Demo accounts (password Demo#2026) and the production initial administrator. */
import type { RoleKey } from './roles.js';
import { DEPT_GZ, DEPT_PROV, DEPT_SYS, DEPT_SZ } from './organisation.js';
import { STEP_ROLE_KEYS } from './roles.js';

export const DEMO_PASSWORD = 'Demo#2026';

export interface DemoAccount {
  userName: string;
  userType: '00' | '02' | '03' | '04';
  description: string;
  nickName: string;
  sex: '0' | '1';
  roles: readonly RoleKey[];
  duty?: 'sys' | 'sec' | 'audit';
  dept?: string;
  /** Key of the enterprise (ent_*) or person (person*) record the account belongs to. */
  enterprise?: 0 | 1 | 2;
  person?: 'person1' | 'person2';
  phone?: string;
}

/** The full demo account definitions (DEMO_ACCOUNTS is the public summary). */
export const DEMO_ACCOUNT_SEEDS: readonly DemoAccount[] = [
  {
    userName: 'admin',
    userType: '00',
    description: '系统管理员（三员之一：系统配置）',
    nickName: '周建国',
    sex: '0',
    roles: ['admin'],
    duty: 'sys',
    dept: DEPT_SYS,
    phone: '13926000001',
  },
  {
    userName: 'secadmin',
    userType: '00',
    description: '安全管理员（三员之一：安全审核）',
    nickName: '吴晓燕',
    sex: '1',
    roles: ['secadmin'],
    duty: 'sec',
    dept: DEPT_SYS,
    phone: '13926000002',
  },
  {
    userName: 'auditor',
    userType: '00',
    description: '审计管理员（三员之一：日志审计）',
    nickName: '郑伟民',
    sex: '0',
    roles: ['auditor'],
    duty: 'audit',
    dept: DEPT_SYS,
    phone: '13926000003',
  },
  {
    userName: 'province',
    userType: '02',
    description: '省级管理员（全省数据、统计分析、诚信管理）',
    nickName: '黄振华',
    sex: '0',
    roles: ['adminProvince'],
    dept: DEPT_PROV,
    phone: '13926000004',
  },
  {
    userName: 'gz_sl',
    userType: '02',
    description: '广州区域中心 受理',
    nickName: '陈丽娟',
    sex: '1',
    roles: ['step_sl'],
    dept: DEPT_GZ,
    phone: '13926000011',
  },
  {
    userName: 'gz_cb',
    userType: '02',
    description: '广州区域中心 承办',
    nickName: '梁志勇',
    sex: '0',
    roles: ['step_cb'],
    dept: DEPT_GZ,
    phone: '13926000012',
  },
  {
    userName: 'gz_cs',
    userType: '02',
    description: '广州区域中心 初审',
    nickName: '何美玲',
    sex: '1',
    roles: ['step_cs'],
    dept: DEPT_GZ,
    phone: '13926000013',
  },
  {
    userName: 'gz_sh',
    userType: '02',
    description: '广州区域中心 审核',
    nickName: '罗国栋',
    sex: '0',
    roles: ['step_sh'],
    dept: DEPT_GZ,
    phone: '13926000014',
  },
  {
    userName: 'gz_sp',
    userType: '02',
    description: '广州区域中心 审批',
    nickName: '谢文辉',
    sex: '0',
    roles: ['step_sp'],
    dept: DEPT_GZ,
    phone: '13926000015',
  },
  {
    userName: 'gz_bj',
    userType: '02',
    description: '广州区域中心 办结',
    nickName: '冯秀英',
    sex: '1',
    roles: ['step_bj'],
    dept: DEPT_GZ,
    phone: '13926000016',
  },
  {
    userName: 'sz_staff',
    userType: '02',
    description: '深圳区域中心 全流程经办（受理至办结）',
    nickName: '林晓东',
    sex: '0',
    roles: STEP_ROLE_KEYS,
    dept: DEPT_SZ,
    phone: '13926000021',
  },
  {
    userName: 'prov_staff',
    userType: '02',
    description: '省中心 全流程经办（受理至办结）',
    nickName: '邓淑芬',
    sex: '1',
    roles: STEP_ROLE_KEYS,
    dept: DEPT_PROV,
    phone: '13926000031',
  },
  {
    userName: 'ent_gz',
    userType: '03',
    description: '企业用户（广州区域中心管辖）',
    nickName: '张伟强',
    sex: '0',
    roles: ['enterprise'],
    enterprise: 0,
    phone: '13926000041',
  },
  {
    userName: 'ent_sz',
    userType: '03',
    description: '企业用户（深圳区域中心管辖）',
    nickName: '刘海燕',
    sex: '1',
    roles: ['enterprise'],
    enterprise: 1,
    phone: '13926000042',
  },
  {
    userName: 'ent_prov',
    userType: '03',
    description: '企业用户（省中心管辖）',
    nickName: '杨建华',
    sex: '0',
    roles: ['enterprise'],
    enterprise: 2,
    phone: '13926000043',
  },
  {
    userName: 'person1',
    userType: '04',
    description: '个人用户（持 C3 证书，处于延期申请期内）',
    nickName: '',
    sex: '0',
    roles: ['person'],
    person: 'person1',
  },
  {
    userName: 'person2',
    userType: '04',
    description: '个人用户（持 B 证书）',
    nickName: '',
    sex: '1',
    roles: ['person'],
    person: 'person2',
  },
];

export const DEMO_ACCOUNTS: ReadonlyArray<{
  userName: string;
  userType: '00' | '02' | '03' | '04';
  description: string;
}> = DEMO_ACCOUNT_SEEDS.map(({ userName, userType, description }) => ({ userName, userType, description }));
