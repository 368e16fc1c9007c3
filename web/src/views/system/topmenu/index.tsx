import { Suspense, useMemo, useState } from 'react';
import type { CrudApi } from '#src/api/crud';
import { fetchTopMenus } from '#src/api/menu';
import { type TopMenuRow, topMenuApi } from '#src/api/menuAdmin';
import { lazyChunk } from '#src/app/registry';
import { useSession } from '#src/app/stores/session';
import { type CrudContext, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { MenuIcon } from '../menu/MenuIcon';

const IconPicker = lazyChunk(() => import('../menu/IconPicker'));
const SettingDialog = lazyChunk(() => import('./SettingDialog'));

const T = 'system.topmenu';

/** The header shows the tenant's top menus from the session: reload them after every change. */
async function refreshHeader() {
  const topMenus = await fetchTopMenus().catch(() => null);
  if (topMenus) useSession.getState().setAccount({ topMenus });
}

const api: CrudApi<TopMenuRow> = {
  ...topMenuApi,
  async submit(row) {
    const msg = await topMenuApi.submit(row);
    await refreshHeader();
    return msg;
  },
  async remove(ids) {
    const msg = await topMenuApi.remove(ids);
    await refreshHeader();
    return msg;
  },
};

/**
 * 顶部菜单 (/system/topmenu): the tenant's header tabs. 菜单配置 attaches menus to the selected top menus
 * (grant-top-tree, top-tree-keys, topmenu/grant); clicking a top menu in the header then narrows the
 * sidebar to them.
 */
export default function TopMenuPage() {
  const [setting, setSetting] = useState<{ rows: TopMenuRow[]; ctx: CrudContext<TopMenuRow> } | null>(null);
  const option = useMemo<CrudOption<TopMenuRow>>(
    () => ({
      name: 'topmenu',
      permissions: {
        add: 'topmenu_add',
        edit: 'topmenu_edit',
        view: 'topmenu_view',
        delete: 'topmenu_delete',
      },
      dialogWidth: 720,
      toolbar: [
        {
          key: 'setting',
          code: 'topmenu_setting',
          label: `${T}.setting`,
          batch: true,
          onClick: (rows, ctx) => setSetting({ rows, ctx }),
        },
      ],
      columns: [
        {
          prop: 'code',
          label: `${T}.code`,
          search: true,
          rules: [{ required: true, whitespace: true, message: `${T}.codeRequired` }, { max: 255 }],
        },
        {
          prop: 'name',
          label: `${T}.name`,
          search: true,
          rules: [{ required: true, whitespace: true, message: `${T}.nameRequired` }, { max: 255 }],
        },
        {
          prop: 'source',
          label: `${T}.source`,
          formComponent: IconPicker,
          render: (row) => <MenuIcon source={row.source} />,
          width: 90,
        },
        { prop: 'path', label: `${T}.path`, rules: [{ max: 255 }], overHidden: true },
        { prop: 'sort', label: `${T}.sort`, type: 'number', required: true, value: 1, width: 100 },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={option} api={api} />
      <Suspense fallback={null}>
        {setting && (
          <SettingDialog
            rows={setting.rows}
            onClose={(saved) => {
              if (saved) void setting.ctx.refresh();
              setSetting(null);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
