// Snowflake ids travel as strings (the schema says integer for query ids): `as never` keeps them exact.
/** Workflow (/api/blade-flow) and the leave process (/api/blade-desk/process/leave) for the flow and work screens. */
import type { CrudApi } from './crud';
import {
  type FlowDefinitionRead,
  type FlowDiagram,
  type FlowHistoryRow,
  type FlowModelDetail,
  type FlowModelRead,
  type FlowRow,
  type FlowTaskForm,
  getBladeDeskProcessLeaveDetail,
  getBladeDeskProcessLeaveList,
  getBladeFlowFollowList,
  getBladeFlowManagerList,
  getBladeFlowModelDetail,
  getBladeFlowModelList,
  getBladeFlowProcessDiagramView,
  getBladeFlowProcessHistoryFlowList,
  getBladeFlowProcessResourceView,
  getBladeFlowProcessTaskForm,
  getBladeFlowWorkClaimList,
  getBladeFlowWorkDoneList,
  getBladeFlowWorkSendList,
  getBladeFlowWorkStartList,
  getBladeFlowWorkTodoList,
  type LeaveRead,
  type LeaveWrite,
  postBladeDeskProcessLeaveStartProcess,
  postBladeFlowFollowDeleteProcessInstance,
  postBladeFlowManagerChangeState,
  postBladeFlowManagerCheckUpload,
  postBladeFlowManagerDeleteDeployment,
  postBladeFlowManagerDeployUpload,
  postBladeFlowModelDeploy,
  postBladeFlowModelRemove,
  postBladeFlowModelSubmit,
  postBladeFlowWorkClaimTask,
  postBladeFlowWorkCompleteTask,
  postBladeFlowWorkStartProcess,
} from './generated/client';
import type { Page, Query } from './types';

export type {
  FlowDefinitionRead,
  FlowDiagram,
  FlowHistoryRow,
  FlowModelDetail,
  FlowModelRead,
  FlowRow,
  FlowTaskForm,
  LeaveRead,
};

/** The business table of the leave process (business key `wf_leave:<id>`). */
export const LEAVE_TABLE = 'wf_leave';
export const LEAVE_KEY = 'Leave';

type Lister<T> = (params: never) => Promise<{ data: Page<T> | null }>;

/** A read-only list for CrudPage (the work and definition screens have no add/edit/remove of their own). */
export function listApi<T>(
  list: Lister<T>,
  remove?: (ids: string[]) => Promise<string | undefined>,
): CrudApi<T> {
  return {
    async list(query: Query) {
      return (await list(query as never)).data ?? { records: [], total: 0, size: 10, current: 1, pages: 0 };
    },
    async detail() {
      throw new Error('no detail');
    },
    async submit() {
      return undefined;
    },
    async remove(ids) {
      return remove ? remove(ids) : undefined;
    },
  };
}

export const modelApi: CrudApi<FlowModelDetail> = {
  async list(query) {
    return ((await getBladeFlowModelList(query as never)).data ?? []) as Page<FlowModelDetail>;
  },
  async detail(id) {
    return (await getBladeFlowModelDetail({ id } as never)).data as FlowModelDetail;
  },
  async submit(row) {
    return (await postBladeFlowModelSubmit(row as never)).msg;
  },
  async remove(ids) {
    return (await postBladeFlowModelRemove({ params: { ids: ids.join(',') } })).msg;
  },
};

export const saveModelXml = async (model: FlowModelDetail, xml: string) =>
  (await postBladeFlowModelSubmit({ ...model, modelEditorXml: xml } as never)).msg;

export const deployModel = async (modelId: string, category?: string, tenantIds?: string) =>
  (await postBladeFlowModelDeploy({ params: { modelId, category, tenantIds } })).msg;

export const definitionApi = listApi<FlowDefinitionRead>(
  getBladeFlowManagerList as Lister<FlowDefinitionRead>,
);
export const startListApi = listApi<FlowDefinitionRead>(
  getBladeFlowWorkStartList as Lister<FlowDefinitionRead>,
);

export const changeState = async (processId: string, state: 'active' | 'suspend') =>
  (await postBladeFlowManagerChangeState({ params: { processId, state } })).msg;

export const deleteDeployment = async (deploymentIds: string) =>
  (await postBladeFlowManagerDeleteDeployment({ params: { deploymentIds } })).msg;

/** Would `file` deploy (suffix and the engine's validation)? Nothing is deployed. */
export const checkUpload = async (file: File) => (await postBladeFlowManagerCheckUpload({ file })).data;

export const deployUpload = async (files: File[], category?: string, tenantIds?: string) =>
  (await postBladeFlowManagerDeployUpload({ files, category, tenantIds })).data;

export const followApi = listApi<FlowRow>(getBladeFlowFollowList as Lister<FlowRow>);
export const deleteInstance = async (processInstanceId: string, deleteReason: string) =>
  (await postBladeFlowFollowDeleteProcessInstance({ params: { processInstanceId, deleteReason } })).msg;

export const claimApi = listApi<FlowRow>(getBladeFlowWorkClaimList as Lister<FlowRow>);
export const todoApi = listApi<FlowRow>(getBladeFlowWorkTodoList as Lister<FlowRow>);
export const sendApi = listApi<FlowRow>(getBladeFlowWorkSendList as Lister<FlowRow>);
export const doneApi = listApi<FlowRow>(getBladeFlowWorkDoneList as Lister<FlowRow>);

export const claimTask = async (taskId: string) =>
  (await postBladeFlowWorkClaimTask({ params: { taskId } })).msg;

/** `variables`: the task form's values, merged into the process data (conditions and later steps read them). */
export const completeTask = async (
  taskId: string,
  pass: boolean,
  comment: string,
  variables: Record<string, unknown> = {},
) => (await postBladeFlowWorkCompleteTask({ taskId, flag: pass ? 'ok' : 'no', comment, variables })).msg;

export const startProcess = async (processDefinitionId: string, variables: Record<string, unknown> = {}) =>
  (await postBladeFlowWorkStartProcess({ processDefinitionId, variables })).data;

export const fetchHistory = async (processInstanceId: string) =>
  (await getBladeFlowProcessHistoryFlowList({ processInstanceId } as never)).data ?? [];

export const fetchDiagram = async (processInstanceId: string) =>
  (await getBladeFlowProcessDiagramView({ processInstanceId } as never)).data as FlowDiagram;

/** The form the task names (formKey) in its newest published version; null when it names none. */
export const fetchTaskForm = async (taskId: string) =>
  ((await getBladeFlowProcessTaskForm({ taskId } as never)).data ?? null) as FlowTaskForm | null;

export const fetchDefinitionDiagram = async (processDefinitionId: string) =>
  (await getBladeFlowProcessResourceView({ processDefinitionId } as never)).data as FlowDiagram;

export const leaveApi = listApi<LeaveRead>(getBladeDeskProcessLeaveList as Lister<LeaveRead>);
export const applyLeave = async (body: LeaveWrite) =>
  (await postBladeDeskProcessLeaveStartProcess(body)).data;
export const fetchLeave = async (businessId: string) =>
  (await getBladeDeskProcessLeaveDetail({ businessId } as never)).data as LeaveRead;
