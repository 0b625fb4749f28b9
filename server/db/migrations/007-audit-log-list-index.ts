// The 操作日志 list (the read-only AuditLog entity) is a generic engine list (docs/metadata.md "Big tables"):
// scope bound as `company_id = $1`, ordered `at desc nulls last, id desc` (or its exact reverse), keyset
// pages as `(at, id) < (…)`. 005's `(company_id, at desc, id desc)` gives `at desc nulls first`, which
// that order cannot use (a sequential scan and a sort over the company's rows). The same index in the
// engine's convention (`col nulls first, id`, as table-indexes.ts derives for engine tables) serves both
// directions, the cursors and time ranges. Platform tables get no derived indexes: they are declared here.
import type { Migration } from './types';

export const auditLogListIndex: Migration = {
  name: '007-audit-log-list-index',
  statements: [
    `drop index if exists audit_log_company_at_idx`,
    `create index audit_log_company_at_idx on audit_log (company_id, at nulls first, id)`,
  ],
};
