/**
 * The first-page budget (issue 14): the login page and the public site load at most
 * FIRST_PAGE_BUDGET_KB of gzipped JavaScript and CSS, and nothing of the signed-in shell.
 * Reads the manifest of the last `vite build` (DIST_DIR, default dist); prints each page's chunks
 * with their sizes and exits 1 when a page is over. Run by `npm test` after the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  describe,
  FIRST_PAGE_BUDGET_KB,
  FIRST_PAGES,
  readManifest,
  SECOND_PAGES,
  shellMarkers,
  weigh,
} from './lib/first-page.js';

const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const manifest = readManifest(dist);
let failures = 0;
for (const page of FIRST_PAGES) {
  const weight = weigh(dist, manifest, page);
  console.log(describe(weight));
  if (weight.gzipTotal > FIRST_PAGE_BUDGET_KB * 1000) {
    failures += 1;
    console.log(`  OVER BUDGET by ${((weight.gzipTotal - FIRST_PAGE_BUDGET_KB * 1000) / 1000).toFixed(1)} kB`);
  }
  const shell = weight.files.flatMap((f) =>
    shellMarkers(fs.readFileSync(path.join(dist, f.file), 'utf8')).map((m) => `${f.file} (${m})`),
  );
  if (shell.length > 0) {
    failures += 1;
    console.log(`  signed-in shell code loaded before sign-in: ${shell.join(', ')}`);
  }
}
for (const page of SECOND_PAGES) {
  const weight = weigh(dist, manifest, page);
  console.log(
    `${weight.route} (reached from /web, not held to the budget): ${(weight.gzipTotal / 1000).toFixed(1)} kB gzipped JS + CSS in ${weight.files.length} files`,
  );
}
console.log(
  failures === 0 ? `First pages within ${FIRST_PAGE_BUDGET_KB} kB.` : `${failures} first-page check(s) failed.`,
);
process.exit(failures === 0 ? 0 : 1);
