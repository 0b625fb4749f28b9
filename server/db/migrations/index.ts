// The ordered list of migrations. Append only: an applied migration is never edited or reordered.
import { identity } from './001-identity';
import { uploadsAndColumnSettings } from './002-uploads-column-settings';
import { platformPages } from './003-platform-pages';
import { roleMenuSeen } from './004-role-menu-seen';
import type { Migration } from './types';

export const MIGRATIONS: readonly Migration[] = [identity, uploadsAndColumnSettings, platformPages, roleMenuSeen];
