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

  it('the index page is docs/statecharts/index.md and links every machine page', () => {
    const files = renderAll();
    expect(files.has('index.md')).toBe(true);
    expect(files.has('README.md')).toBe(false);
    for (const key of Object.keys(machines)) expect(files.get('index.md')).toContain(`(./${key}.md)`);
  });

  it('shows what the machines say in their metadata: status codes, who sends, routes', () => {
    const page = renderAll().get('application.md') ?? '';
    expect(page).toContain('| `inReview.cs` | atomic | 3 已受理 |');
    expect(page).toContain('| `personCheck` | atomic | 0 申请中 |');
    expect(page).toMatch(/\| `inReview.bj` \| WITHDRAW \| previousActor \|/);
    expect(page).toContain('## Business-type routes');
    expect(page).toContain('| `modify` | 证书变更 | Modify | sl 受理 → sh 审核 → bj 办结 | yes | yes |');
    expect(renderAll().get('recordReview.md')).toMatch(/\| `pending` \| APPROVE \| reviewer \|/);
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
