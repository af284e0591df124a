/** The i18n namespace of the user, role, online-user and user-group pages. */
export const NS = 'sysUser';
