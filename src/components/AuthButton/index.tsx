import type { ReactNode } from 'react';
import { useAccess } from '@/app/useAccess';

/**
 * Renders its children only when the permission check passes (SPEC 6): `perm` is a button key
 * (passes when the user's buttons are undefined/null or include it); `permissionId` + `action`
 * is the second check.
 */
export default function AuthButton({
  perm,
  permissionId,
  action,
  children,
  fallback = null,
}: {
  perm?: string;
  permissionId?: string;
  action?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const access = useAccess();
  if (perm !== undefined && !access.hasButton(perm)) return <>{fallback}</>;
  if (permissionId !== undefined && action !== undefined && !access.hasAction(permissionId, action))
    return <>{fallback}</>;
  return <>{children}</>;
}
