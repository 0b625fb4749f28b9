// 配电箱 (§2.8): the checklist table, parts taken from `部位：检查项目` questions.
import { ChecklistTable, checklistRows } from '../components/ChecklistTable';
import type { QuestionGroup } from '../model';

export function DistributionCabinetLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  return <ChecklistTable rows={checklistRows(groups)} />;
}
