/** Wire shapes of the BladeX 2.x dialect (design/bladex-contract.md). Ids travel as strings. */

export interface R<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export type Query = Record<string, string | number | undefined>;

/** Raw OAuth2 body of POST /blade-auth/oauth/token (contract §3.3 plus the spec's `config`). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  account: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  avatar: string;
  oauth_id?: string;
  config?: LoginConfig;
}

export interface LoginConfig {
  passwordMode?: PasswordMode;
  reset?: { needRest?: boolean; msg?: string };
  passwordPeriod?: { expire?: boolean; msg?: string };
}

/** account.PasswordMode: "normal", or the safety rule packed as type, length and content. */
export type PasswordMode = string | SafetyRule;

export interface SafetyRule {
  type: string;
  length: number;
  /** Required character classes, comma-joined: num, letter, character. */
  content: string;
}

export interface SysConfig {
  tokenTimeOut: number;
  tokenRefreshTime: number;
  lockTime: number;
  captchaMode: boolean;
  switchMode: boolean;
}

export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** English name; shown when the console is in English. */
  nameEn?: string;
  alias?: string;
  path: string;
  source?: string;
  sort?: number;
  category?: number;
  /** Button placement: 0 none, 1 toolbar, 2 row, 3 both. */
  action?: number;
  /** 2 = open in a new window. */
  isOpen?: number;
  /** 0 / false: hidden from the sidebar. */
  isShow?: boolean | number;
  meta?: { roles?: string[]; i18n?: string };
  children?: MenuNode[];
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  nameEn?: string;
  source?: string;
  path?: string;
  sort?: number;
}

export interface Logo {
  type: 'BACKEND' | 'LABEL';
  mode: 'LIGHT' | 'DARK';
  url: string;
  document?: string;
}

export interface UserInfo {
  id: string;
  tenantId: string;
  account: string;
  name?: string;
  realName: string;
  avatar?: string;
  email?: string;
  phone?: string;
  roleName?: string;
  deptName?: string;
}

export interface DictItem {
  dictKey: string;
  dictValue: string;
  /** The label in English mode; none when it reads the same in both languages. */
  dictValueEn?: string | null;
}

export interface Notice {
  id?: string;
  title: string;
  category: string;
  categoryName?: string;
  releaseTime: string;
  content: string;
}
