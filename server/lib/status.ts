/**
 * The '1' normal / '0' disabled status of the administration records (users, roles, departments,
 * menus, dictionaries). Rows sent to the client carry `enabled` from here, so no page compares the code.
 */
export const ENABLED = '1';
export const DISABLED = '0';

export const isEnabled = (status: string): boolean => status === ENABLED;
