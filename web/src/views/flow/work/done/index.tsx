import { doneApi } from '#src/api/flow';
import { WorkList } from '../WorkList';

/** 办结事务 (/work/done): tasks the user completed. */
export default function DonePage() {
  return <WorkList kind="done" api={doneApi} viewCode="done_view" />;
}
