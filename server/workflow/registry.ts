/**
 * The business types register with the engine (DESIGN "Layout": the engine imports no business
 * module). Each type brings its rules, run on every SUBMIT (a refusal is the rule's code and
 * words), and its close effect, run in the transaction that closes an application approved. The
 * business module wires all of them at start-up (server/modules/business/register.ts).
 */
import type { BusinessType } from '../../machines/businessTypes.js';
import type { Clock } from '../lib/clock.js';
import type { DbOrTx, Tx } from '../db/client.js';
import type { ApplicationRow, WorkflowEnv } from './types.js';

/** An application as the rules read it, saved or not yet. */
export interface DraftInput {
  businessType: BusinessType;
  /** The saved application being checked (excluded from "other business in progress"). */
  applicationId: number | null;
  /** The applying enterprise (the holder's enterprise for a person's own revocation). */
  enterpriseId: number | null;
  personId: number | null;
  certificateId: number | null;
  payload: unknown;
  applicantUserId: number;
}

/** The rules' answer: code 0 passes; any other code is the rule that refused, with its words. */
export interface RuleVerdict {
  code: number;
  message: string;
  field?: string;
  facts: Record<string, unknown>;
}

export type RuleCheck = (db: DbOrTx, clock: Clock, draft: DraftInput) => Promise<RuleVerdict>;
export type CloseEffect = (tx: Tx, app: ApplicationRow, env: WorkflowEnv) => Promise<void>;

export interface BusinessTypeHandlers {
  rules: RuleCheck;
  closeEffect: CloseEffect;
}

const registry = new Map<BusinessType, BusinessTypeHandlers>();

export function registerBusinessType(type: BusinessType, handlers: BusinessTypeHandlers): void {
  registry.set(type, handlers);
}

/** The handlers of a type; a type nobody registered is a wiring mistake, not a user's. */
export function handlersOf(type: BusinessType): BusinessTypeHandlers {
  const found = registry.get(type);
  if (!found)
    throw new Error(
      `business type ${type} is not registered with the workflow engine (server/modules/business/register.ts)`,
    );
  return found;
}
