import { todoApi } from '#src/api/flow';
import { WorkList } from '../WorkList';

/** 待办事务 (/work/todo): tasks assigned to the user; 办理 opens the task dialog (form, history, approval). */
export default function TodoPage() {
  return <WorkList kind="todo" api={todoApi} viewCode="todo_view" handleCode="todo_handle" />;
}
