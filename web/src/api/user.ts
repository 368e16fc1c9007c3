import type { AxiosRequestConfig } from 'axios';
import { md5 } from 'js-md5';
import {
  getBladeUserInfo,
  type ProfileUpdate,
  postBladeResourceOssEndpointPutFile,
  postBladeUserUpdateInfo,
  postBladeUserUpdatePassword,
  type RUserRead,
} from './generated/client';
import { HttpError } from './http';
import { areaKeys } from './queryKeys';
import type { UserInfo } from './types';

export const userKeys = areaKeys('user');

/** Body code 601 on the user-info call: the licence is about to expire (spec §2). */
export const LICENSE_EXPIRING = 601;

export interface UserInfoResult {
  user: UserInfo;
  license: { code: number; msg: string } | null;
}

export async function fetchUserInfo(config?: AxiosRequestConfig): Promise<UserInfoResult> {
  try {
    const { data } = await getBladeUserInfo({ ...config, passCodes: [LICENSE_EXPIRING] });
    return { user: data as UserInfo, license: null };
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== LICENSE_EXPIRING) throw error;
    const body = error.response?.data as RUserRead;
    return { user: body.data as UserInfo, license: { code: LICENSE_EXPIRING, msg: body.msg } };
  }
}

export type { ProfileUpdate };

export async function updateInfo(profile: ProfileUpdate) {
  await postBladeUserUpdateInfo(profile);
}

export async function updatePassword(
  oldPassword: string,
  newPassword: string,
  newPassword1: string,
  config?: AxiosRequestConfig,
) {
  await postBladeUserUpdatePassword({
    ...config,
    params: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) },
  });
}

/** Avatar upload through the object-storage endpoint; answers the stored file's link. */
export async function uploadAvatar(file: File) {
  const { data } = await postBladeResourceOssEndpointPutFile({ file });
  return data?.link ?? '';
}
