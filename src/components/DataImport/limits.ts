/** What the server accepts in one import (server/modules/imports/routes.ts, server/lib/import/run.ts), said on the page before the upload. */
export const IMPORT_LIMITS = { megabytes: 20, rows: 100_000 } as const;
