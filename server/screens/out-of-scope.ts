// The scope's two shapes, apart from scope.ts so that company-scope.ts and scope.ts need not import each
// other: the project ids a screen reads, and the refusal of a project or company outside the caller's scope.
import type { Expression } from 'kysely';

/** A subquery of project ids, for `project_id in (…)`. */
export type ProjectIds = Expression<unknown>;

export class OutOfScope extends Error {}
