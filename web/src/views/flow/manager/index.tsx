import { Modal, Spin, Tag } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeState,
  definitionApi,
  deleteDeployment,
  type FlowDefinitionRead,
  type FlowDiagram,
  fetchDefinitionDiagram,
} from '#src/api/flow';
import { confirm, toast } from '#src/app/feedback';
import { lazyChunk } from '#src/app/registry';
import { type CrudHandle, type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';

const DiagramView = lazyChunk(() => import('../work/DiagramView'));

const L = (key: string) => `flow.${key}`;

/**
 * 流程管理 (/flow/manager): the newest version of each deployed process with its state. 挂起 stops new
 * instances and the running ones from moving; 激活 resumes them; 删除部署 cascades to instances and history
 * (asked first). Button codes: manager_view / _state / _delete.
 */
export default function ManagerPage() {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle>(null);
  const [diagram, setDiagram] = useState<FlowDiagram | null>(null);
  const option = useMemo<CrudOption<FlowDefinitionRead>>(
    () => ({
      name: 'flow-manager',
      permissions: {},
      ...READ_ONLY,
      columns: [
        { prop: 'name', label: L('processName'), width: 200 },
        { prop: 'key', label: L('key'), width: 160 },
        { prop: 'category', label: L('category'), width: 120 },
        { prop: 'version', label: L('version'), width: 80, render: (row) => `v${row.version}` },
        {
          prop: 'suspensionState',
          label: L('suspensionState'),
          width: 100,
          render: (row) =>
            row.suspensionState === 1 ? (
              <Tag color="green">{t(L('active'))}</Tag>
            ) : (
              <Tag color="orange">{t(L('suspended'))}</Tag>
            ),
        },
        { prop: 'deploymentTime', label: L('deploymentTime'), width: 170 },
      ],
      rowActions: [
        {
          key: 'diagram',
          code: 'manager_view',
          label: L('diagram'),
          onClick: async (row) => setDiagram(await fetchDefinitionDiagram(row.id)),
        },
        {
          key: 'suspend',
          code: 'manager_state',
          label: L('suspend'),
          show: (row) => row.suspensionState === 1,
          onClick: async (row, ctx) => {
            toast.success(await changeState(row.id, 'suspend'));
            await ctx.refresh();
          },
        },
        {
          key: 'activate',
          code: 'manager_state',
          label: L('activate'),
          show: (row) => row.suspensionState !== 1,
          onClick: async (row, ctx) => {
            toast.success(await changeState(row.id, 'active'));
            await ctx.refresh();
          },
        },
        {
          key: 'delete',
          code: 'manager_delete',
          label: L('deleteDeployment'),
          danger: true,
          onClick: async (row, ctx) => {
            if (!(await confirm(t(L('deleteDeploymentConfirm')), { title: t('common.tip'), danger: true })))
              return;
            toast.success(await deleteDeployment(row.deploymentId));
            await ctx.refresh();
          },
        },
      ],
    }),
    [t],
  );
  return (
    <>
      <CrudPage option={option} api={definitionApi} ref={handle} />
      {diagram && (
        <Modal open width={960} footer={null} title={t(L('diagram'))} onCancel={() => setDiagram(null)}>
          <Suspense fallback={<Spin />}>
            <DiagramView xml={diagram.xml} />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
