/**
 * The server's notion of now. Everything that reads the time asks a Clock: services through
 * `ctx.clock`, and the database's timestamp defaults through `clockNow()`, which reads the clock of
 * the request (or job, or seed) being served. So a test that fixes the clock at 23:59 China time
 * gets rows stamped 23:59, and filters by that China day find them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(instant: Date): void {
    this.current = new Date(instant);
  }
}

/** A clock that stands still at one instant. */
export const fixedClock = (instant: Date): Clock => ({ now: () => new Date(instant) });

const current = new AsyncLocalStorage<Clock>();
let fallback: Clock = systemClock;

/**
 * The clock of writes made outside any request, job or seed. Only a test process changes it, so
 * that the rows a test inserts itself live at the same instant as the server it drives.
 */
export function setFallbackClock(clock: Clock): void {
  fallback = clock;
}

/** Runs `fn` (and everything it starts) with `clock` as the time of its database writes. */
export function runWithClock<T>(clock: Clock, fn: () => T): T {
  return current.run(clock, fn);
}

/** Now, by the clock of the work in progress (the system clock outside any). */
export function clockNow(): Date {
  return (current.getStore() ?? fallback).now();
}
