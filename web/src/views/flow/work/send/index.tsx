import { sendApi } from '#src/api/flow';
import { WorkList } from '../WorkList';

/** 已发事务 (/work/send): processes the user started, running or finished. */
export default function SendPage() {
  return <WorkList kind="send" api={sendApi} viewCode="send_view" />;
}
