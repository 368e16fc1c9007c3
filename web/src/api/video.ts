import { crudApi } from './crud';
import {
  type CameraRead,
  deleteCameraBatchDel,
  getCameraBatchPlayType,
  getCameraPage,
  type Play,
  postCameraSave,
  putCameraUpdate,
} from './generated/client';
import { areaKeys } from './queryKeys';

export const videoKeys = areaKeys('video');

export type { CameraRead, Play };

/** The stream types a camera may have an address for (what a media gateway serves, or a file the browser plays). */
export const STREAM_TYPES = ['hls', 'webrtc', 'flv', 'file'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

/** The camera brand dictionary (seeded by the video area). */
export const BRAND_DICT = 'camera_brand';

const unsupported = async (): Promise<never> => {
  throw new Error('not supported');
};

/** Cameras: POST save adds, PUT update changes, DELETE batch/del?ids= removes. */
export const cameraApi = crudApi<CameraRead>(
  { list: getCameraPage, detail: unsupported, submit: postCameraSave, remove: unsupported } as never,
  {
    async detail(id) {
      const page = (await getCameraPage({ id } as never)).data;
      return page?.records.find((r) => r.id === id) as CameraRead;
    },
    async submit(row) {
      return (await (row.id ? putCameraUpdate : postCameraSave)(row as never)).msg;
    },
    async remove(ids) {
      return (await deleteCameraBatchDel({ ids: ids.join(',') })).msg;
    },
  },
);

/** The cameras of one device, or every camera (first 200, by sort). */
export const camerasQuery = (deviceId?: string) => ({
  queryKey: videoKeys.of('cameras', deviceId ?? ''),
  queryFn: async () =>
    (await getCameraPage({ current: 1, size: 200, ...(deviceId ? { deviceId } : {}) } as never)).data
      ?.records ?? [],
});

/** What the browser plays for the cameras `ids` with the stream type `type` (a camera without one: its own). */
export async function playCameras(type: StreamType, ids: string[]): Promise<Play[]> {
  if (!ids.length) return [];
  return (await getCameraBatchPlayType(type, { ids: ids.join(',') })).data ?? [];
}
