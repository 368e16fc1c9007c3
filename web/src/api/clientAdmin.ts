import { type CrudApi, crudApi } from './crud';
import {
  type ClientCreated,
  type ClientRead,
  type ClientWrite,
  getBladeSystemClientDetail,
  getBladeSystemClientList,
  postBladeSystemClientRemove,
  postBladeSystemClientSubmit,
} from './generated/client';

/** An application client (blade_client); reads always carry the secret masked as `******`. */
export type Client = ClientRead;

export type { ClientCreated };

export const SECRET_MASK = '******';

/**
 * Clients (platform administrator only). An insert answers the only unmasked copy of the secret: it goes
 * to `onCreated` so the screen can show it once. An update sending `******` or nothing keeps the secret.
 */
export function clientApiWith(onCreated: (client: ClientCreated) => void): CrudApi<Client> {
  const endpoints = {
    list: getBladeSystemClientList,
    detail: getBladeSystemClientDetail,
    submit: postBladeSystemClientSubmit,
    remove: postBladeSystemClientRemove,
  };
  return crudApi(endpoints, {
    async submit(row) {
      const body = { ...row };
      if (body.id && (!body.clientSecret || body.clientSecret === SECRET_MASK)) delete body.clientSecret;
      const { data, msg } = await postBladeSystemClientSubmit(body as ClientWrite);
      if (!row.id && data) onCreated(data);
      return msg;
    },
  });
}
