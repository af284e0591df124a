/** The columns of the search pages' Excel exports (Chinese headers, as users know them; dictionary labels in Chinese). */
import { chinaDateTime } from '../../lib/days.js';
import type { ExcelColumn } from '../../lib/excel.js';
import type { Labels } from '../certificate/labels.js';
import type { CheckRowView, EnterpriseRowView, StaffRowView } from './schemas.js';
import type { WorkExportRow } from './work.js';
import { areaCentre } from '../../lib/areas.js';

const LICENCE_LABELS: Record<EnterpriseRowView['licenceState'], string> = {
  valid: '有效',
  expiring: '90天内到期',
  expired: '已过期',
  none: '未登记',
};
const EMPLOY_LABELS: Record<string, string> = { 1: '在职', 2: '离职', 3: '退休' };
const OUTCOME_LABELS: Record<string, string> = { approved: '准予', denied: '不予' };
const SOURCE_LABELS: Record<string, string> = { qr: '扫码核验', card: '证书查询' };

export const ENTERPRISE_COLUMNS: ExcelColumn<EnterpriseRowView>[] = [
  { header: '企业名称', width: 36, value: (r) => r.name },
  { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
  { header: '法定代表人', width: 12, value: (r) => r.legalRepresentative },
  { header: '所在地区', width: 20, value: (r) => r.districtName },
  { header: '所属区域', width: 14, value: (r) => areaCentre(r.ownership) },
  { header: '资质', width: 30, value: (r) => r.qualification },
  { header: '安全生产许可证号', width: 28, value: (r) => r.licenceNo },
  { header: '许可证有效期至', type: 'date', width: 14, value: (r) => r.licenceValidTo },
  { header: '许可证状态', width: 12, value: (r) => LICENCE_LABELS[r.licenceState] },
  { header: '在册人员', width: 10, value: (r) => r.staffCount },
  { header: '有效证书', width: 10, value: (r) => r.validCertCount },
  { header: '企业状态', width: 10, value: (r) => (r.status === '1' ? '有效' : '无效') },
  { header: '地址', width: 40, value: (r) => r.address },
];

export const staffColumns = (labels: Labels): ExcelColumn<StaffRowView>[] => [
  { header: '姓名', width: 12, value: (r) => r.name },
  { header: '性别', width: 8, value: (r) => labels.of('sys_user_sex', r.sex) },
  { header: '证件号码', width: 22, value: (r) => r.idNo },
  { header: '出生年份', width: 10, value: (r) => r.birthYear },
  { header: '文化程度', width: 14, value: (r) => labels.of('ministerial_diploma', r.education) },
  { header: '技术职称', width: 12, value: (r) => labels.of('ministerial_title_rank', r.title) },
  { header: '工作单位', width: 36, value: (r) => r.enterpriseName },
  { header: '从业状态', width: 10, value: (r) => EMPLOY_LABELS[r.employStatus] ?? r.employStatus },
  {
    header: '持有证书',
    width: 60,
    value: (r) =>
      r.certificates.map((c) => `${c.certNo}（${labels.of('cert_status', c.status)}，至 ${c.expiryDate}）`).join('；'),
  },
];

export const WORK_COLUMNS: ExcelColumn<WorkExportRow>[] = [
  { header: '申请编号', width: 20, value: (r) => r.applyNo },
  { header: '业务类型', width: 14, value: (r) => r.businessLabel },
  { header: '申请企业', width: 36, value: (r) => r.enterpriseName },
  { header: '所涉人员', width: 12, value: (r) => r.holderName },
  { header: '证书编号', width: 26, value: (r) => r.certNo },
  { header: '办理中心', width: 14, value: (r) => areaCentre(r.area) },
  { header: '申请状态', width: 14, value: (r) => r.statusLabel },
  { header: '当前环节', width: 10, value: (r) => r.stepLabel },
  { header: '办理结果', width: 10, value: (r) => (r.outcome ? (OUTCOME_LABELS[r.outcome] ?? r.outcome) : '') },
  { header: '提交时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.submittedAt) },
  { header: '受理时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.acceptedAt) },
  { header: '法定办结期限', type: 'date', width: 14, value: (r) => r.deadline },
  { header: '剩余工作日', width: 12, value: (r) => r.daysLeft },
  { header: '是否超期', width: 10, value: (r) => (r.daysLeft !== null && r.daysLeft < 0 ? '超期' : '') },
  { header: '期限说明', width: 28, value: (r) => (r.deadlineEstimated ? '节假日安排未公布，按周一至周五推算' : '') },
  { header: '办结时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.closedAt) },
];

export const checkColumns = (labels: Labels): ExcelColumn<CheckRowView>[] => [
  { header: '核验时间', type: 'dateTime', width: 20, value: (r) => chinaDateTime(r.checkedAt) },
  { header: '来源', width: 12, value: (r) => SOURCE_LABELS[r.source] ?? r.source },
  { header: '查询内容', width: 30, value: (r) => r.queryText ?? r.queryCode },
  { header: '结果', width: 10, value: (r) => (r.found ? '查到' : '未查到') },
  { header: '证书编号', width: 26, value: (r) => r.certNo },
  { header: '持证人', width: 12, value: (r) => r.holderName },
  { header: '企业名称', width: 36, value: (r) => r.enterpriseName },
  { header: '证书状态', width: 10, value: (r) => labels.of('cert_status', r.certStatus) },
  { header: '所属区域', width: 14, value: (r) => (r.area ? areaCentre(r.area) : '') },
  { header: 'IP 地址', width: 18, value: (r) => r.ip },
  { header: '浏览器', width: 40, value: (r) => r.userAgent },
];
