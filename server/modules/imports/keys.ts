/**
 * The identity of an imported row (education_record.row_key): sha256 of the values that make two
 * rows the same record. The same training of the same person for the same certificate is one
 * record, whatever the hours say (a different number of hours for it is a conflict to resolve, not
 * a second record). The demo seed keys its imported rows with the same function.
 */
import { createHash } from 'node:crypto';

export interface EducationIdentity {
  idNo: string;
  certNo: string;
  course: string;
  provider: string;
  startedOn: string;
  finishedOn: string;
}

export function educationRowKey(r: EducationIdentity): string {
  // A separator no value holds (the cell readers refuse control characters).
  const text = [r.idNo.toUpperCase(), r.certNo, r.course, r.provider, r.startedOn, r.finishedOn].join('\u001f');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
