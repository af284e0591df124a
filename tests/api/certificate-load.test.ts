/**
 * Loaded lives (seeds and imports: certificate/writer.ts loadCertificates) keep their order: a life
 * of several events is written in one statement per batch, and its history rows must come out in the
 * order of the life's steps, or the history does not replay to the row. Many lives over many holders
 * in one batch, as a seed writes them, so the database's join order has room to differ.
 */
import { expect, it } from 'vitest';
import { statutoryExpiryOf } from '../../machines/certificate.machine.js';
import type { Tx } from '../../server/db/client.js';
import { addDays, addYears, chinaDate } from '../../server/lib/days.js';
import { newQueryCode, nextCertNo } from '../../server/modules/certificate/numbering.js';
import { replayAll } from '../../server/modules/certificate/history.js';
import { loadCertificates, type CertificateLife } from '../../server/modules/certificate/writer.js';
import type { TestApp } from '../helpers/app.js';
import { apiSuite } from '../helpers/api.js';
import { anEnterprise, aPerson, type BuiltPerson } from '../helpers/builders.js';

let t: TestApp;
apiSuite({
  ready: (app) => {
    t = app;
  },
});

it('writes a batch of multi-event lives whose every history replays to its row', async () => {
  const ent = await anEnterprise(t);
  const holders: BuiltPerson[] = [];
  for (let i = 0; i < 12; i += 1) holders.push(await aPerson(t, { enterprise: ent }));
  const today = chinaDate(t.clock.now());
  const validFrom = addDays(addYears(today, -1), 3);
  const at = (days: number) => new Date(`${addDays(validFrom, days)}T02:00:00Z`);
  const categories = ['A', 'B', 'C1'] as const;
  const positions = ['02', '07', '08'] as const;
  const ids = await t.database.db.transaction(async (tx) => {
    // Holders in reverse order of their ids, three lives each, every life issued then cancelled.
    const lives: CertificateLife[] = [];
    for (const holder of [...holders].reverse())
      for (const k of [0, 1, 2])
        lives.push({
          steps: [
            {
              at: at(0),
              event: {
                type: 'ISSUE' as const,
                certNo: await nextCertNo(tx as Tx, categories[k]!, Number(validFrom.slice(0, 4))),
                category: categories[k]!,
                personId: holder.id,
                enterpriseId: ent.id,
                position: positions[k]!,
                issueDate: validFrom,
                validFrom,
                expiryDate: statutoryExpiryOf(validFrom),
                queryCode: newQueryCode(),
                acceptedOn: null,
              },
            },
            { at: at(10), event: { type: 'CANCEL' as const } },
          ],
          extras: { issuingAuthority: '测试发证机关' },
        });
    return loadCertificates(tx as Tx, lives);
  });
  expect(ids).toHaveLength(36);
  const { checked, broken } = await replayAll(t.database.db);
  expect(checked).toBeGreaterThanOrEqual(36);
  expect(broken.filter((b) => ids.includes(b.certificateId))).toEqual([]);
});
