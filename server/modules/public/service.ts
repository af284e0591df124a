/**
 * The public certificate checks and the disclosure page: every check is recorded (证书核验记录), the
 * holder's identity number leaves masked, in the caller's language.
 */
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { maskIdNo } from '../../services/personalData.js';
import { loadLabels } from '../certificate/labels.js';
import { shownCertificate, type ShownSource } from '../certificate/shown.js';
import { chinaDate } from '../../lib/days.js';
import {
  certificateIdsByCard,
  certificatesByCardIn,
  dictLabelOf,
  publishedNoticesPage,
  shownById,
  shownByQueryCode,
  storeCheckRecords,
  transferOutRecords,
} from './store.js';

/** Where a check came from, for its record. */
export interface CheckOrigin {
  ip: string;
  userAgent: string | null;
}

/** The certificate as shown (certificate/shown.ts), the identity number masked, in the caller's language. */
async function certificateView(db: DbOrTx, row: ShownSource | undefined) {
  if (!row) return null;
  const c = shownCertificate(row, await loadLabels(db));
  return {
    id: c.id,
    queryCode: c.queryCode,
    area: c.ownership,
    view: {
      certNo: c.certNo,
      category: c.category,
      categoryLabel: c.categoryLabel,
      name: c.holderName,
      sex: c.holderSexLabel,
      idNoMasked: maskIdNo(c.holderIdNo),
      enterpriseName: c.enterpriseName,
      position: c.positionLabel,
      issueDate: c.issueDate,
      validFrom: c.validFrom,
      eCertId: c.eCertId,
      expiryDate: c.expiryDate,
      status: c.status,
      statusLabel: c.statusLabel,
      statusText: c.statusText,
      suspendedFrom: c.suspendedFrom,
      suspendedTo: c.suspendedTo,
      issuingAuthority: c.issuingAuthority,
      version: c.version,
      versionLabel: c.versionLabel,
      valid: c.valid,
      queryCode: c.queryCode,
    },
  };
}

/** 按查询码查看证书 GET /cert/{queryCode}: the certificate's view (null when none), the check recorded either way. */
export async function checkByQueryCode(ctx: AppContext, queryCode: string, origin: CheckOrigin) {
  const found = await certificateView(ctx.db, await shownByQueryCode(ctx.db, queryCode));
  await storeCheckRecords(ctx.db, [
    {
      source: 'qr',
      queryCode,
      certificateId: found?.id ?? null,
      found: !!found,
      area: found?.area ?? null,
      ip: origin.ip,
      userAgent: origin.userAgent,
      checkedAt: ctx.clock.now(),
    },
  ]);
  return found?.view ?? null;
}

/**
 * 证书查询 GET /public/validCard: the views of the certificates with this number, or of this
 * holder's (name and identity number together); one check record per certificate found, one when none.
 */
export async function checkByCard(
  ctx: AppContext,
  key: { orgCode?: string | undefined; idNo: string; name: string },
  origin: CheckOrigin,
) {
  const ids = await certificateIdsByCard(ctx.db, key.orgCode ? { certNo: key.orgCode } : key);
  const found = [];
  for (const id of ids) {
    const v = await certificateView(ctx.db, await shownById(ctx.db, id));
    if (v) found.push(v);
  }
  const queryText = key.orgCode ?? `${key.name} ${maskIdNo(key.idNo)}`;
  const record = {
    source: 'card',
    queryText: queryText.slice(0, 100),
    ip: origin.ip,
    userAgent: origin.userAgent,
    checkedAt: ctx.clock.now(),
  };
  await storeCheckRecords(
    ctx.db,
    found.length
      ? found.map((v) => ({ ...record, queryCode: v.queryCode, certificateId: v.id, found: true, area: v.area }))
      : [{ ...record, queryCode: null, certificateId: null, found: false, area: null }],
  );
  return found.map((v) => v.view);
}

/** 信息公开 GET /public/disclosure: a page of the published notices with their category's label. */
export async function disclosurePage(db: DbOrTx, pageNum: number, pageSize: number) {
  const { rows, total } = await publishedNoticesPage(db, pageNum, pageSize);
  const items = [];
  for (const r of rows) {
    items.push({
      id: r.noticeId,
      title: r.noticeTitle,
      content: r.noticeContent,
      category: await dictLabelOf(db, 'sys_notice_type', r.noticeType),
      publishDate: r.createdAt.toISOString(),
    });
  }
  return { items, total };
}

/** Status 06 办理转出. */
const TRANSFERRED_OUT = '06';
/** The most certificates one out-of-province look-up answers. */
const OUT_SEARCH_MAX_ROWS = 20;

/**
 * 省外转出证书查询 GET /public/outSearch: the certificates transferred out (06) that the whole key finds,
 * as shown, in the caller's language, the identity number masked, with the province they went to and
 * the China day of the transfer when the outbox has it.
 */
export async function transferredOutByCard(db: DbOrTx, key: { certNo: string } | { idNo: string; name: string }) {
  const rows = await certificatesByCardIn(db, key, TRANSFERRED_OUT, OUT_SEARCH_MAX_ROWS);
  const transfers = await transferOutRecords(
    db,
    rows.map((r) => r.cert.id),
  );
  const labels = await loadLabels(db);
  return rows.map((row) => {
    const c = shownCertificate(row, labels);
    const moved = transfers.find((o) => o.certificateId === c.id);
    const target = (moved?.payload as { targetProvince?: unknown } | undefined)?.targetProvince;
    return {
      certNo: c.certNo,
      category: c.category,
      categoryLabel: c.categoryLabel,
      name: c.holderName,
      idNoMasked: maskIdNo(c.holderIdNo),
      enterpriseName: c.enterpriseName,
      issueDate: c.issueDate,
      expiryDate: c.expiryDate,
      status: c.status,
      statusLabel: c.statusLabel,
      targetProvince: typeof target === 'string' ? target : null,
      transferDate: moved ? chinaDate(moved.createdAt) : null,
    };
  });
}
