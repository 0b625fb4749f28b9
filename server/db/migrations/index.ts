// The ordered list of migrations. Append only: an applied migration is never edited or reordered.
import { identity } from './001-identity';
import { uploadsAndColumnSettings } from './002-uploads-column-settings';
import { platformPages } from './003-platform-pages';
import { loginLimitsServiceKey } from './004-login-limits-service-key';
import { auditLog } from './005-audit-log';
import { workflowHistory } from './006-workflow-history';
import { auditLogListIndex } from './007-audit-log-list-index';
import { roleMenuSeen } from './008-role-menu-seen';
import { uploadProjects } from './009-upload-projects';
import { deviceIngestReplay } from './010-device-ingest-replay';
import { pushOutbox } from './011-push-outbox';
import { gpsReading } from './012-gps-reading';
import { menuGrants } from './013-menu-grants';
import { loginPending } from './014-login-pending';
import { numberingSequences } from './015-numbering-sequences';
import { passwordReset } from './016-password-reset';
import type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [identity, uploadsAndColumnSettings, platformPages, loginLimitsServiceKey, auditLog, workflowHistory, auditLogListIndex, roleMenuSeen, uploadProjects, deviceIngestReplay, pushOutbox, gpsReading, menuGrants, loginPending, numberingSequences, passwordReset];
