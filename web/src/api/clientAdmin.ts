import { type CrudApi, crudApi } from './crud';
import { http } from './http';
import type { R } from './types';

/** An application client (blade_client); reads always carry the secret masked as `******`. */
export interface Client {
  id?: string;
  clientId: string;
  clientSecret?: string;
  resourceIds?: string;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri?: string;
  authorities?: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  additionalInformation?: string;
  autoapprove?: string;
  status?: number;
  createTime?: string;
}

export const SECRET_MASK = '******';

/**
 * Clients (platform administrator only). An insert answers the only unmasked copy of the secret: it goes
 * to `onCreated` so the screen can show it once. An update sending `******` or nothing keeps the secret.
 */
export function clientApiWith(onCreated: (client: Client) => void): CrudApi<Client> {
  return crudApi<Client>('/blade-system/client', {
    async submit(row) {
      const body = { ...row };
      if (body.id && (!body.clientSecret || body.clientSecret === SECRET_MASK)) delete body.clientSecret;
      const { data } = await http.post<R<Client>>('/blade-system/client/submit', body);
      if (!row.id && data.data) onCreated(data.data);
      return data.msg;
    },
  });
}
