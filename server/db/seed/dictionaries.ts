/** The 19 dictionary types of SPEC 3 with their real values (DOMAIN.md codes). */
import { sysDictData, sysDictType } from '../schema.js';
import type { DbOrTx } from '../client.js';
import { insertAll } from './util.js';
import { labelsOf } from './dictionaryLabels.js';

export interface DictSeed {
  dictType: string;
  dictName: string;
  /** Whether the API answers the values as numbers (SPEC 3); false for codes with letters or leading zeros. */
  numeric: boolean;
  remark?: string;
  /** [value, label, listClass?] in display order. */
  items: ReadonlyArray<readonly [string, string, string?]>;
  /** The value marked isDefault 'Y'. */
  defaultValue?: string;
}

export const DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'work_status',
    dictName: '办件状态',
    numeric: true,
    remark: '业务申请的办理状态（applyStatusOpts）',
    items: [
      ['0', '申请中', 'processing'],
      ['1', '已保存', 'default'],
      ['2', '已提交', 'processing'],
      ['3', '已受理', 'processing'],
      ['4', '不予以受理办结', 'error'],
      ['8', '已办结', 'success'],
    ],
  },
  {
    dictType: 'sys_notice_type',
    dictName: '通知类型',
    numeric: true,
    items: [
      ['1', '通知', 'warning'],
      ['2', '公告', 'success'],
    ],
  },
  {
    dictType: 'cer_type',
    dictName: '证书类别',
    numeric: false,
    remark: '安管人员证书类别',
    items: [
      ['A', '企业主要负责人（A类）'],
      ['B', '项目负责人（B类）'],
      ['C1', '专职安全生产管理人员（机械类 C1）'],
      ['C2', '专职安全生产管理人员（土建类 C2）'],
      ['C3', '专职安全生产管理人员（综合类 C3）'],
    ],
  },
  {
    dictType: 'ministerial_title_rank',
    dictName: '技术职称',
    numeric: false,
    items: [
      ['01', '正高级工程师'],
      ['02', '高级工程师'],
      ['03', '工程师'],
      ['04', '助理工程师'],
      ['05', '技术员'],
      ['99', '其他'],
    ],
  },
  {
    dictType: 'ministerial_position',
    dictName: '职务',
    numeric: false,
    items: [
      ['01', '法定代表人'],
      ['02', '总经理（总裁）'],
      ['03', '分管安全生产的副总经理（副总裁）'],
      ['04', '分管生产经营的副总经理（副总裁）'],
      ['05', '技术负责人'],
      ['06', '安全总监'],
      ['07', '项目负责人'],
      ['08', '专职安全生产管理人员'],
      ['99', '其他'],
    ],
  },
  {
    dictType: 'sys_user_sex',
    dictName: '用户性别',
    numeric: true,
    defaultValue: '0',
    items: [
      ['0', '男'],
      ['1', '女'],
      ['2', '未知'],
    ],
  },
  {
    dictType: 'ent_id_type',
    dictName: '证件类型',
    numeric: false,
    defaultValue: '111',
    items: [
      ['111', '居民身份证'],
      ['414', '普通护照'],
      ['516', '港澳居民来往内地通行证'],
      ['511', '台湾居民来往大陆通行证'],
      ['999', '其他'],
    ],
  },
  {
    dictType: 'cert_status',
    dictName: '证书状态',
    numeric: false,
    remark: '全国统一证书状态代码',
    defaultValue: '01',
    items: [
      ['01', '有效', 'success'],
      ['02', '暂扣', 'warning'],
      ['03', '撤销', 'error'],
      ['04', '注销', 'default'],
      ['05', '失效', 'default'],
      ['06', '办理转出', 'processing'],
      ['07', '吊销', 'error'],
      ['99', '其他', 'default'],
    ],
  },
  {
    dictType: 'exam_model',
    dictName: '考试方式',
    numeric: true,
    defaultValue: '1',
    items: [
      ['1', '机考'],
      ['2', '笔试'],
    ],
  },
  {
    dictType: 'apply_type',
    dictName: '业务类型',
    numeric: false,
    items: [
      ['new', '新办证书'],
      ['delay', '证书延期'],
      ['inner', '省内调动'],
      ['in', '省外调入'],
      ['out', '调出省外'],
      ['modify', '证书变更'],
      ['revocation', '证书注销（企业申请）'],
      ['personRevocation', '证书注销（个人申请）'],
      ['rename', '企业更名'],
    ],
  },
  {
    dictType: 'enterprise_qualification',
    dictName: '企业资质',
    numeric: true,
    items: [
      ['1', '建筑工程施工总承包特级'],
      ['2', '建筑工程施工总承包一级'],
      ['3', '建筑工程施工总承包二级'],
      ['4', '建筑工程施工总承包三级'],
      ['5', '市政公用工程施工总承包一级'],
      ['6', '市政公用工程施工总承包二级'],
      ['7', '市政公用工程施工总承包三级'],
      ['8', '机电工程施工总承包一级'],
      ['9', '机电工程施工总承包二级'],
      ['10', '公路工程施工总承包二级'],
      ['11', '水利水电工程施工总承包二级'],
      ['12', '地基基础工程专业承包一级'],
      ['13', '建筑装修装饰工程专业承包一级'],
      ['14', '建筑装修装饰工程专业承包二级'],
      ['15', '钢结构工程专业承包二级'],
      ['16', '起重设备安装工程专业承包一级'],
      ['17', '消防设施工程专业承包二级'],
      ['18', '施工劳务不分等级'],
    ],
  },
  {
    dictType: 'emp_regType',
    dictName: '注册类型',
    numeric: true,
    items: [
      ['1', '一级注册建造师'],
      ['2', '二级注册建造师'],
      ['3', '二级临时注册建造师'],
    ],
  },
  {
    dictType: 'nonew_cert_comment',
    dictName: '非新办业务审查意见',
    numeric: false,
    items: [
      ['1', '材料齐全，符合要求，同意'],
      ['2', '经审查，符合延期条件，同意延期'],
      ['3', '经审查，符合调动条件，同意办理'],
      ['4', '经核实，变更信息准确，同意变更'],
      ['5', '经核实，同意注销'],
      ['6', '企业名称变更材料齐全，同意更名'],
    ],
  },
  {
    dictType: 'no_agree_comment',
    dictName: '不同意审查意见',
    numeric: false,
    items: [
      ['1', '材料不全，请补正'],
      ['2', '身份证明材料不清晰，请重新上传'],
      ['3', '三库人员信息不一致，不予受理'],
      ['4', '继续教育学时不足，不予延期'],
      ['5', '超过规定年龄，不予办理'],
      ['6', '存在其他在办业务，请办结后再申请'],
      ['7', '未在申请企业取得有效注册建造师执业资格，不予办理'],
      ['8', '证书已过有效期，不予延期，请重新参加考核'],
      ['9', '证书处于暂扣期内，不予办理'],
    ],
  },
  {
    dictType: 'new_cert_comment',
    dictName: '新办证书审查意见',
    numeric: false,
    items: [
      ['1', '材料齐全，符合要求，同意'],
      ['2', '考核合格，符合新办条件，同意核发证书'],
      ['3', '经审查，申请人符合安管人员考核条件，同意'],
      ['4', '同意，请企业按时领取证书'],
    ],
  },
  {
    dictType: 'affiliationRelation',
    dictName: '隶属关系',
    numeric: false,
    items: [
      ['10', '中央'],
      ['20', '省（自治区、直辖市）'],
      ['40', '地（区、市、州、盟）'],
      ['50', '县（区、市、旗）'],
      ['90', '其他'],
    ],
    defaultValue: '40',
  },
  {
    dictType: 'certificateIssuingAuthority',
    dictName: '发证机关',
    numeric: false,
    defaultValue: '440000',
    items: [
      ['440000', '广东省住房和城乡建设厅'],
      ['000000', '中华人民共和国住房和城乡建设部'],
      ['110000', '北京市住房和城乡建设委员会'],
      ['350000', '福建省住房和城乡建设厅'],
      ['360000', '江西省住房和城乡建设厅'],
      ['430000', '湖南省住房和城乡建设厅'],
      ['450000', '广西壮族自治区住房和城乡建设厅'],
      ['460000', '海南省住房和城乡建设厅'],
    ],
  },
  {
    dictType: 'ministerial_diploma',
    dictName: '文化程度',
    numeric: false,
    items: [
      ['01', '博士研究生'],
      ['02', '硕士研究生'],
      ['03', '大学本科'],
      ['04', '大学专科'],
      ['05', '中等专科'],
      ['06', '高中'],
      ['07', '初中及以下'],
      ['99', '其他'],
    ],
  },
  {
    dictType: 'emp_employStatus',
    dictName: '从业状态',
    numeric: false,
    defaultValue: '1',
    items: [
      ['1', '在职'],
      ['2', '离职'],
      ['3', '退休'],
    ],
  },
];

export const ISSUING_AUTHORITY = '广东省住房和城乡建设厅';

export async function seedDictionaries(db: DbOrTx): Promise<void> {
  await insertAll(
    db,
    sysDictType,
    DICTIONARIES.map((d) => ({
      dictName: d.dictName,
      dictType: d.dictType,
      status: '1',
      remark: d.remark ?? null,
    })),
  );
  await insertAll(
    db,
    sysDictData,
    DICTIONARIES.flatMap((d) =>
      d.items.map(([value, label, listClass], i) => ({
        dictSort: i + 1,
        dictLabel: label,
        labelI18n: labelsOf(d.dictType, value, label),
        dictValue: value,
        dictType: d.dictType,
        numeric: d.numeric,
        listClass: listClass ?? null,
        isDefault: d.defaultValue === value ? 'Y' : 'N',
        status: '1',
      })),
    ),
  );
}
