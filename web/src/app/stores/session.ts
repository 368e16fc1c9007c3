import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Logo, MenuNode, SysConfig, TokenResponse, TopMenu, UserInfo } from '#src/api/types';
import { DEFAULT_TENANT, SESSION_KEY } from '#src/boot/storage';

export { DEFAULT_TENANT };

/** Global config defaults: spec §9 (token timeout 3600 s when unset). */
export const DEFAULT_CONFIG: SysConfig = {
  tokenTimeOut: 3600,
  tokenRefreshTime: 0,
  lockTime: 0,
  captchaMode: false,
  switchMode: false,
};

export interface License {
  code: number;
  msg: string;
}

export interface SessionState {
  token: string;
  refreshToken: string;
  /** When the access token was stored (ms); the refresh schedule counts from here. */
  tokenTime: number;
  tenantId: string;
  /** The token body: ids, names and role of the signed-in user. */
  auth: TokenResponse | null;
  user: UserInfo | null;
  menus: MenuNode[];
  topMenus: TopMenu[];
  /** Leaf codes of the button tree: the permission map of spec §3. */
  permissions: Record<string, boolean>;
  /** Menus whose codes open the data centre or large screen from the header (special codes). */
  buttonMenus: MenuNode[];
  /** Menu codes the tenant may use; empty for the platform tenant, which is unrestricted. */
  tenantMenuCodes: string[];
  logos: Logo[];
  license: License | null;
  locked: boolean;
  /** Where the user was when the session locked; unlocking returns there. */
  lockedFrom: string;
  /** The lock button asks for the lock password only the first time. */
  lockPasswordSet: boolean;
  config: SysConfig;

  signIn(token: TokenResponse): void;
  setToken(token: TokenResponse): void;
  setAccount(account: Partial<Pick<SessionState, AccountKeys>>): void;
  lock(from: string): void;
  unlock(): void;
  setLockPasswordSet(): void;
  setConfig(config: Partial<SysConfig>): void;
  clear(): void;
}

type AccountKeys =
  | 'user'
  | 'menus'
  | 'topMenus'
  | 'permissions'
  | 'buttonMenus'
  | 'tenantMenuCodes'
  | 'logos'
  | 'license';

const signedOut = {
  token: '',
  refreshToken: '',
  tokenTime: 0,
  tenantId: DEFAULT_TENANT,
  auth: null,
  user: null,
  menus: [],
  topMenus: [],
  permissions: {},
  buttonMenus: [],
  tenantMenuCodes: [],
  logos: [],
  license: null,
  locked: false,
  lockedFrom: '',
  lockPasswordSet: false,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      config: DEFAULT_CONFIG,
      // Spec §4: a new sign-in starts from a clean account (no lock, no old user data).
      signIn: (token) => set({ ...signedOut, ...tokenFields(token) }),
      setToken: (token) => set(tokenFields(token)),
      setAccount: (account) => set(account),
      lock: (from) => set({ locked: true, lockedFrom: from }),
      unlock: () => set({ locked: false, lockedFrom: '' }),
      setLockPasswordSet: () => set({ lockPasswordSet: true }),
      setConfig: (config) => set((s) => ({ config: { ...s.config, ...config } })),
      clear: () => set(signedOut),
    }),
    { name: SESSION_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

function tokenFields(token: TokenResponse) {
  return {
    token: token.access_token,
    refreshToken: token.refresh_token,
    tokenTime: Date.now(),
    tenantId: token.tenant_id || DEFAULT_TENANT,
    auth: token,
  };
}

export function isAdminRole(roleName: string | undefined): boolean {
  return (roleName ?? '').includes('admin');
}
