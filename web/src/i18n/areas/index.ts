import type { Area } from '../area';
import { alarm } from './alarm';
import { alarmTracking } from './alarm.tracking';
import { authorityApiscope } from './authority.apiscope';
import { authorityDataauth } from './authority.dataauth';
import { authorityDatascope } from './authority.datascope';
import { deviceDatapoint } from './device.datapoint';
import { deviceDevice } from './device.device';
import { deviceModel } from './device.model';
import { deviceMonitordata } from './device.monitordata';
import { deviceOverview } from './device.overview';
import { deviceServerText } from './device.serverText';
import { flow } from './flow';
import { form } from './form';
import { indexAiChat } from './index.aiChat';
import { indexImportExportManagement } from './index.importExportManagement';
import { indexKnowledge } from './index.knowledge';
import { indexWarnIndicators } from './index.warnIndicators';
import { indexWarnManagement } from './index.warnManagement';
import { monitorLog } from './monitor.log';
import { monitorOps } from './monitor.ops';
import { product } from './product';
import { report } from './report';
import { resource } from './resource';
import { systemClient } from './system.client';
import { systemDept } from './system.dept';
import { systemDict } from './system.dict';
import { systemLogo } from './system.logo';
import { systemMenu } from './system.menu';
import { systemParam } from './system.param';
import { systemPost } from './system.post';
import { systemRegion } from './system.region';
import { systemRole } from './system.role';
import { systemTenant } from './system.tenant';
import { systemTenantpackage } from './system.tenantpackage';
import { systemTopmenu } from './system.topmenu';
import { systemUser } from './system.user';
import { tool } from './tool';
import { topology } from './topology';
import { videoCamera } from './video.camera';
import { visual } from './visual';
import { work } from './work';

/**
 * Every per-area message file, one line each (web/README.md "i18n"). Keep the list sorted by namespace;
 * a namespace may appear only once (mergeAreas throws otherwise, and a unit test checks it).
 */
export const AREAS: Area[] = [
  systemParam,
  systemPost,
  systemTenantpackage,
  // menus, top menus, tenants, data/API scopes, data authority
  systemMenu,
  systemTopmenu,
  systemTenant,
  authorityDatascope,
  authorityApiscope,
  authorityDataauth,
  systemDict,
  systemUser,
  systemRole,
  systemDept,
  systemRegion,
  systemClient,
  deviceMonitordata,
  deviceOverview,
  form,
  monitorLog,
  monitorOps,
  resource,
  systemLogo,
  deviceDevice,
  deviceModel,
  deviceDatapoint,
  deviceServerText,
  indexImportExportManagement,
  indexKnowledge,
  indexAiChat,
  alarm,
  alarmTracking, // after alarm: it nests under alarm's namespace
  indexWarnIndicators,
  indexWarnManagement,
  flow,
  work,
  product,
  tool,
  report,
  visual,
  videoCamera,
  topology,
];
