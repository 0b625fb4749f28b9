// Batch transition (multi-status) of a generated page (PageSchema list.batchTransitions): a button per
// declared transition the role holds, enabled while rows are selected; the transition's dialog, then the
// per-row answer in BatchResult.
import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import type { EntitySchema, WorkflowTransition } from '../../../common/metadata';
import type { DataProvider, Id } from '../data/data-provider';
import { TransitionDialog } from '../workflow/TransitionDialog';
import { transitionNamed, type BatchOutcome, type Holds } from '../workflow/workflow-model';
import { BatchResult } from './BatchResult';

/** The page's batch transitions the role holds. */
export const batchTransitions = (entity: EntitySchema, names: readonly string[] | undefined, holds: Holds): WorkflowTransition[] =>
  (names ?? []).map((n) => transitionNamed(entity, n)).filter((t): t is WorkflowTransition => t !== undefined && holds(t.action));

type Props = {
  entity: EntitySchema;
  provider: DataProvider;
  transitions: readonly WorkflowTransition[];
  selected: readonly Id[];
  labelOf?: (id: string) => string;
  /** After a batch ran (some rows may have moved): reload and clear the selection. */
  onDone: () => void;
};

export function BatchTransitionButtons({ entity, provider, transitions, selected, labelOf, onDone }: Props) {
  const [open, setOpen] = useState<WorkflowTransition | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  if (transitions.length === 0) return null;
  return (
    <>
      <Space className="batch-transitions">
        {transitions.map((t) => (
          <Button key={t.name} disabled={selected.length === 0} onClick={() => setOpen(t)}>
            批量{t.label}
          </Button>
        ))}
      </Space>
      {open && (
        <TransitionDialog
          entity={entity}
          provider={provider}
          transition={open}
          target={{ kind: 'batch', ids: selected }}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            setOpen(null);
            if (result) setOutcome(result);
            onDone();
          }}
        />
      )}
      {outcome && (
        <Modal open title="批量操作结果" footer={null} onCancel={() => setOutcome(null)} width={560}>
          <BatchResult {...outcome} labelOf={labelOf} />
        </Modal>
      )}
    </>
  );
}
