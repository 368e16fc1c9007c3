import type { LiveValue } from '#src/api/live';
import type { ScreenData, TagRead } from '#src/api/visual';

// What the live channel changes in a screen's answer: pure functions (types only), so the bench's floor of the
// screen's map (bench/screen-floor) patches its values as the screens do.

/** A tag with the newest value the live channel brought (spec §4: Y a good value, N a bad one). */
function patchTag(tag: TagRead, v: LiveValue): TagRead {
  return {
    ...tag,
    value: v.textValue ?? v.value,
    time: v.time ?? tag.time,
    useData: v.value == null && v.textValue == null ? '1' : v.quality ? 'N' : 'Y',
  };
}

/** The screen data with the live values patched in (only the tags that changed get new objects). */
export function applyToScreen(old: unknown, events: LiveValue[]): unknown {
  const data = old as ScreenData | undefined;
  if (!data) return old;
  const newest = new Map<string, LiveValue>();
  for (const v of events) if ((newest.get(v.pointId)?.ts ?? -1) < v.ts) newest.set(v.pointId, v);
  const patch = (tags: TagRead[]) => {
    let changed = false;
    const next = tags.map((t) => {
      const v = newest.get(t.pointId);
      if (!v) return t;
      changed = true;
      return patchTag(t, v);
    });
    return changed ? next : tags;
  };
  return {
    ...data,
    map: data.map ? { ...data.map, tags: patch(data.map.tags) } : data.map,
    flows: data.flows.map((f) => ({ ...f, steps: f.steps.map((s) => ({ ...s, tags: patch(s.tags) })) })),
  };
}

/** The points a screen shows live: its map's tags and its flows' tags. */
export function livePoints(data: ScreenData | undefined): string[] | undefined {
  if (!data) return undefined;
  const ids = new Set<string>();
  for (const t of data.map?.tags ?? []) ids.add(t.pointId);
  for (const f of data.flows) for (const s of f.steps) for (const t of s.tags) ids.add(t.pointId);
  return [...ids].sort();
}
