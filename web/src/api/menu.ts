import type { AxiosRequestConfig } from 'axios';
import {
  getBladeSystemMenuButtons,
  getBladeSystemMenuRoutes,
  getBladeSystemMenuTopMenu,
  getBladeSystemTenantMenuCodes,
} from './generated/client';

export async function fetchRoutes(topMenuId?: string, config?: AxiosRequestConfig) {
  // Query ids are integers in the schema but travel as strings (64-bit snowflakes).
  return (await getBladeSystemMenuRoutes({ topMenuId } as never, config)).data ?? [];
}

/** Menus with their granted buttons as children; the leaf codes form the permission map. */
export async function fetchButtons(config?: AxiosRequestConfig) {
  return (await getBladeSystemMenuButtons(config)).data ?? [];
}

export async function fetchTopMenus(config?: AxiosRequestConfig) {
  return (await getBladeSystemMenuTopMenu(config)).data ?? [];
}

/** The menu codes a tenant other than 000000 may open (docs/decisions.md, Console). */
export async function fetchTenantMenuCodes(config?: AxiosRequestConfig) {
  return (await getBladeSystemTenantMenuCodes(config)).data ?? [];
}
