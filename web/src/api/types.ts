/**
 * Wire shapes of the BladeX 2.x dialect (design/bladex-contract.md). Ids travel as strings. The shapes of
 * single endpoints are generated from the backend's schema (./generated, web/scripts/gen-api.sh); the
 * names the console has always used for them are kept here.
 */
import type {
  LogoRead,
  MenuNode as MenuRead,
  NoticeRead,
  PasswordModeSafety,
  TokenBody,
  TopMenuRead,
  UserRead,
} from './generated/client';

export type { DictItem, LoginConfig, SysConfig } from './generated/client';

/** The envelope of every answer but the token endpoint's. */
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

/** A menu of /menu/routes. Spec §6 also reads `meta.roles` (BladeX menus may carry it; ours carry none). */
export type MenuNode = MenuRead & { meta?: { roles?: string[]; i18n?: string } };

/** Raw OAuth2 body of POST /blade-auth/oauth/token (contract §3.3 plus the spec's `config`). */
export type TokenResponse = TokenBody;

/** The safety rule of account.PasswordMode: type, length and content. */
export type SafetyRule = PasswordModeSafety;

/** account.PasswordMode: "normal", or the safety rule. */
export type PasswordMode = string | SafetyRule;

export type TopMenu = TopMenuRead;
export type Logo = LogoRead;
export type UserInfo = UserRead;
export type Notice = NoticeRead;
