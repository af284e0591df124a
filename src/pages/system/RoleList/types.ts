/** A row of the role list, as the generated client answers it. */
import type { SystemRoleList200 } from '@/services/generated/api.schemas';

export type SysRoleRow = SystemRoleList200['rows'][number];
