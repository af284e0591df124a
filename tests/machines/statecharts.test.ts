import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machines } from '@machines/index';
import { renderAll, renderMermaid, staleFiles } from '../../scripts/gen-statecharts';

describe('statechart registry and docs', () => {
  it('every machine has an id equal to its key, a description and a path test file', () => {
    for (const [key, machine] of Object.entries(machines)) {
      expect(machine.id).toBe(key);
      expect(machine.root.description ?? '').not.toBe('');
      expect(existsSync(new URL(`./${key}.test.ts`, import.meta.url)), `tests/machines/${key}.test.ts`).toBe(true);
    }
  });

  it('docs/statecharts is what the machines generate (run npm run docs:statecharts)', () => {
    expect(staleFiles()).toEqual([]);
  });

  it('renders deterministically', () => {
    expect([...renderAll().entries()]).toEqual([...renderAll().entries()]);
  });

  it('draws nested, parallel and final states and root transitions', () => {
    const m = setup({ types: { events: {} as { type: 'GO' } | { type: 'STOP' } } }).createMachine({
      id: 'demo',
      initial: 'run',
      on: { STOP: '.done' },
      states: {
        run: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { on: { GO: 'b' } }, b: {} } },
            right: { initial: 'c', states: { c: {} } },
          },
        },
        done: { type: 'final' },
      },
    });
    expect(renderMermaid(m)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> run',
        '  state run {',
        '    state run_left {',
        '      [*] --> run_left_a',
        '      state "a" as run_left_a',
        '      state "b" as run_left_b',
        '      run_left_a --> run_left_b : GO',
        '    }',
        '    --',
        '    state run_right {',
        '      [*] --> run_right_c',
        '      state "c" as run_right_c',
        '    }',
        '  }',
        '  done --> [*]',
        '  run --> done : STOP',
      ].join('\n'),
    );
  });
});
