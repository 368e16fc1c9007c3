import type { AxiosRequestConfig } from 'axios';
import { http } from './http';

/**
 * The generated client's transport (orval mutator): the console's axios instance with its interceptors.
 * `options` may add query parameters the schema does not declare (`tenantId`, `ids`) to the generated ones.
 * Generated URLs carry the schema's `/api` prefix, which is already the instance's base URL.
 */
export async function request<T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> {
  const { data } = await http.request<T>({
    ...config,
    ...options,
    params: { ...config.params, ...options?.params },
    url: config.url?.replace(/^\/api(?=\/)/, ''),
  });
  return data;
}
