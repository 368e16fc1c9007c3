import type { LiveValue } from '#src/api/live';
import { newestByPoint } from '#src/api/liveValues';
import type { ScreenData, TagRead } from '#src/api/visual';

// What the live channel changes in a screen's answer: pure functions (types only), so the bench's floor of the
// screen's map (bench/screen-floor) patches its values as the screens do.

/** A tag with the newest value the live channel brought (spec §4: Y a good value, N a bad one); the tag as it is
 * when its value is newer (an event patched in again onto a reload read after it; both times read alike). */
function patchTag(tag: TagRead, v: LiveValue): TagRead {
  if (tag.time && v.time && tag.time > v.time) return tag;
  return {
    ...tag,
    value: v.textValue ?? v.value,
    time: v.time ?? tag.time,
    useData: v.value == null && v.textValue == null ? '1' : v.quality ? 'N' : 'Y',
  };
}

/** `items` with `change` applied, the very same array when no item changed (a memoised panel then skips its redraw). */
function mapKept<T>(items: T[], change: (item: T) => T): T[] {
  const next = items.map(change);
  return next.every((item, i) => item === items[i]) ? items : next;
}

/** The screen data with the live values patched in: new objects only on the path to a changed tag. */
export function applyToScreen(old: unknown, events: LiveValue[]): unknown {
  const data = old as ScreenData | undefined;
  if (!data) return old;
  const newest = newestByPoint(events);
  const patch = (tags: TagRead[]) =>
    mapKept(tags, (t) => {
      const v = newest.get(t.pointId);
      return v ? patchTag(t, v) : t;
    });
  const withTags = <T extends { tags: TagRead[] }>(holder: T): T => {
    const tags = patch(holder.tags);
    return tags === holder.tags ? holder : { ...holder, tags };
  };
  const map = data.map && withTags(data.map);
  const flows = mapKept(data.flows, (f) => {
    const steps = mapKept(f.steps, withTags);
    return steps === f.steps ? f : { ...f, steps };
  });
  return map === data.map && flows === data.flows ? data : { ...data, map, flows };
}

/** The points a screen shows live: its map's tags and its flows' tags. */
export function livePoints(data: ScreenData | undefined): string[] | undefined {
  if (!data) return undefined;
  const ids = new Set<string>();
  for (const t of data.map?.tags ?? []) ids.add(t.pointId);
  for (const f of data.flows) for (const s of f.steps) for (const t of s.tags) ids.add(t.pointId);
  return [...ids].sort();
}
