/**
 * `npm run i18n:server`: brings server/lib/locales/<language>.json in line with the server's messages
 * (scripts/lib/server-messages.ts): a new message gets an empty translation to fill in, a message
 * no longer in the code loses its entry. The unit test server-messages.test.ts fails until every
 * entry is filled.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serverMessages } from './lib/server-messages.js';
import { SERVER_LANGUAGES } from '../server/lib/messages.js';

const root = process.cwd();
const messages = serverMessages(root);
for (const lang of SERVER_LANGUAGES) {
  const file = path.join(root, 'server/lib/locales', `${lang}.json`);
  const old = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const next: Record<string, string> = {};
  for (const template of messages.keys()) next[template] = old[template] ?? '';
  const added = [...messages.keys()].filter((t) => !(t in old)).length;
  const removed = Object.keys(old).filter((t) => !messages.has(t)).length;
  const empty = Object.values(next).filter((v) => !v).length;
  fs.writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`${lang}: ${messages.size} messages, ${added} added, ${removed} removed, ${empty} to translate`);
}
