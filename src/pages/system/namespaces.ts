/** The i18n namespaces of the administration pages; the shared kit's words are in `common` (src/components/AdminKit). */

/** Menus, departments, dictionaries, districts, file storage. */
export const SYS_DATA = 'sysData';
/** Parameters, logs, messages, notices, to-dos, persons, the catalog pages. */
export const SYS_ADMIN = 'sysAdmin';
/** Users, roles, user roles, online users, user groups. */
export const SYS_USER = 'sysUser';
