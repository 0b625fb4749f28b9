// The projects an upload is used in (docs/security.md "File addresses"): an engine write of a project's
// row links each file of its image and file fields to that project (server/engine/file-fields.ts), and
// the file route serves a file to whoever has one of its projects in scope — a 监管 user sees the photos
// of the workers in its area though another company uploaded them. Static DDL.
import type { Migration } from './types';

export const uploadProjects: Migration = {
  name: '009-upload-projects',
  statements: [
    `create table upload_projects (
      upload_id bigint not null references uploaded_files (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      primary key (upload_id, project_id)
    )`,
    `create index upload_projects_project_idx on upload_projects (project_id)`,
  ],
};
