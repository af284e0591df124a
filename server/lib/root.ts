/**
 * The repository's root (the folder of SafeCert's package.json): the same answer from server/
 * under tsx and from the bundle `npm start` runs (dist-server/, see vite.server.config.ts), so
 * files shipped beside the code (migrations, fonts) are found from either.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg) && (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === 'safecert')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`SafeCert's package.json not found above ${from}`);
  }
}

export const ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)));
