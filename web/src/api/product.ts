import { crudApi } from './crud';
import {
  type BatchRead,
  type GetBladeSystemOeeAnaAnalyseParams,
  getBladeSystemOeeAnaAnalyse,
  getBladeSystemOeeDeviceDetail,
  getBladeSystemOeeDeviceList,
  getBladeSystemOeeShiftDetail,
  getBladeSystemOeeShiftList,
  getDeviceManagementDatapointsList,
  getDeviceManagementDeviceList,
  getProductBatchProductDetail,
  getProductBatchProductList,
  getProductProductDetail,
  getProductProductList,
  getProductTectprocessDetail,
  getProductTectprocessList,
  type OeeAnalysis,
  type OeeDeviceRead,
  type ProductRead,
  postBladeSystemOeeCompute,
  postBladeSystemOeeDeviceRemove,
  postBladeSystemOeeDeviceSubmit,
  postBladeSystemOeeShiftRemove,
  postBladeSystemOeeShiftSubmit,
  postProductBatchProductRemove,
  postProductBatchProductSubmit,
  postProductProductRemove,
  postProductProductSubmit,
  postProductTectprocessRemove,
  postProductTectprocessSubmit,
  type ShiftRead,
  type TechProcessRead,
} from './generated/client';
import { areaKeys } from './queryKeys';

export type Product = ProductRead;
export type TechProcess = TechProcessRead;
export type Batch = BatchRead;
export type Shift = ShiftRead;
export type OeeDevice = OeeDeviceRead;
export type { OeeAnalysis };

export const productApi = crudApi({
  list: getProductProductList,
  detail: getProductProductDetail,
  submit: postProductProductSubmit,
  remove: postProductProductRemove,
});

export const processApi = crudApi({
  list: getProductTectprocessList,
  detail: getProductTectprocessDetail,
  submit: postProductTectprocessSubmit,
  remove: postProductTectprocessRemove,
});

export const batchApi = crudApi({
  list: getProductBatchProductList,
  detail: getProductBatchProductDetail,
  submit: postProductBatchProductSubmit,
  remove: postProductBatchProductRemove,
});

export const shiftApi = crudApi({
  list: getBladeSystemOeeShiftList,
  detail: getBladeSystemOeeShiftDetail,
  submit: postBladeSystemOeeShiftSubmit,
  remove: postBladeSystemOeeShiftRemove,
});

export const oeeDeviceApi = crudApi({
  list: getBladeSystemOeeDeviceList,
  detail: getBladeSystemOeeDeviceDetail,
  submit: postBladeSystemOeeDeviceSubmit,
  remove: postBladeSystemOeeDeviceRemove,
});

export const productKeys = areaKeys('product');

/** The product picker of the craft-flow, batch and OEE screens. */
export const productSelectQuery = {
  queryKey: productKeys.of('select'),
  queryFn: async () => (await getProductProductList({ size: 200 })).data?.records ?? [],
};

/** The device picker. */
export const deviceSelectQuery = {
  queryKey: productKeys.of('devices'),
  queryFn: async () => (await getDeviceManagementDeviceList({ size: 200 })).data?.records ?? [],
};

/** A device's data points (the counter and run-state pickers). */
export const pointSelectQuery = (deviceId?: string) => ({
  queryKey: productKeys.of('points', deviceId),
  queryFn: async () =>
    deviceId
      ? ((await getDeviceManagementDatapointsList({ size: 500, deviceId } as never)).data?.records ?? [])
      : [],
});

/** Ids travel as strings: a snowflake id is past JavaScript's exact integers. */
export async function fetchOeeAnalysis(
  params: Omit<GetBladeSystemOeeAnaAnalyseParams, 'shiftId' | 'deviceId'> & {
    shiftId?: string;
    deviceId?: string;
  },
) {
  return (await getBladeSystemOeeAnaAnalyse(params as GetBladeSystemOeeAnaAnalyseParams)).data;
}

export async function computeOee(startTime: string, endTime: string) {
  return (await postBladeSystemOeeCompute({ startTime, endTime })).msg;
}
