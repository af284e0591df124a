/**
 * Every statechart of the platform, by id. The documentation generator (scripts/gen-statecharts.ts)
 * and the audit checks iterate over this map: add each new machine here.
 */
import { sessionMachine } from './session.machine.js';
import { smsCountdownMachine } from './smsCountdown.machine.js';

export const machines = {
  session: sessionMachine,
  smsCountdown: smsCountdownMachine,
} as const;

export type MachineId = keyof typeof machines;

export * from './session.machine.js';
export * from './smsCountdown.machine.js';
