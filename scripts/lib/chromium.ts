/** Where the e2e suite finds Chromium: CHROMIUM_PATH, Debian's package, or Playwright's own download. */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  try {
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    /* not downloaded */
  }
  return null;
}
