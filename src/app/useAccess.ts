import { useMemo } from 'react';
import { useCurrentUser } from '@/store/user';
import { access, type Access } from './access';

/** access(currentUser) for the logged-in user. */
export function useAccess(): Access {
  const user = useCurrentUser();
  return useMemo(() => access(user), [user]);
}
