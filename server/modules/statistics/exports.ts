/** Excel exports of the statistics pages: the refreshed table's rows in the page's filters, with their labels (Chinese). */
import { asc, type SQL } from 'drizzle-orm';
import {
  APPLY_STATUS_LABELS,
  BUSINESS_ROUTES,
  STEP_LABELS,
  type ApplyStatusCode,
  type BusinessType,
  type Step,
} from '../../../machines/businessTypes.js';
import type { DbOrTx } from '../../db/client.js';
import { statApplicationClosed, statApplicationOpen, statCertificate } from '../../db/schema.js';
import type { ExcelColumn } from '../../lib/excel.js';
import type { Labels } from '../certificate/labels.js';
import type { DistrictNames } from '../search/districts.js';
import { areaCentre } from '../../lib/areas.js';

const business = (t: string) => BUSINESS_ROUTES[t as BusinessType]?.label ?? t;
const AGE_LABELS: Record<number, string> = {
  [-1]: '待持证人确认（未提交）',
  0: '7 天以内',
  1: '8–30 天',
  2: '31–90 天',
  3: '90 天以上',
};

type CertRow = typeof statCertificate.$inferSelect;
type ClosedRow = typeof statApplicationClosed.$inferSelect;
type OpenRow = typeof statApplicationOpen.$inferSelect;

export const certColumns = (labels: Labels, districts: DistrictNames): ExcelColumn<CertRow>[] => [
  { header: '证书类别', width: 30, value: (r) => labels.of('cer_type', r.category) },
  { header: '证书状态', width: 10, value: (r) => labels.of('cert_status', r.status) },
  { header: '所属区域', width: 14, value: (r) => areaCentre(r.area) },
  { header: '地区', width: 20, value: (r) => districts.of(r.districtCode) },
  { header: '发证年份', width: 10, value: (r) => r.issueYear },
  { header: '证书数', width: 10, value: (r) => r.total },
  { header: '其中90天内到期', width: 16, value: (r) => r.expiring },
];

export const closedColumns = (districts: DistrictNames): ExcelColumn<ClosedRow>[] => [
  { header: '办结月份', width: 10, value: (r) => r.month },
  { header: '业务类型', width: 16, value: (r) => business(r.businessType) },
  { header: '办理中心', width: 14, value: (r) => areaCentre(r.area) },
  { header: '地市', width: 12, value: (r) => (r.cityCode ? districts.of(r.cityCode) : '') },
  { header: '件数', width: 10, value: (r) => r.total },
  { header: '准予', width: 10, value: (r) => r.approved },
  { header: '不予', width: 10, value: (r) => r.denied },
  { header: '不予以受理', width: 12, value: (r) => r.rejected },
  { header: '已受理件数', width: 12, value: (r) => r.handled },
  { header: '平均办理天数', width: 14, value: (r) => (r.handled ? Math.round((r.days / r.handled) * 10) / 10 : null) },
  {
    header: '平均办理工作日',
    width: 16,
    value: (r) => (r.handled ? Math.round((r.workDays / r.handled) * 10) / 10 : null),
  },
];

export const openColumns = (districts: DistrictNames): ExcelColumn<OpenRow>[] => [
  { header: '业务类型', width: 16, value: (r) => business(r.businessType) },
  { header: '申请状态', width: 14, value: (r) => APPLY_STATUS_LABELS[r.status as ApplyStatusCode] ?? String(r.status) },
  { header: '当前环节', width: 10, value: (r) => (r.step ? (STEP_LABELS[r.step as Step] ?? r.step) : '') },
  { header: '办理中心', width: 14, value: (r) => areaCentre(r.area) },
  { header: '地市', width: 12, value: (r) => (r.cityCode ? districts.of(r.cityCode) : '') },
  { header: '已等待', width: 20, value: (r) => AGE_LABELS[r.ageBucket] ?? String(r.ageBucket) },
  { header: '是否超期', width: 10, value: (r) => (r.overdue ? '超期' : '') },
  { header: '件数', width: 10, value: (r) => r.total },
];

/** All rows of a statistics table in its filters, in key order (a few thousand at the province's scale). */
export const certRows = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select()
    .from(statCertificate)
    .where(where)
    .orderBy(
      asc(statCertificate.category),
      asc(statCertificate.status),
      asc(statCertificate.area),
      asc(statCertificate.districtCode),
      asc(statCertificate.issueYear),
    );
export const closedRows = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select()
    .from(statApplicationClosed)
    .where(where)
    .orderBy(
      asc(statApplicationClosed.month),
      asc(statApplicationClosed.businessType),
      asc(statApplicationClosed.area),
      asc(statApplicationClosed.cityCode),
    );
export const openRows = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select()
    .from(statApplicationOpen)
    .where(where)
    .orderBy(
      asc(statApplicationOpen.businessType),
      asc(statApplicationOpen.status),
      asc(statApplicationOpen.step),
      asc(statApplicationOpen.area),
      asc(statApplicationOpen.cityCode),
      asc(statApplicationOpen.ageBucket),
    );
