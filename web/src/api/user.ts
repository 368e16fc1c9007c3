import type { AxiosRequestConfig } from 'axios';
import { md5 } from 'js-md5';
import { HttpError, http } from './http';
import type { R, UserInfo } from './types';

/** Body code 601 on the user-info call: the licence is about to expire (spec §2). */
export const LICENSE_EXPIRING = 601;

export interface UserInfoResult {
  user: UserInfo;
  license: { code: number; msg: string } | null;
}

export async function fetchUserInfo(config?: AxiosRequestConfig): Promise<UserInfoResult> {
  try {
    const { data } = await http.get<R<UserInfo>>('/blade-user/info', {
      ...config,
      passCodes: [LICENSE_EXPIRING],
    });
    return { user: data.data, license: null };
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== LICENSE_EXPIRING) throw error;
    const body = error.response?.data as R<UserInfo>;
    return { user: body.data, license: { code: LICENSE_EXPIRING, msg: body.msg } };
  }
}

export type ProfileUpdate = Pick<UserInfo, 'id' | 'avatar' | 'realName' | 'phone' | 'email'>;

export async function updateInfo(profile: ProfileUpdate) {
  await http.post<R<unknown>>('/blade-user/update-info', profile);
}

export async function updatePassword(
  oldPassword: string,
  newPassword: string,
  newPassword1: string,
  config?: AxiosRequestConfig,
) {
  await http.post<R<unknown>>('/blade-user/update-password', null, {
    ...config,
    params: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) },
  });
}

/** Avatar upload through the object-storage endpoint; answers the stored file's link. */
export async function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<R<{ link: string }>>('/blade-resource/oss/endpoint/put-file', form);
  return data.data.link;
}
