/** Names shared by the PostgreSQL test setup and the per-file databases. */
export const TEMPLATE_DB = 'safecert_test_template';

/** The same server address with another database name. */
export function adminUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
