/**
 * `npm run db:rechain`: after merging branches that each added a migration, put drizzle-kit's
 * snapshots back into one chain in the journal's order. Each snapshot's own change (against the
 * snapshot its prevId names, the one its branch generated it from) is applied to the rebuilt
 * snapshot before it, and prevIds follow the journal. The SQL files are not touched.
 * tests/unit/migrations-match-schema.test.ts says whether the chain and the schema agree.
 */
import fs from 'node:fs';
import path from 'node:path';

type Section = Record<string, unknown>;
type Snapshot = { id: string; prevId: string } & Record<string, unknown>;
const SECTIONS = ['tables', 'enums', 'schemas', 'sequences', 'roles', 'policies', 'views'];

const meta = path.resolve(import.meta.dirname, '../server/db/migrations/meta');
const journal = JSON.parse(fs.readFileSync(path.join(meta, '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const fileOf = (tag: string) => path.join(meta, `${tag.split('_')[0]}_snapshot.json`);
const original = new Map(
  journal.entries.map((e) => [e.tag, JSON.parse(fs.readFileSync(fileOf(e.tag), 'utf8')) as Snapshot]),
);
const byId = new Map([...original.values()].map((s) => [s.id, s]));

/** `base` with what `own` changed against `parent`, section by section, entry by entry. */
function withChange(base: Snapshot, parent: Snapshot | undefined, own: Snapshot): Snapshot {
  const out = structuredClone(base) as Record<string, unknown>;
  for (const name of SECTIONS) {
    const before = (parent?.[name] ?? {}) as Section;
    const after = (own[name] ?? {}) as Section;
    const target = (out[name] ??= {}) as Section;
    for (const [key, value] of Object.entries(after))
      if (JSON.stringify(before[key]) !== JSON.stringify(value)) target[key] = structuredClone(value);
    for (const key of Object.keys(before)) if (!(key in after)) delete target[key];
  }
  return out as Snapshot;
}

let previous: Snapshot | null = null;
const rebuilt: string[] = [];
for (const { tag } of journal.entries) {
  const own = original.get(tag)!;
  // Once one is rebuilt, every later one is too: its parent (by prevId) lacks what the rebuild added.
  if (previous && (own.prevId !== previous.id || rebuilt.length > 0)) {
    const next: Snapshot = { ...withChange(previous, byId.get(own.prevId), own), id: own.id, prevId: previous.id };
    fs.writeFileSync(fileOf(tag), `${JSON.stringify(next, null, 2)}\n`);
    rebuilt.push(tag);
    previous = next;
  } else previous = own;
}
console.log(rebuilt.length ? `rebuilt: ${rebuilt.join(', ')}` : 'the snapshots already form one chain');
