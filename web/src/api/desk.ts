import { crudApi } from './crud';
import {
  getBladeDeskNoticeDetail,
  getBladeDeskNoticeList,
  postBladeDeskNoticeRemove,
  postBladeDeskNoticeSubmit,
} from './generated/client';
import { areaKeys } from './queryKeys';

export const deskKeys = areaKeys('desk');

export const noticeApi = crudApi({
  list: getBladeDeskNoticeList,
  detail: getBladeDeskNoticeDetail,
  submit: postBladeDeskNoticeSubmit,
  remove: postBladeDeskNoticeRemove,
});
