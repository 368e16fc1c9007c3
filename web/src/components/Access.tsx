import type { ReactNode } from 'react';
import { useSession } from '#src/app/stores/session';

/** Permission codes (`notice_add`, ...) from the server's button tree; no code means allowed. */
export function useAccess() {
  const permissions = useSession((s) => s.permissions);
  return (code?: string) => !code || Boolean(permissions[code]);
}

/** Renders its children only when the user holds `code`. */
export function Access({
  code,
  children,
  fallback = null,
}: {
  code?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAccess()(code) ? children : fallback;
}
