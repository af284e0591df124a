/** Times in exports read as the users read them: China time, YYYY-MM-DD HH:mm:ss (SPEC 9). */
export function formatChinaTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 8 * 3_600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
