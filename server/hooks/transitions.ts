// Named transition hooks (docs/metadata.md "Workflows"): what a workflow's data cannot say, named by a
// transition's `hook`. A hook runs inside the transition's transaction after the state and the history
// row are written; a Refusal it throws undoes both. Registered with the engine by registry.ts
// registerDomainHooks; a name with no hook stops the start.
import { checkNoticeReplyHook, checkNoticeVerifyHook } from './check-notice';
import { alarmHandleHook } from './alarm';
import { orderCancelHook, orderCompleteHook } from './concrete-plant/concrete-order';
import { tripSignHook } from './concrete-plant/dispatch-trip';
import { rectificationCloseHook } from './devices/rectification';
import { taskFinishHook, taskStartHook } from './concrete-plant/production-task';
import { payrollApproveHook } from './payroll';
import { pushRecordRePushHook } from './push';
import { violationHandleHook } from './spoil/hooks';
import { manifestDepartHook, manifestDisposeHook, manifestReceiveHook, manifestReturnHook } from './solid-waste';
import { noticeReplyHook, noticeVerifyHook } from './supervision';
import type { TransitionHook } from '../engine/hook-types';
import { aiEventHandleHook } from './tunnel';
import { sampleReportHook } from './witness-sample';

export const TRANSITION_HOOKS: Readonly<Record<string, TransitionHook>> = {
  'check-notice-reply': checkNoticeReplyHook,
  'check-notice-verify': checkNoticeVerifyHook,
  'alarm-handle': alarmHandleHook,
  'ai-event-handle': aiEventHandleHook,
  'concrete-order-cancel': orderCancelHook,
  'concrete-order-complete': orderCompleteHook,
  'device-rectification-close': rectificationCloseHook,
  'dispatch-trip-sign': tripSignHook,
  'payroll-approve': payrollApproveHook,
  'production-task-finish': taskFinishHook,
  'production-task-start': taskStartHook,
  'push-record-repush': pushRecordRePushHook,
  'spoil-violation-handle': violationHandleHook,
  'waste-manifest-depart': manifestDepartHook,
  'waste-manifest-dispose': manifestDisposeHook,
  'waste-manifest-receive': manifestReceiveHook,
  'waste-manifest-return': manifestReturnHook,
  'supervision-notice-reply': noticeReplyHook,
  'supervision-notice-verify': noticeVerifyHook,
  'witness-sample-report': sampleReportHook,
};
