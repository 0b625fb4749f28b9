// Row types of the identity tables (migration 001), as Kysely sees them. Column names are snake_case;
// the spec's wire names appear only in the route mappers.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A column the database fills on insert but the application may also set. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type CalendarDate = ColumnType<Date | null, string | null | undefined, string | null>;

export type CompaniesTable = {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  /** §3.5 company types 1–14. */
  company_type: number;
  area_code: Defaulted<string>;
  created_at: Timestamp;
};

export type UsersTable = {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  real_name: string;
  mobile: Defaulted<string>;
  email: Defaulted<string>;
  /** §1: '0' enterprise, '1' government supervision, '2' project. */
  user_auth_type: '0' | '1' | '2';
  /** §3.1: 0 means no permission. */
  org_data_authority_type: Defaulted<number>;
  is_system_admin: Defaulted<boolean>;
  auth_area_code: Defaulted<string>;
  /** §3.5 audit status: 0 new, 1 unaudited, 2 passed, 3 rejected. */
  audit_status: Defaulted<number>;
  default_company_id: number | null;
  created_at: Timestamp;
  last_login_at: NullableTimestamp;
};

export type RolesTable = {
  id: Generated<number>;
  /** Null for a global role usable in every company. */
  company_id: number | null;
  name: string;
  created_at: Timestamp;
  /** Migration 003. */
  remark: Defaulted<string>;
  /** Migration 003: the role holds every menu node, also those added later (server/platform/full-roles.ts). */
  all_nodes: Defaulted<boolean>;
  /** Migration 004: JSON text of the menu node ids when the role was last saved (新 in the role editor). */
  menu_seen: Defaulted<string | null>;
};

/** Grants of schemas/menus.json already given to a role (migration 013, server/platform/menu-grants.ts). */
export type MenuGrantsAppliedTable = {
  role_id: number;
  node_id: string;
  applied_at: Generated<Date>;
};

export type RoleGrantsTable = {
  role_id: number;
  /** A menu node id of schemas/menus.json, a button id `<node>:<action>`, or '*' for everything. */
  node_id: string;
};

export type RoleGroupsTable = {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  /** Migration 003. */
  remark: Defaulted<string>;
};

export type RoleGroupMembersTable = {
  group_id: number;
  role_id: number;
};

export type MembershipsTable = {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  role_id: number | null;
  department_name: Defaulted<string>;
};

export type WatchCompaniesTable = {
  user_id: number;
  company_id: number;
};

export type ProjectsTable = {
  id: Generated<number>;
  project_no: string;
  name: string;
  /** §3.5 project status 1–5. */
  status: number;
  address: Defaulted<string>;
  lng: number;
  lat: number;
  company_id: number;
  area_code: Defaulted<string>;
  /** `date` columns: written as 'YYYY-MM-DD', read back by both drivers as a Date at midnight. */
  start_date: CalendarDate;
  end_date: CalendarDate;
  manager_name: Defaulted<string>;
  created_at: Timestamp;
  /** Migration 003: 建设单位, 施工单位, 监理单位. */
  builder_unit: Defaulted<string>;
  contractor_unit: Defaulted<string>;
  supervisor_unit: Defaulted<string>;
};

/** Migration 003: organisations joined to a project (§7.4 GetProjectOrgs). */
export type ProjectOrgsTable = {
  project_id: number;
  company_id: number;
};

export type UserProjectsTable = {
  user_id: number;
  project_id: number;
};

export type SessionsTable = {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  company_id: number;
  project_id: number | null;
  monitoring: Defaulted<boolean>;
  original_company_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
};

/** One login limiter (server/auth/login-limits.ts): an account+address pair, an account or an address. */
export type LoginLimitsTable = {
  key: string;
  failures: number;
  window_start: Date;
  locked_until: Date | null;
  updated_at: Date;
  /** Of `failures`, the attempts whose password is being checked now (migration 014). */
  pending: Generated<number>;
};

/** The addresses an account last logged in from: exempt from the account and address limits. */
export type LoginKnownTable = {
  account: string;
  address: string;
  last_success_at: Date;
};

/** Server-wide secrets created once (the service-token key), shared by every process. */
export type ServerSecretsTable = {
  name: string;
  value: string;
  created_at: Generated<Date>;
};

export type SystemNoticesTable = {
  id: Generated<number>;
  title: string;
  content: string;
  publisher: Defaulted<string>;
  published_at: Timestamp;
  /** Migration 003: the publishing company: its members and its subsidiaries' members see it; null: everyone. */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 016: a notice to this one user only (a password reset request or reset); null: the company audience. */
  recipient_id: ColumnType<number | null, number | null | undefined, number | null>;
};

/** Migration 016: 忘记密码 requests (server/platform/password-reset.ts). */
export type PasswordResetRequestsTable = {
  id: Generated<number>;
  user_id: number;
  contact: Defaulted<string>;
  reason: Defaulted<string>;
  address: Defaulted<string>;
  requested_at: Timestamp;
  handled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
};

export type NoticeStatesTable = {
  notice_id: number;
  user_id: number;
  read_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
};

/** Migration 002: an uploaded file's bytes (§5.3). */
export type UploadedFilesTable = {
  id: Generated<string>;
  company_id: number | null;
  user_id: number;
  upload_type: 'image' | 'file';
  file_name: string;
  content_type: string;
  size: number;
  data: Uint8Array;
  created_at: Timestamp;
};

/** Migration 009: the projects an upload is used in (the file route serves it to their scope). */
export type UploadProjectsTable = {
  upload_id: string;
  project_id: number;
};

/** Migration 002: one user's list columns of one page (docs/metadata.md ColumnSetting[] as JSON). */
export type ColumnSettingsTable = {
  user_id: number;
  page: string;
  columns: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
};

/** The audit trail (migration 005, server/engine/audit-trail.ts): insert only. */
export type AuditLogTable = {
  id: Generated<string>;
  at: Timestamp;
  company_id: number | null;
  user_id: number | null;
  user_name: string;
  address: string;
  entity: string;
  entity_title: string;
  record_id: string;
  action: string;
  summary: string;
  changes: string;
};

/** Migration 006: one workflow transition of one entity's row (docs/metadata.md "Workflows"). */
export type WorkflowHistoryTable = {
  id: Generated<string>;
  entity: string;
  record_id: string;
  company_id: number | null;
  transition: string;
  from_state: string;
  to_state: string;
  fields: ColumnType<unknown, string, string>;
  comment: string;
  user_id: number | null;
  user_name: string;
  created_at: Timestamp;
};

export type MigrationsTable = {
  name: string;
  applied_at: Timestamp;
};

export type Database = {
  companies: CompaniesTable;
  users: UsersTable;
  roles: RolesTable;
  role_grants: RoleGrantsTable;
  menu_grants_applied: MenuGrantsAppliedTable;
  role_groups: RoleGroupsTable;
  role_group_members: RoleGroupMembersTable;
  memberships: MembershipsTable;
  watch_companies: WatchCompaniesTable;
  projects: ProjectsTable;
  user_projects: UserProjectsTable;
  project_orgs: ProjectOrgsTable;
  sessions: SessionsTable;
  login_limits: LoginLimitsTable;
  login_known: LoginKnownTable;
  server_secrets: ServerSecretsTable;
  system_notices: SystemNoticesTable;
  password_reset_requests: PasswordResetRequestsTable;
  notice_states: NoticeStatesTable;
  uploaded_files: UploadedFilesTable;
  upload_projects: UploadProjectsTable;
  column_settings: ColumnSettingsTable;
  audit_log: AuditLogTable;
  workflow_history: WorkflowHistoryTable;
  schema_migrations: MigrationsTable;
};

export type UserRow = Selectable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewUser = Insertable<UsersTable>;
