// A workflow state as a coloured tag (the state's label and colour from the entity's workflow).
import { Tag } from 'antd';
import type { EntityWorkflow } from '../../../common/metadata';
import { stateOf } from './workflow-model';

export function StateTag({ workflow, value }: { workflow: EntityWorkflow; value: unknown }) {
  const state = stateOf(workflow, value);
  if (!state) return value === null || value === undefined || value === '' ? null : <Tag>{String(value)}</Tag>;
  return (
    <Tag color={state.color} className="engine-state-tag" data-state={state.value}>
      {state.label}
    </Tag>
  );
}
