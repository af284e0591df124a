/**
 * Client configuration of the seven catalog pages: the extra fields of each kind (mirroring the
 * server's zod schemas in server/modules/system/catalog/kinds.ts), their defaults, and the
 * permission keys of the page's buttons (server/db/seed/menus.ts: 数据排序 has only an edit
 * button, so add/remove go with edit; no page has an export key, so export goes with list).
 */
import {
  systemCatalogPositionList,
  systemCatalogPositionSave,
  systemCatalogPositionUpdate,
  systemCatalogPositionRemove,
  systemCatalogPositionExport,
  systemCatalogFileTagList,
  systemCatalogFileTagSave,
  systemCatalogFileTagUpdate,
  systemCatalogFileTagRemove,
  systemCatalogFileTagExport,
  systemCatalogOrganTagList,
  systemCatalogOrganTagSave,
  systemCatalogOrganTagUpdate,
  systemCatalogOrganTagRemove,
  systemCatalogOrganTagExport,
  systemCatalogDataOrderList,
  systemCatalogDataOrderSave,
  systemCatalogDataOrderUpdate,
  systemCatalogDataOrderRemove,
  systemCatalogDataOrderExport,
  systemCatalogViolateTypeList,
  systemCatalogViolateTypeSave,
  systemCatalogViolateTypeUpdate,
  systemCatalogViolateTypeRemove,
  systemCatalogViolateTypeExport,
  systemCatalogQuestionList,
  systemCatalogQuestionSave,
  systemCatalogQuestionUpdate,
  systemCatalogQuestionRemove,
  systemCatalogQuestionExport,
  systemCatalogGatewayList,
  systemCatalogGatewaySave,
  systemCatalogGatewayUpdate,
  systemCatalogGatewayRemove,
  systemCatalogGatewayExport,
} from '@/services/generated/api';
import type {
  SystemCatalogPositionList200,
  SystemCatalogPositionListParams,
  SystemCatalogPositionSaveBody,
} from '@/services/generated/api.schemas';
import type { ApiCallOptions } from '@/services/generated/mutator';

/** Every kind answers the same row (its extra differs by kind). */
export type CatalogItem = SystemCatalogPositionList200['rows'][number];
export type CatalogQuery = SystemCatalogPositionListParams;
/** A save or update body: the common fields, and the extra fields the kind's config draws. */
export type CatalogBody = Omit<SystemCatalogPositionSaveBody, 'extra'> & { extra: Record<string, unknown> };

/**
 * The generated operations of one kind. Declared as methods on purpose: the extra fields come from
 * the form the kind's config below draws (mirroring server/modules/system/catalog/kinds.ts), so each
 * kind's own extra type is accepted for them, and the server checks them (a 400 names the field).
 * The operations themselves, their common fields and answers are the generated ones.
 */
interface CatalogCalls {
  list(q: CatalogQuery): Promise<SystemCatalogPositionList200>;
  save(body: CatalogBody): Promise<{ msg: string }>;
  update(body: CatalogBody & { id: number }): Promise<{ msg: string }>;
  remove(params: { ids: string }): Promise<{ msg: string }>;
  exportTo(params: Record<string, unknown>, options: ApiCallOptions): Promise<Blob>;
}

/** The catalog kinds: one page each, one set of generated operations each. */
export type CatalogKind = 'position' | 'fileTag' | 'organTag' | 'dataOrder' | 'violateType' | 'question' | 'gateway';

export const CATALOG_CALLS: Record<CatalogKind, CatalogCalls> = {
  position: {
    list: systemCatalogPositionList,
    save: systemCatalogPositionSave,
    update: systemCatalogPositionUpdate,
    remove: systemCatalogPositionRemove,
    exportTo: systemCatalogPositionExport,
  },
  fileTag: {
    list: systemCatalogFileTagList,
    save: systemCatalogFileTagSave,
    update: systemCatalogFileTagUpdate,
    remove: systemCatalogFileTagRemove,
    exportTo: systemCatalogFileTagExport,
  },
  organTag: {
    list: systemCatalogOrganTagList,
    save: systemCatalogOrganTagSave,
    update: systemCatalogOrganTagUpdate,
    remove: systemCatalogOrganTagRemove,
    exportTo: systemCatalogOrganTagExport,
  },
  dataOrder: {
    list: systemCatalogDataOrderList,
    save: systemCatalogDataOrderSave,
    update: systemCatalogDataOrderUpdate,
    remove: systemCatalogDataOrderRemove,
    exportTo: systemCatalogDataOrderExport,
  },
  violateType: {
    list: systemCatalogViolateTypeList,
    save: systemCatalogViolateTypeSave,
    update: systemCatalogViolateTypeUpdate,
    remove: systemCatalogViolateTypeRemove,
    exportTo: systemCatalogViolateTypeExport,
  },
  question: {
    list: systemCatalogQuestionList,
    save: systemCatalogQuestionSave,
    update: systemCatalogQuestionUpdate,
    remove: systemCatalogQuestionRemove,
    exportTo: systemCatalogQuestionExport,
  },
  gateway: {
    list: systemCatalogGatewayList,
    save: systemCatalogGatewaySave,
    update: systemCatalogGatewayUpdate,
    remove: systemCatalogGatewayRemove,
    exportTo: systemCatalogGatewayExport,
  },
};

export interface ExtraField {
  name: string;
  /** i18n key under catalog.fields. */
  label: string;
  type: 'text' | 'textarea' | 'select' | 'color' | 'number';
  required?: boolean;
  /** select options: value → i18n key under catalog.options. */
  options?: Record<string, string>;
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** i18n key of the pattern message under catalog.patterns. */
  patternMsg?: string;
  inTable?: boolean;
}

export interface CatalogPageConfig {
  kind: CatalogKind;
  /** i18n key under catalog.titles. */
  title: string;
  perms: { list: string; add: string; edit: string; remove: string; export: string };
  fields: ExtraField[];
  defaults: Record<string, unknown>;
}

const perms = (kind: CatalogKind, editOnly = false) => {
  const k = (a: string) => `system:${kind}:${a}`;
  return {
    list: k('list'),
    add: editOnly ? k('edit') : k('add'),
    edit: k('edit'),
    remove: editOnly ? k('edit') : k('remove'),
    export: k('list'),
  };
};

const color: ExtraField = {
  name: 'color',
  label: 'color',
  type: 'color',
  required: true,
  pattern: /^#[0-9a-fA-F]{6}$/,
  patternMsg: 'color',
  inTable: true,
};

export const CATALOG_PAGES: Record<CatalogKind, CatalogPageConfig> = {
  position: {
    kind: 'position',
    title: 'position',
    perms: perms('position'),
    fields: [
      {
        name: 'certType',
        label: 'certType',
        type: 'select',
        required: true,
        options: { A: 'certA', B: 'certB', C: 'certC', N: 'certN' },
        inTable: true,
      },
    ],
    defaults: { certType: 'N' },
  },
  fileTag: {
    kind: 'fileTag',
    title: 'fileTag',
    perms: perms('fileTag'),
    fields: [
      color,
      {
        name: 'fileTypes',
        label: 'fileTypes',
        type: 'text',
        pattern: /^$|^[a-z0-9]+(,[a-z0-9]+)*$/,
        patternMsg: 'fileTypes',
        inTable: true,
      },
      { name: 'maxSizeMb', label: 'maxSizeMb', type: 'number', min: 1, max: 50, inTable: true },
    ],
    defaults: { color: '#1890ff', fileTypes: 'pdf,jpg,png', maxSizeMb: 10 },
  },
  organTag: {
    kind: 'organTag',
    title: 'organTag',
    perms: perms('organTag'),
    fields: [color, { name: 'description', label: 'description', type: 'textarea', inTable: true }],
    defaults: { color: '#1890ff', description: '' },
  },
  dataOrder: {
    kind: 'dataOrder',
    title: 'dataOrder',
    perms: perms('dataOrder', true),
    fields: [
      {
        name: 'table',
        label: 'table',
        type: 'text',
        required: true,
        pattern: /^[a-z_][a-z0-9_]*$/,
        patternMsg: 'identifier',
        inTable: true,
      },
      {
        name: 'field',
        label: 'field',
        type: 'text',
        required: true,
        pattern: /^[a-z_][a-z0-9_]*$/,
        patternMsg: 'identifier',
        inTable: true,
      },
      {
        name: 'direction',
        label: 'direction',
        type: 'select',
        required: true,
        options: { asc: 'asc', desc: 'desc' },
        inTable: true,
      },
    ],
    defaults: { direction: 'asc' },
  },
  violateType: {
    kind: 'violateType',
    title: 'violateType',
    perms: perms('violateType'),
    fields: [
      {
        name: 'level',
        label: 'level',
        type: 'select',
        required: true,
        options: { '1': 'level1', '2': 'level2', '3': 'level3' },
        inTable: true,
      },
      { name: 'score', label: 'score', type: 'number', min: 0, max: 12, inTable: true },
      { name: 'basis', label: 'basis', type: 'textarea' },
    ],
    defaults: { level: '1', score: 0, basis: '' },
  },
  question: {
    kind: 'question',
    title: 'question',
    perms: perms('question'),
    fields: [
      { name: 'category', label: 'category', type: 'text', inTable: true },
      { name: 'answer', label: 'answer', type: 'textarea', required: true, inTable: true },
    ],
    defaults: { category: '' },
  },
  gateway: {
    kind: 'gateway',
    title: 'gateway',
    perms: perms('gateway'),
    fields: [
      {
        name: 'url',
        label: 'url',
        type: 'text',
        required: true,
        pattern: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
        patternMsg: 'url',
        inTable: true,
      },
      {
        name: 'method',
        label: 'method',
        type: 'select',
        required: true,
        options: { GET: 'GET', POST: 'POST', PUT: 'PUT', DELETE: 'DELETE' },
        inTable: true,
      },
      { name: 'timeoutMs', label: 'timeoutMs', type: 'number', min: 100, max: 600000 },
    ],
    defaults: { method: 'GET', timeoutMs: 30000 },
  },
};
