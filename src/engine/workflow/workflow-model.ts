// The browser's reading of an entity's workflow (docs/metadata.md "Workflows"): the state of a row, the
// transitions a row offers (allowed from its state, held by the role), endpoint names and the history.
import { DEFAULT_WORKFLOW_API, type BatchResult, type EntitySchema, type EntityWorkflow, type WorkflowState, type WorkflowTransition } from '../../../common/metadata';

/** What the role holds, by §6 button name (allowedActions of the page). */
export type Holds = (action: string) => boolean;

export const workflowApi = (workflow: EntityWorkflow) => ({ ...DEFAULT_WORKFLOW_API, ...workflow.api });

export const stateOf = (workflow: EntityWorkflow, value: unknown): WorkflowState | undefined =>
  workflow.states.find((s) => s.value === String(value ?? ''));

/** The transitions a row in `state` offers the role: allowed from the state and permitted by a held button. */
export const transitionsFrom = (workflow: EntityWorkflow, state: unknown, holds: Holds): WorkflowTransition[] =>
  workflow.transitions.filter((t) => t.from.includes(String(state ?? '')) && holds(t.action));

/** Whether a row in `state` offers the row action: `edit` and `delete` only in the workflow's editableIn / deletableIn. */
export const rowActionInState = (workflow: EntityWorkflow | undefined, action: string, state: unknown): boolean => {
  const allowed = action === 'edit' ? workflow?.editableIn : action === 'delete' ? workflow?.deletableIn : undefined;
  return !allowed || allowed.includes(String(state ?? ''));
};

/** The most buttons one row can show (the width of the action column). */
export const mostTransitions = (workflow: EntityWorkflow): number =>
  Math.max(0, ...workflow.states.map((s) => workflow.transitions.filter((t) => t.from.includes(s.value)).length));

export const transitionNamed = (entity: Pick<EntitySchema, 'workflow'>, name: string): WorkflowTransition | undefined =>
  entity.workflow?.transitions.find((t) => t.name === name);

/** The per-row answer of a batch (MultiTransition, and the other batch endpoints): common BatchResult. */
export type BatchOutcome = BatchResult;
