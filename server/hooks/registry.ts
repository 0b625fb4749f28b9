// Hook modules by the name entities give in `hooks` (docs/metadata.md), registered with the engine at
// start-up (registerDomainHooks; the engine imports no domain, issue 24). A name nobody registered stops
// the start, so a typo in a schema is found at once rather than on the first save.
import { checkNoticeHooks } from './check-notice';
import { alarmHooks } from './alarm';
import { batchRecordHooks } from './concrete-plant/batch-record';
import { dispatchTripHooks } from './concrete-plant/dispatch-trip';
import { materialDeliveryHooks } from './concrete-plant/material-delivery';
import { plantBinHooks, plantSettingHooks } from './concrete-plant/plant-setting';
import { productionTaskHooks } from './concrete-plant/production-task';
import { tankerCarHooks } from './concrete-plant/tanker-car';
import { deviceLedgerHooks } from './devices/ledger';
import { maintainPlanHooks, maintainTaskHooks, maintenanceRecHooks, weighRecordHooks } from './devices/plans';
import { monitorDeviceHooks } from './devices/monitor-device';
import { deviceRecordHooks } from './devices/records';
import { rectificationHooks } from './devices/rectification';
import { inspectionTemplateHooks } from './inspection-template';
import { attendancePushHooks, pushConfigHooks, pushRecordHooks } from './push';
import { roleHooks } from './role';
import { roleGroupHooks } from './role-group';
import { spoilHooks, spoilPassageHooks } from './spoil/hooks';
import { scheduleDependencyHooks, scheduleTaskHooks } from './schedule';
import { siteCheckHooks } from './site-check';
import { supervisionHooks } from './supervision';
import { solidWasteHooks } from './solid-waste';
import { sysNoticeHooks } from './sys-notice';
import { tunnelAdvanceHooks } from './tunnel';
import { registerEntityHooks, registerTransitionHooks } from '../engine/extensions';
import type { EntityHooks } from '../engine/hook-types';
import { TRANSITION_HOOKS } from './transitions';
import { userHooks } from './user';
import { witnessSampleHooks } from './witness-sample';

export const HOOKS: Readonly<Record<string, EntityHooks>> = {
  alarm: alarmHooks,
  'attendance-push': attendancePushHooks,
  'push-config': pushConfigHooks,
  'push-record': pushRecordHooks,
  'batch-record': batchRecordHooks,
  'check-notice': checkNoticeHooks,
  'device-ledger': deviceLedgerHooks,
  'device-record': deviceRecordHooks,
  'device-rectification': rectificationHooks,
  'monitor-device': monitorDeviceHooks,
  'dispatch-trip': dispatchTripHooks,
  'inspection-template': inspectionTemplateHooks,
  'maintain-plan': maintainPlanHooks,
  'maintain-task': maintainTaskHooks,
  'maintenance-rec': maintenanceRecHooks,
  'material-delivery': materialDeliveryHooks,
  'plant-bin': plantBinHooks,
  'plant-setting': plantSettingHooks,
  'production-task': productionTaskHooks,
  role: roleHooks,
  'schedule-dependency': scheduleDependencyHooks,
  'schedule-task': scheduleTaskHooks,
  'site-check': siteCheckHooks,
  'role-group': roleGroupHooks,
  spoil: spoilHooks,
  'spoil-passage': spoilPassageHooks,
  'solid-waste': solidWasteHooks,
  'sys-notice': sysNoticeHooks,
  supervision: supervisionHooks,
  'tanker-car': tankerCarHooks,
  'tunnel-advance': tunnelAdvanceHooks,
  'weigh-record': weighRecordHooks,
  user: userHooks,
  'witness-sample': witnessSampleHooks,
};

/**
 * Registers every domain's entity and transition hooks with the engine (server/engine/extensions.ts):
 * buildApp calls this before it builds the engines, and so may a test or a script that builds one itself.
 */
export function registerDomainHooks(): void {
  registerEntityHooks(HOOKS);
  registerTransitionHooks(TRANSITION_HOOKS);
}
