import { describe, expect, it } from 'vitest';
import { ImportGate, ImportsBusy, type GateState } from '../../server/lib/import/gate.js';

describe('the import gate', () => {
  it('lets `running` in, queues `waiting` in order, refuses the rest at once', async () => {
    const states: GateState[] = [];
    const gate = new ImportGate({ running: 2, waiting: 1, waitMs: 60_000 }, (s) => states.push(s));
    const a = await gate.enter();
    const b = await gate.enter();
    expect(gate.state).toEqual({ running: 2, waiting: 0 });
    let cIn = false;
    const c = gate.enter().then((leave) => {
      cIn = true;
      return leave;
    });
    expect(gate.full()).toBe(true);
    await expect(gate.enter()).rejects.toBeInstanceOf(ImportsBusy);
    expect(cIn).toBe(false);
    a();
    a(); // leaving twice frees one place only
    const leaveC = await c;
    expect(cIn).toBe(true);
    expect(gate.state).toEqual({ running: 2, waiting: 0 });
    b();
    leaveC();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
    expect(Math.max(...states.map((s) => s.running))).toBe(2);
  });

  it('refuses a waiting import after waitMs, and forgets it', async () => {
    const gate = new ImportGate({ running: 1, waiting: 2, waitMs: 20 });
    const leave = await gate.enter();
    await expect(gate.enter()).rejects.toThrow(
      '导入繁忙：同时最多进行 1 个导入（另有 2 个在排队），请稍后再试，未导入任何数据',
    );
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
    leave();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });
});
