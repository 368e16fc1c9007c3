import { noticeApi } from '#src/api/desk';
import type { Notice } from '#src/api/types';
import { type CrudOption, CrudPage, crudLoader } from '#src/components/CrudPage';

const option: CrudOption<Notice> = {
  name: 'notice',
  urlState: true,
  permissions: { add: 'notice_add', edit: 'notice_edit', view: 'notice_view', delete: 'notice_delete' },
  columns: [
    { prop: 'title', label: 'noticeScreen.title', search: true, required: true, span: 24, sortable: true },
    {
      prop: 'category',
      label: 'noticeScreen.category',
      type: 'select',
      dictCode: 'notice',
      search: true,
      required: true,
    },
    {
      prop: 'releaseTime',
      label: 'noticeScreen.releaseTime',
      type: 'datetime',
      required: true,
      width: 180,
      search: true,
      searchRange: true,
      sortable: true,
    },
    { prop: 'content', label: 'noticeScreen.content', type: 'textarea', hide: true, span: 24 },
  ],
};

export const loader = crudLoader(option, noticeApi);

/** 通知公告 (/desk/notice): the first screen on CrudPage. */
export default function NoticePage() {
  return <CrudPage option={option} api={noticeApi} />;
}
