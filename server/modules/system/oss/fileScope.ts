/**
 * Who may download an uploaded file: the uploader, the file-storage administrators, and whoever may
 * see a record the file is attached to. Each module that attaches files (applications' materials,
 * later punishments and exam imports) registers how to find its records for a file and whether the
 * caller may see them, so a download checks the same scope as the record and nothing wider.
 */
import type { AppContext, AuthUser } from '../../../context.js';

/** true: this owner lets the caller see the file; false: the file is attached here but the caller may not; null: not attached here. */
export type FileOwnerCheck = (ctx: AppContext, user: AuthUser, ossId: number) => Promise<boolean | null>;

const owners: FileOwnerCheck[] = [];

export function registerFileOwner(check: FileOwnerCheck): void {
  if (!owners.includes(check)) owners.push(check);
}

export async function mayDownload(
  ctx: AppContext,
  user: AuthUser,
  file: { id: number; createdBy: number | null },
): Promise<boolean> {
  if (file.createdBy !== null && file.createdBy === user.userId) return true;
  if (user.permissions.has('system:oss:list')) return true;
  for (const check of owners) {
    if (await check(ctx, user, file.id)) return true;
  }
  return false;
}
