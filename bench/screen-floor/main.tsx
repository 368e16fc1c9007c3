// The floor of a large screen's hour (bench/large-screens.mjs): React drawing one map's dots from the same live
// stream the screens read, and nothing else (no router, shell, query client, charts, i18n or antd). What an hour
// of this costs the tab, the screens cannot undercut with React in this Chromium.
// /screen-floor/?mapId=<map>#<the admin's password hash>: it signs in itself, so its stream outlives a token.
// With `&dots=map` it draws the screen's own MapView (the spec's marker and label) from the screen's answer instead
// of one plain line per dot: what the screen's dots cost without the rest of the screen.
import { memo, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { LiveValue } from '../../web/src/api/live';
import type { ScreenData } from '../../web/src/api/visual';
import { MapView } from '../../web/src/views/visual/map/MapView';
import { applyToScreen } from '../../web/src/views/visual/screen/liveData';
import '../../web/src/views/visual/map/map.css';

type Dot = {
  id: string;
  content: {
    position: { clientX: number; clientY: number; scaleW: number; scaleH: number };
    mapTagData: { name: string; SCADAData: { pointId?: string }[] };
  };
};
type Value = { pointId: string; value: number | null };

const TENANT = '356782';
const CLIENT = `Basic ${btoa('plantdesk:plantdesk_secret')}`;

async function signIn(): Promise<Record<string, string>> {
  const query = new URLSearchParams({
    tenantId: TENANT,
    username: 'admin',
    password: location.hash.slice(1),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const r = await fetch(`/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: CLIENT, 'Tenant-Id': TENANT },
  });
  const { access_token } = await r.json();
  return { Authorization: CLIENT, 'Blade-Auth': `bearer ${access_token}`, 'Tenant-Id': TENANT };
}

/** The realtime topic's values for `points`, read as the console reads its live channel; reopened when it ends. */
async function stream<T>(points: string[], onValues: (values: T[]) => void) {
  for (;;) {
    const response = await fetch(`/api/blade-desk/live?topic=monitor.realtime:${points.join(',')}`, {
      headers: { ...(await signIn()), Accept: 'text/event-stream' },
    });
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const blocks = (buffer + value).split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        if (!block.startsWith('event: monitor.realtime')) continue;
        onValues(JSON.parse(block.slice(block.indexOf('data:') + 5)));
      }
    }
  }
}

const pointOf = (dot: Dot) => dot.content.mapTagData.SCADAData[0]?.pointId ?? '';

const Marker = memo(function Marker({ dot, value }: { dot: Dot; value: number | null | undefined }) {
  const { clientX, clientY, scaleW, scaleH } = dot.content.position;
  return (
    <div
      style={{
        position: 'absolute',
        left: `${(clientX / scaleW) * 100}%`,
        top: `${(clientY / scaleH) * 100}%`,
        color: value == null ? '#ff4d4f' : '#2fd67b',
      }}
    >
      {dot.content.mapTagData.name} {value ?? '-'}
    </div>
  );
});

function Floor() {
  const [dots, setDots] = useState<Dot[]>([]);
  const [values, setValues] = useState<Record<string, number | null>>({});
  useEffect(() => {
    (async () => {
      const mapId = new URLSearchParams(location.search).get('mapId');
      const r = await fetch(`/api/blade-api/visual/selectAll?mapId=${mapId}`, { headers: await signIn() });
      const shown: Dot[] = (await r.json()).data;
      setDots(shown);
      await stream<Value>(shown.map(pointOf), (events) =>
        setValues((old) => {
          const next = { ...old };
          for (const e of events) next[e.pointId] = e.value;
          return next;
        }),
      );
    })();
  }, []);
  return (
    <div style={{ position: 'relative', width: 1600, height: 900 }} data-floor={dots.length}>
      {dots.map((dot) => (
        <Marker key={dot.id} dot={dot} value={values[pointOf(dot)]} />
      ))}
    </div>
  );
}

/** The screen's MapView over the screen answer's map, its values patched from the stream by the screen's own patch. */
function MapFloor() {
  const [data, setData] = useState<ScreenData>();
  const tags = useMemo(() => new Map((data?.map?.tags ?? []).map((t) => [t.pointId, t])), [data?.map?.tags]);
  useEffect(() => {
    (async () => {
      const mapId = new URLSearchParams(location.search).get('mapId');
      const r = await fetch(`/api/blade-api/visual/screen?name=cockpit&mapId=${mapId}`, {
        headers: await signIn(),
      });
      const answer: ScreenData = (await r.json()).data;
      setData(answer);
      const points = answer.map?.tags.map((t) => t.pointId) ?? [];
      await stream<LiveValue>(points, (events) => setData((old) => applyToScreen(old, events) as ScreenData));
    })();
  }, []);
  const map = data?.map;
  return (
    <div style={{ width: 1600 }} data-floor={map?.dots.length ?? 0}>
      {map && <MapView imageUrl={map.imageUrl} dots={map.dots} tags={tags} showLabels />}
    </div>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    new URLSearchParams(location.search).get('dots') === 'map' ? <MapFloor /> : <Floor />,
  );
