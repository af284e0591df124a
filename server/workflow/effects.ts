/**
 * What happens to certificates when an application closes approved: one hook per business type,
 * run in the same transaction as the transition. The certificate-business issue fills them; until
 * then an approved application changes no certificate.
 */
import type { BusinessType } from '../../machines/businessTypes.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/client.js';
import type { application } from '../db/schema.js';

export type ApplicationRow = typeof application.$inferSelect;
/** What the engine needs of the application context (the demo seed runs it without a server). */
export type WorkflowEnv = Pick<AppContext, 'clock' | 'config'>;
export type CloseEffect = (tx: Tx, app: ApplicationRow, env: WorkflowEnv) => Promise<void>;

const noEffect: CloseEffect = async () => undefined;

export const closeEffects: Record<BusinessType, CloseEffect> = {
  newCert: noEffect,
  delay: noEffect,
  inner: noEffect,
  inProvince: noEffect,
  outProvince: noEffect,
  modify: noEffect,
  revocation: noEffect,
  personRevocation: noEffect,
  rename: noEffect,
};
