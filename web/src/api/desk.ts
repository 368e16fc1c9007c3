import { crudApi } from './crud';
import type { Notice } from './types';

export const noticeApi = crudApi<Notice>('/blade-desk/notice');
