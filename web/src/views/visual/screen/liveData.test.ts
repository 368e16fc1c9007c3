import { describe, expect, it } from 'vitest';
import type { LiveValue } from '#src/api/live';
import type { ScreenData } from '#src/api/visual';
import { applyToScreen } from './liveData';

const tag = (pointId: string) => ({ pointId, monitor: pointId, value: 1, useData: 'Y' });
const data = {
  screen: 'cockpit',
  kpis: [{ key: 'devices', value: 8 }],
  map: { mapName: '厂区总图', dots: [], tags: [tag('p1'), tag('p2')] },
  flows: [
    { processId: 'f1', steps: [{ name: 'mix', tags: [tag('p3')] }] },
    { processId: 'f2', steps: [{ name: 'fill', tags: [tag('p4')] }] },
  ],
} as unknown as ScreenData;
const value = (pointId: string, v: number): LiveValue => ({
  pointId,
  value: v,
  textValue: null,
  ts: 1,
  quality: 0,
});

describe("a large screen's live patch", () => {
  it('keeps the very same answer when no tag of it changed, so no panel redraws', () => {
    expect(applyToScreen(data, [value('elsewhere', 5)])).toBe(data);
  });
  it('makes new objects only on the path to a changed tag', () => {
    const onMap = applyToScreen(data, [value('p2', 7)]) as ScreenData;
    expect(onMap.map?.tags[1]).toMatchObject({ value: 7, useData: 'Y' });
    expect(onMap.map?.tags[0]).toBe(data.map?.tags[0]);
    expect(onMap.flows).toBe(data.flows);
    expect(onMap.kpis).toBe(data.kpis);
    const inFlow = applyToScreen(data, [value('p4', 9)]) as ScreenData;
    expect(inFlow.map).toBe(data.map);
    expect(inFlow.flows[0]).toBe(data.flows[0]);
    expect(inFlow.flows[1].steps[0].tags[0]).toMatchObject({ value: 9 });
  });
  it("keeps a tag whose value is newer than the event's (an event patched in again onto a later reload)", () => {
    const fresh = {
      ...data,
      map: { ...data.map, tags: [{ ...tag('p1'), value: 3, time: '2026-11-29 18:40:02' }] },
    };
    const old = { ...value('p1', 2), time: '2026-11-29 18:40:01' };
    expect(applyToScreen(fresh, [old])).toBe(fresh);
    const newer = { ...value('p1', 4), time: '2026-11-29 18:40:03' };
    expect((applyToScreen(fresh, [newer]) as ScreenData).map?.tags[0]).toMatchObject({ value: 4 });
  });
});
