/**
 * The business rules of DOMAIN.md as a fact decide.ts weighs at SUBMIT: the registered rule check
 * of the application's type (registry.ts), the same answer as the pre-check, read with the
 * application before deciding.
 */
import type { BusinessType } from '../../machines/businessTypes.js';
import type { DbOrTx } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import type { ApplicationEventType } from '../../machines/application.machine.js';
import { refusalError, rulesRefusal } from './decide.js';
import { handlersOf, type RuleVerdict } from './registry.js';
import type { ApplicationRow } from './types.js';

/** The rules' answer on the application (code 0: they pass). `exec`: inside a transaction, its own (PGlite serves one connection). */
export function rulesVerdict(exec: DbOrTx, clock: Clock, app: ApplicationRow): Promise<RuleVerdict> {
  return handlersOf(app.businessType as BusinessType).rules(exec, clock, {
    businessType: app.businessType as BusinessType,
    applicationId: app.id,
    enterpriseId: app.enterpriseId,
    personId: app.personId,
    certificateId: app.certificateId,
    payload: app.payload,
    applicantUserId: app.applicantUserId,
  });
}

/** What decide needs of the rules for this event: their answer at SUBMIT, nothing (null) for any other event. */
export function rulesFor(
  exec: DbOrTx,
  clock: Clock,
  app: ApplicationRow,
  type: ApplicationEventType,
): Promise<RuleVerdict | null> {
  return type === 'SUBMIT' ? rulesVerdict(exec, clock, app) : Promise.resolve(null);
}

/** The rules' answer on a draft not saved yet (save and submit in one step), their refusal thrown as decide would answer it. */
export async function assertRulesPass(exec: DbOrTx, clock: Clock, draft: ApplicationRow): Promise<RuleVerdict> {
  const verdict = await rulesVerdict(exec, clock, draft);
  if (verdict.code !== 0) throw refusalError(rulesRefusal(verdict));
  return verdict;
}
