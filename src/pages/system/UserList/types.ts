/** A row of the user list and a user type option, as the generated client answers them. */
import type { SystemUserListV2200, SystemUserLoadUserTypes200 } from '@/services/generated/api.schemas';

export type SysUserRow = SystemUserListV2200['rows'][number];
export type UserTypeOption = SystemUserLoadUserTypes200['data'][number];
