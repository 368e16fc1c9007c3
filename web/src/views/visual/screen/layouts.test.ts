import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchScreen } from '#src/api/visual';
import { prefetch } from '#src/boot/prefetch';
import { hookCharts, LAYOUTS, type ScreenLayout, screenMapId, screenRequest } from './layouts';

afterEach(() => vi.unstubAllGlobals());

describe("a large screen's request sent by the boot entry", () => {
  it('is the one the screen takes: no second request once the console has started', async () => {
    const fetch = vi.fn(
      async (_url: string) => new Response(JSON.stringify({ code: 200, data: { early: true } })),
    );
    vi.stubGlobal('fetch', fetch);
    for (const [path, layout] of Object.entries(LAYOUTS as Record<string, ScreenLayout>)) {
      for (const search of ['', '?mapId=7']) {
        const url = screenRequest(path, search);
        expect(url).toBeDefined();
        prefetch('t0k', '356782', [url as string]);
        // Another spelling than the HTTP layer's would go to the network, which jsdom's XHR cannot reach.
        const data = await fetchScreen(layout.name, screenMapId(search), hookCharts(layout.panels));
        expect(data, `${path}${search}`).toEqual({ early: true });
      }
    }
    expect(fetch.mock.calls[1][0]).toBe(
      '/api/blade-api/visual/screen?name=cockpit&charts=kpis&charts=alarmLevels&charts=alarms&charts=trends' +
        '&charts=oee&charts=lines&charts=batches&mapId=7',
    );
  });

  it('is none for a page that is not a large screen', () => {
    expect(screenRequest('/wel/index', '')).toBeUndefined();
    expect(screenRequest('/visual/map', '?mapId=7')).toBeUndefined();
  });
});
