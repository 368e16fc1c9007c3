import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callHook, fetchHookErrors, type HookRead, hookApi, visualKeys } from '#src/api/visual';
import { toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { type CrudOption, CrudPage } from '#src/components/CrudPage';
import { ExportButton } from '#src/components/ExportButton';

const ExcelImport = lazyChunk(() => import('#src/components/ExcelImport'));

const option: CrudOption<HookRead> = {
  name: 'largeapi',
  permissions: {
    add: 'largeapi_add',
    edit: 'largeapi_edit',
    view: 'largeapi_view',
    delete: 'largeapi_delete',
  },
  columns: [
    { prop: 'apiName', label: 'visual.api.apiName', search: true, required: true, rules: [{ max: 128 }] },
    { prop: 'apiUrl', label: 'visual.api.apiUrl', required: true, span: 24, rules: [{ max: 1000 }] },
    { prop: 'chart', label: 'visual.api.chart', search: true, rules: [{ max: 64 }], width: 120 },
    {
      prop: 'businessType',
      label: 'visual.api.businessType',
      type: 'select',
      width: 110,
      dicData: [
        { label: '设备 / Device', value: 'device' },
        { label: '告警 / Alarm', value: 'alarm' },
        { label: '生产 / Production', value: 'production' },
        { label: '能耗 / Energy', value: 'energy' },
        { label: '质量 / Quality', value: 'quality' },
      ],
    },
    {
      prop: 'implMethod',
      label: 'visual.api.implMethod',
      type: 'select',
      value: 'GET',
      width: 90,
      dicData: [
        { label: 'GET', value: 'GET' },
        { label: 'POST', value: 'POST' },
      ],
    },
    { prop: 'params', label: 'visual.api.params', type: 'textarea', span: 24, hide: true },
    { prop: 'resPath', label: 'visual.api.resPath', hide: true, rules: [{ max: 255 }] },
    { prop: 'remark', label: 'visual.api.remark', type: 'textarea', span: 24, hide: true },
  ],
};

/** A hook's failed calls, newest first, a page at a time. */
function ErrorLog({ hook, onClose }: { hook: HookRead; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const errors = useQuery({
    queryKey: visualKeys.of('hookErrors', hook.id, page),
    queryFn: () => fetchHookErrors(hook.id, page.current, page.size),
  });
  return (
    <Drawer open width={820} title={`${t('visual.api.errors')} · ${hook.apiName}`} onClose={onClose}>
      <Table
        size="small"
        rowKey="id"
        loading={errors.isFetching}
        dataSource={errors.data?.records ?? []}
        data-testid="hook-errors"
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: errors.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
        }}
        columns={[
          { title: t('visual.api.time'), dataIndex: 'createTime', width: 170 },
          { title: t('visual.api.message'), dataIndex: 'message' },
          { title: t('visual.api.repeatCount'), dataIndex: 'repeatCount', width: 80 },
          { title: t('visual.api.lastTime'), dataIndex: 'lastTime', width: 170 },
        ]}
      />
    </Drawer>
  );
}

/** 大屏接口 (/visual/api): the large-screen API hooks; a call that fails is logged, never shown as broken. */
export default function LargeApiPage() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<HookRead | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={() => setImporting(true)}>{t('visual.api.import')}</Button>
        <ExportButton
          url="/blade-api/large/largeapihooks/export-excel"
          code="largeapi_export"
          filename="大屏接口.xlsx"
        />
      </Space>
      <CrudPage
        option={{
          ...option,
          rowActions: [
            {
              key: 'call',
              code: 'largeapi_view',
              label: 'visual.api.call',
              onClick: async (row) => {
                const answer = await callHook(row.id);
                if (answer?.error) toast.warning(`${t('visual.api.callFailed')}: ${answer.error}`);
                else toast.success(t('visual.api.callOk'));
              },
            },
            {
              key: 'errors',
              code: 'largeapi_view',
              label: 'visual.api.errors',
              onClick: (row) => setErrors(row),
            },
          ],
        }}
        api={hookApi}
      />
      {errors && <ErrorLog hook={errors} onClose={() => setErrors(null)} />}
      {importing && (
        <ExcelImport
          open
          action="/blade-api/large/largeapihooks/import-excel"
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
