/** Shapes shared by the business list, the apply wizard and the type-specific forms. */
import type { ComponentType } from 'react';
import type { FormInstance } from 'antd';
import type { BusinessType } from '@machines/businessTypes';
import type { BusinessDetail, CandidateRow } from '@/services/business';

export const NS = 'business';

/** What an application is about, whether chosen in step 0 or read from a saved draft. */
export interface SubjectInfo {
  personId: number | null;
  certificateId: number | null;
  name: string | null;
  idNo: string | null;
  sex: string | null;
  age: number | null;
  certNo: string | null;
  category: string | null;
  position: string | null;
  expiryDate: string | null;
  status: string | null;
  enterpriseName: string | null;
}

export function subjectFromCandidate(c: CandidateRow): SubjectInfo {
  return {
    personId: c.personId,
    certificateId: c.certificateId,
    name: c.name,
    idNo: c.idNo,
    sex: c.sex,
    age: c.age,
    certNo: c.certNo,
    category: c.category,
    position: null,
    expiryDate: c.expiryDate,
    status: c.status,
    enterpriseName: c.enterpriseName,
  };
}

export function subjectFromDetail(d: BusinessDetail): SubjectInfo | null {
  if (!d.person && !d.certificate) return null;
  return {
    personId: d.personId,
    certificateId: d.certificateId,
    name: d.person?.name ?? d.holderName,
    idNo: d.person?.idNo ?? null,
    sex: d.person?.sex ?? null,
    age: d.person?.age ?? null,
    certNo: d.certificate?.certNo ?? d.certNo,
    category: d.certificate?.category ?? null,
    position: d.certificate?.position ?? null,
    expiryDate: d.certificate?.expiryDate ?? null,
    status: d.certificate?.status ?? null,
    enterpriseName: null,
  };
}

/** Props of a type's own form (step "form") and of the extra step-0 fields. */
export interface BusinessFormProps {
  type: BusinessType;
  form: FormInstance;
  subject: SubjectInfo | null;
  /** what the pre-check looked at (certificate, hours, enterprise …) */
  facts: Record<string, unknown> | null;
}

export type BusinessFormComponent = ComponentType<BusinessFormProps>;
