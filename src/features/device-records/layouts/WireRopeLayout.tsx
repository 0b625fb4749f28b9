// 钢丝绳 (§2.8): the discard criteria (断丝、磨损、变形、端部固定), each verdict as segmented buttons.
import { Divider, List } from 'antd';
import { AnswerRadios } from '../components/AnswerRadios';
import { groupTitle } from '../components/QuestionGroupList';
import type { QuestionGroup } from '../model';

export function WireRopeLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  return (
    <div>
      {groups.map((g, gi) => (
        <div key={gi}>
          <Divider orientation="left" plain className="record-divider">
            {groupTitle(g, gi)}
          </Divider>
          <List
            size="small"
            dataSource={g.content}
            renderItem={(q) => (
              <List.Item extra={<AnswerRadios options={q.answer} label={q.question} buttons />}>{q.question}</List.Item>
            )}
          />
        </div>
      ))}
    </div>
  );
}
