// 搅拌站 (§2.8): one tab per system of the plant (搅拌主机、配料、粉料、气路水路、控制).
import { Tabs } from 'antd';
import { QuestionGroupList } from '../components/QuestionGroupList';
import type { QuestionGroup } from '../model';

export function MixingPlantLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  return (
    <Tabs
      size="small"
      items={groups.map((g, gi) => ({
        key: String(gi),
        label: `${g.typeName}（${g.content.length}）`,
        children: <QuestionGroupList groups={[g]} />,
      }))}
    />
  );
}
