/**
 * `npm run seed:menus [-- --apply]`: the menu entries this version has and the database lacks (a
 * database seeded by an older version), and with --apply adds them with the seed roles' grants.
 * Stop the server first when the database is the embedded one (one process owns its directory).
 */
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { migrate } from '../server/db/migrate.js';
import { isSeeded } from '../server/db/seed/seeded.js';
import { addMissingMenus, missingMenus } from '../server/db/seed/upgradeMenus.js';

const apply = process.argv.includes('--apply');
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrate(database);
  const missing = (await isSeeded(database.db)) ? await missingMenus(database.db) : null;
  if (!missing) {
    console.log('The database has not been seeded yet: npm start seeds it with every menu entry.');
  } else if (missing.length === 0) {
    console.log('Every menu entry of this version is in the database.');
  } else if (!apply) {
    console.log(`${missing.length} menu entries of this version are not in the database:`);
    for (const f of missing) console.log(`  ${'  '.repeat(f.depth)}${f.node.menuName}  (${f.node.menuKey})`);
    console.log('Run npm run seed:menus -- --apply to add them with the grants of the seed roles.');
  } else {
    const done = await addMissingMenus(database.db);
    console.log(`Added ${done.added.length} menu entries: ${done.added.join(', ')}`);
    for (const [role, keys] of Object.entries(done.granted)) console.log(`  granted to ${role}: ${keys.join(', ')}`);
  }
} finally {
  await database.close();
}
