import type { Area } from '../area';
import { systemParam } from './system.param';
import { systemPost } from './system.post';
import { systemTenantpackage } from './system.tenantpackage';

/**
 * Every per-area message file, one line each (web/README.md "i18n"). Keep the list sorted by namespace;
 * a namespace may appear only once (mergeAreas throws otherwise, and a unit test checks it).
 */
export const AREAS: Area[] = [systemParam, systemPost, systemTenantpackage];
