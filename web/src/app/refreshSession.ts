import * as authApi from '#src/api/auth';
import { useSession } from './stores/session';

/**
 * The token refresh, apart from app/account: a large screen opened alone refreshes its token for days, and
 * app/account would bring the console's shell with it (its tabs, menus and navigation: 3.8 MB of heap, issue 25).
 */

let refreshing: Promise<void> | null = null;

/**
 * Single-flight token refresh: concurrent callers share one request. In switch mode the current
 * department and role ride along (headers Dept-Id / Role-Id); a switch passes the new ones.
 */
export function refreshSession(deptRole?: authApi.DeptRole): Promise<void> {
  refreshing ??= doRefresh(deptRole).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function doRefresh(deptRole?: authApi.DeptRole) {
  const { refreshToken, tenantId, auth, config } = useSession.getState();
  if (!refreshToken) throw new Error('no refresh token');
  const current = config.switchMode ? { deptId: auth?.dept_id, roleId: auth?.role_id } : {};
  const token = await authApi.refreshToken(refreshToken, tenantId, deptRole ?? current);
  useSession.getState().setToken(token);
}
