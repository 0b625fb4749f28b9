// 挖掘机 (§2.8): systems (动力、液压、工作装置、行走) as open collapse panels with their question counts.
import { Collapse, Tag } from 'antd';
import { groupTitle, QuestionList } from '../components/QuestionGroupList';
import type { QuestionGroup } from '../model';

export function ExcavatorLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  const keys = groups.map((_g, i) => String(i));
  return (
    <Collapse
      size="small"
      defaultActiveKey={keys}
      items={groups.map((g, gi) => ({
        key: String(gi),
        label: groupTitle(g, gi),
        extra: <Tag>{g.content.length} 项</Tag>,
        children: (
          <QuestionList group={g} />
        ),
      }))}
    />
  );
}
