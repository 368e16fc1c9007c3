import type { AxiosRequestConfig } from 'axios';
import { http } from './http';
import type { MenuNode, R, TopMenu } from './types';

export async function fetchRoutes(topMenuId?: string, config?: AxiosRequestConfig) {
  const { data } = await http.get<R<MenuNode[]>>('/blade-system/menu/routes', {
    ...config,
    params: { topMenuId },
  });
  return data.data ?? [];
}

/** Menus with their granted buttons as children; the leaf codes form the permission map. */
export async function fetchButtons(config?: AxiosRequestConfig) {
  const { data } = await http.get<R<MenuNode[]>>('/blade-system/menu/buttons', config);
  return data.data ?? [];
}

export async function fetchTopMenus(config?: AxiosRequestConfig) {
  const { data } = await http.get<R<TopMenu[]>>('/blade-system/menu/top-menu', config);
  return data.data ?? [];
}

/** The menu codes a tenant other than 000000 may open (docs/decisions.md, Console). */
export async function fetchTenantMenuCodes(config?: AxiosRequestConfig) {
  const { data } = await http.get<R<string[]>>('/blade-system/tenant/menu-codes', config);
  return data.data ?? [];
}
