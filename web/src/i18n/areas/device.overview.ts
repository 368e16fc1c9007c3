import { defineArea } from '../area';

/** 数据总览 (/device/overview). */
export const deviceOverview = defineArea('device.overview', {
  zh: {
    devices: '设备总数',
    points: '数据点位',
    stalePoints: '陈旧点位',
    outPoints: '超限点位',
    byStatus: '设备状态',
    freshest: '最新数据',
    outOfRange: '超限点位',
    noneOut: '当前没有超出正常范围的点位',
    device: '设备',
    point: '点位',
    noDevices: '暂无设备，请先在设备台账中添加设备',
    lastSeen: '最近数据',
  },
  en: {
    devices: 'Devices',
    points: 'Data points',
    stalePoints: 'Stale points',
    outPoints: 'Out of range',
    byStatus: 'Devices by status',
    freshest: 'Freshest values',
    outOfRange: 'Points out of range',
    noneOut: 'No point is out of its normal range',
    device: 'Device',
    point: 'Point',
    noDevices: 'No devices yet: add devices on the Devices screen first',
    lastSeen: 'Last data',
  },
});
