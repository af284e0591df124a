/** How identity numbers appear in lists and exports: first 3 and last 4 characters, the rest hidden (440***********1234). */
export function maskIdNo(idNo: string | null | undefined): string {
  if (!idNo) return '';
  if (idNo.length <= 7) return `${idNo.slice(0, 1)}${'*'.repeat(Math.max(0, idNo.length - 1))}`;
  return `${idNo.slice(0, 3)}${'*'.repeat(idNo.length - 7)}${idNo.slice(-4)}`;
}
