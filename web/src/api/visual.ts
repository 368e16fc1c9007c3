/**
 * The visual area (spec §7 "Large-screen API hooks and visual"): map configs and their dots per MapId, tags
 * bound to data points, the large screens' one-answer summaries, and the large-screen API hooks with their
 * error log. Types come from the generated client.
 */
import { crudApi } from './crud';
import {
  type DepRead,
  type DotRead,
  type DotWrite,
  type GetBladeApiVisualScreenParams,
  getBladeApiLargeLargeapihooksDetail,
  getBladeApiLargeLargeapihookserrorlogList,
  getBladeApiLargeLargeapihooksInterface,
  getBladeApiLargeLargeapihooksList,
  getBladeApiVisualGetDep,
  getBladeApiVisualGetTagName,
  getBladeApiVisualMapDetail,
  getBladeApiVisualMapList,
  getBladeApiVisualScreen,
  getBladeApiVisualSelectAll,
  type HookErrorRead,
  type HookRead,
  type MapRead,
  postBladeApiLargeLargeapihooksRemove,
  postBladeApiLargeLargeapihooksSubmit,
  postBladeApiVisualAddDot,
  postBladeApiVisualDeleteById,
  postBladeApiVisualMapRemove,
  postBladeApiVisualMapSubmit,
  postBladeApiVisualUpdateById,
  type ScreenData,
  type TagRead,
} from './generated/client';
import { areaKeys } from './queryKeys';

export type { DepRead, DotRead, DotWrite, HookErrorRead, HookRead, MapRead, ScreenData, TagRead };
export type ScreenName = ScreenData['screen'];
export type Dot = DotRead;
export type DotContent = DotRead['content'];

export const visualKeys = areaKeys('visual');

export const mapApi = crudApi({
  list: getBladeApiVisualMapList,
  detail: getBladeApiVisualMapDetail,
  submit: postBladeApiVisualMapSubmit,
  remove: postBladeApiVisualMapRemove,
});

export const hookApi = crudApi({
  list: getBladeApiLargeLargeapihooksList,
  detail: getBladeApiLargeLargeapihooksDetail,
  submit: postBladeApiLargeLargeapihooksSubmit,
  remove: postBladeApiLargeLargeapihooksRemove,
});

/** The charts of a large screen that an API hook can feed (a hook's `chart`). */
export type HookChart = NonNullable<GetBladeApiVisualScreenParams['charts']>[number];

/** One large screen's answer, with the hooks bound to `charts` called (repeated `charts=` parameters). */
export async function fetchScreen(
  name: ScreenName,
  mapId?: string,
  charts: HookChart[] = [],
): Promise<ScreenData> {
  const params = { name, charts, ...(mapId ? { mapId } : {}) } as GetBladeApiVisualScreenParams;
  return (await getBladeApiVisualScreen(params, { paramsSerializer: { indexes: null } })).data as ScreenData;
}

export async function fetchDots(mapId: string): Promise<DotRead[]> {
  return (await getBladeApiVisualSelectAll({ mapId } as never)).data ?? [];
}

export async function fetchMap(id: string): Promise<MapRead> {
  return (await getBladeApiVisualMapDetail({ id } as never)).data as MapRead;
}

export async function saveDot(body: DotWrite): Promise<{ dot: DotRead; msg: string }> {
  const answer = body.id ? await postBladeApiVisualUpdateById(body) : await postBladeApiVisualAddDot(body);
  return { dot: answer.data as DotRead, msg: answer.msg };
}

export async function deleteDot(id: string): Promise<string> {
  return (await postBladeApiVisualDeleteById({ id } as never)).msg;
}

export async function fetchDeps(): Promise<DepRead[]> {
  return (await getBladeApiVisualGetDep()).data ?? [];
}

export async function fetchTags(deviceId: string): Promise<TagRead[]> {
  return (await getBladeApiVisualGetTagName({ deviceId } as never)).data ?? [];
}

export async function callHook(id: string) {
  return (await getBladeApiLargeLargeapihooksInterface({ id } as never)).data;
}

export async function fetchHookErrors(apiId: string, current: number, size: number) {
  return (await getBladeApiLargeLargeapihookserrorlogList({ apiId, current, size } as never)).data;
}
