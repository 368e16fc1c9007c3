import { useMemo } from 'react';
import { claimApi, claimTask, type FlowRow } from '#src/api/flow';
import { toast } from '#src/app/feedback';
import type { CrudRowAction } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { useWorkChanged } from '../changed';
import { WorkList } from '../WorkList';

/** 待签事务 (/work/claim): tasks the user may claim (candidate user, or a role in the candidate groups). */
export default function ClaimPage() {
  const changed = useWorkChanged();
  const actions = useMemo<CrudRowAction<FlowRow>[]>(
    () => [
      {
        key: 'claim',
        code: 'claim_claim',
        label: 'work.claim',
        onClick: async (row) => {
          if (!row.taskId) return;
          toast.success((await claimTask(row.taskId)) || i18n.t('work.claimed'));
          await changed();
        },
      },
    ],
    [changed],
  );
  return <WorkList kind="claim" api={claimApi} actions={actions} viewCode="claim_view" />;
}
