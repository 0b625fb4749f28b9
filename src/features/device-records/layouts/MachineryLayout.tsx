// 机械设备 (§2.8: pumps, generators): each group as a bordered description list, question → answer.
import { Descriptions } from 'antd';
import { AnswerRadios } from '../components/AnswerRadios';
import { groupTitle } from '../components/QuestionGroupList';
import type { QuestionGroup } from '../model';

export function MachineryLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  return (
    <div className="record-groups">
      {groups.map((g, gi) => (
        <Descriptions
          key={gi}
          title={groupTitle(g, gi)}
          size="small"
          bordered
          column={1}
          styles={{ label: { width: '55%' } }}
          items={g.content.map((q, qi) => ({
            key: String(qi),
            label: q.question,
            children: <AnswerRadios options={q.answer} label={q.question} />,
          }))}
        />
      ))}
    </div>
  );
}
