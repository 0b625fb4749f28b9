// The grouped questions list of §2.8: each group with its serial number and name, each question with
// its radio answer group (disabled). Also the fallback for a device type without a 模板布局.
import { Typography } from 'antd';
import type { QuestionGroup } from '../model';
import { AnswerRadios } from './AnswerRadios';

export const groupTitle = (g: QuestionGroup, i: number): string => `${g.serNum ?? i + 1}. ${g.typeName}`;

/** One group's numbered questions with their (disabled) answers; every layout shows questions this way. */
export function QuestionList({ group }: { group: QuestionGroup }) {
  return (
    <ol className="record-questions">
      {group.content.map((q, qi) => (
        <li key={qi} className="record-question">
          <span className="record-question-text">
            <span className="record-question-no">{qi + 1}.</span>
            <span>{q.question}</span>
          </span>
          <AnswerRadios options={q.answer} label={q.question} />
        </li>
      ))}
    </ol>
  );
}

export function QuestionGroupList({ groups }: { groups: readonly QuestionGroup[] }) {
  return (
    <div className="record-groups">
      {groups.map((g, gi) => (
        <section key={`${g.typeName}-${gi}`} className="record-group" aria-label={g.typeName}>
          <Typography.Title level={5} className="record-group-title">
            {groupTitle(g, gi)}
          </Typography.Title>
          <QuestionList group={g} />
        </section>
      ))}
    </div>
  );
}
