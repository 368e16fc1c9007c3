import { createHash } from 'node:crypto';

// The demo tenant's admin over the API (the password grant: a token of the bench's own for every call, since a
// page's token expires unrefreshed in an hour left idle), and a map of dots bound to the demo plant's points.
const TENANT = '356782';
const CLIENT = `Basic ${Buffer.from('plantdesk:plantdesk_secret').toString('base64')}`;
export const ADMIN_PASSWORD_HASH = createHash('md5').update('admin').digest('hex');

export function demoApi(base) {
  const token = async () => {
    const query = new URLSearchParams({
      tenantId: TENANT,
      username: 'admin',
      grant_type: 'password',
      scope: 'all',
      type: 'account',
      password: ADMIN_PASSWORD_HASH,
    });
    const r = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { Authorization: CLIENT, 'Tenant-Id': TENANT },
    });
    return (await r.json()).access_token;
  };
  return async (method, path, data) => {
    const headers = {
      Authorization: CLIENT,
      'Blade-Auth': `bearer ${await token()}`,
      'Tenant-Id': TENANT,
      'Content-Type': 'application/json',
    };
    const r = await fetch(`${base}/api${path}`, { method, headers, body: data && JSON.stringify(data) });
    const body = await r.json();
    if (!body.success) throw new Error(`${path}: ${body.msg}`);
    return body.data;
  };
}

/** A new map of `count` dots in a grid, each bound to one of the demo plant's numeric points (the simulator moves
 * them every second); answers the map. `monitor(i)`, when given, names dot i's tag in its label (else the point's
 * name). */
export async function dotMap(api, count, name, monitor) {
  const deps = await api('GET', '/blade-api/visual/getDep');
  const tags = [];
  for (const d of deps)
    tags.push(...(await api('GET', `/blade-api/visual/getTagName?deviceId=${d.deviceId}`)));
  const numeric = tags.filter((t) => typeof t.value === 'number');
  const site = await api('POST', '/blade-api/visual/map/submit', { mapName: `${name} ${Date.now()}` });
  for (let i = 0; i < count; i++) {
    const tag = numeric[i % numeric.length];
    await api('POST', '/blade-api/visual/addDot', {
      mapId: site.id,
      content: {
        position: {
          clientX: 40 + (i % 20) * 76,
          clientY: 60 + Math.floor(i / 20) * 80,
          scaleW: 1600,
          scaleH: 900,
        },
        mapTagData: {
          name: `bench dot ${i}`,
          busiData: [],
          SCADAData: [{ pointId: tag.pointId, ...(monitor && { monitor: monitor(i) }) }],
        },
        tipsData: [],
      },
    });
  }
  return site;
}
