/**
 * Every statechart of the platform, by id. The documentation generator (scripts/gen-statecharts.ts)
 * and the audit checks iterate over this map: add each new machine here.
 */
import { applicationMachine } from './application.machine.js';
import { applyWizardMachine } from './applyWizard.machine.js';
import { certificateMachine } from './certificate.machine.js';
import { delayEligibilityMachine } from './delayEligibility.machine.js';
import { examBatchMachine } from './examBatch.machine.js';
import { recordReviewMachine } from './recordReview.machine.js';
import { sessionMachine } from './session.machine.js';
import { smsCountdownMachine } from './smsCountdown.machine.js';

export const machines = {
  application: applicationMachine,
  applyWizard: applyWizardMachine,
  certificate: certificateMachine,
  delayEligibility: delayEligibilityMachine,
  examBatch: examBatchMachine,
  recordReview: recordReviewMachine,
  session: sessionMachine,
  smsCountdown: smsCountdownMachine,
} as const;

export type MachineId = keyof typeof machines;

export * from './businessTypes.js';
export * from './application.machine.js';
export * from './applyWizard.machine.js';
export * from './certificate.machine.js';
export * from './delayEligibility.machine.js';
export * from './examBatch.machine.js';
export * from './recordReview.machine.js';
export * from './session.machine.js';
export * from './smsCountdown.machine.js';
