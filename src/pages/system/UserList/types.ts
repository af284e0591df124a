/** A row of the user list and a user type option, as the generated client answers them. */
import type {
  SystemUserGet200,
  SystemUserListV2200,
  SystemUserLoadUserTypes200,
} from '@/services/generated/api.schemas';

export type SysUserRow = SystemUserListV2200['rows'][number];
export type UserTypeOption = SystemUserLoadUserTypes200['data'][number];
/** One user as the edit form reads it: the row with the offer of what the caller may reveal. */
export type SysUserDetail = SystemUserGet200['data'];
