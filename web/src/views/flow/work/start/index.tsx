import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type FlowDefinitionRead, LEAVE_KEY, startListApi, startProcess } from '#src/api/flow';
import { confirm, toast } from '#src/app/feedback';
import { type CrudOption, CrudPage, READ_ONLY } from '#src/components/CrudPage';
import { useWorkChanged } from '../changed';
import { datedApi } from '../dated';

const catalogue = datedApi(startListApi, 'deploymentTime');

const L = (key: string) => `work.${key}`;

/**
 * 发起事务 (/work/start): the catalogue of active processes (newest version of each). 发起 opens the business form
 * of a process that has one (the leave process: /work/process/leave), else starts it at once. The search bar
 * takes a range of deployment dates.
 */
export default function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const changed = useWorkChanged();
  const option = useMemo<CrudOption<FlowDefinitionRead>>(
    () => ({
      name: 'work-start',
      permissions: {},
      ...READ_ONLY,
      columns: [
        { prop: 'name', label: L('processName'), width: 220 },
        { prop: 'key', label: 'flow.key', width: 180 },
        { prop: 'category', label: L('category'), width: 140 },
        { prop: 'version', label: L('version'), width: 90, render: (row) => `v${row.version}` },
        {
          prop: 'deploymentTime',
          label: 'flow.deploymentTime',
          width: 170,
          search: true,
          searchRange: true,
        },
      ],
      rowActions: [
        {
          key: 'launch',
          code: 'start_launch',
          label: L('start'),
          onClick: async (row) => {
            if (row.key === LEAVE_KEY) {
              navigate('/work/process/leave');
              return;
            }
            if (!(await confirm(`${t(L('start'))}: ${row.name}?`, { title: t('common.tip') }))) return;
            await startProcess(row.id);
            toast.success(t(L('started')));
            await changed();
          },
        },
      ],
    }),
    [navigate, t, changed],
  );
  return <CrudPage option={option} api={catalogue} />;
}
