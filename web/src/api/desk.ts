import { crudApi } from './crud';
import {
  getBladeDeskNoticeDetail,
  getBladeDeskNoticeList,
  postBladeDeskNoticeRemove,
  postBladeDeskNoticeSubmit,
} from './generated/client';

export const noticeApi = crudApi({
  list: getBladeDeskNoticeList,
  detail: getBladeDeskNoticeDetail,
  submit: postBladeDeskNoticeSubmit,
  remove: postBladeDeskNoticeRemove,
});
