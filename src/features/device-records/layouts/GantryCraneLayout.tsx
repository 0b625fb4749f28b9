// 龙门吊 (§2.8): left and right lists and an answer — the parts on the left, the check items of the chosen
// part on the right, and the answer options of the chosen item below them.
import { useState } from 'react';
import { Typography } from 'antd';
import { AnswerRadios } from '../components/AnswerRadios';
import type { QuestionGroup } from '../model';

export function GantryCraneLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  const [groupIndex, setGroupIndex] = useState(0);
  const [questionIndex, setQuestionIndex] = useState(0);
  const group = groups[Math.min(groupIndex, groups.length - 1)];
  const question = group?.content[Math.min(questionIndex, group.content.length - 1)];

  return (
    <div className="record-gantry">
      <nav className="record-gantry-left" aria-label="检查部位">
        {groups.map((g, gi) => (
          <button
            key={gi}
            type="button"
            className={gi === groupIndex ? 'record-gantry-item is-active' : 'record-gantry-item'}
            aria-pressed={gi === groupIndex}
            onClick={() => {
              setGroupIndex(gi);
              setQuestionIndex(0);
            }}
          >
            <span>{g.typeName}</span>
            <span className="record-muted">{g.content.length}</span>
          </button>
        ))}
      </nav>
      <div className="record-gantry-right">
        <div className="record-gantry-list" role="group" aria-label="检查项目">
          {(group?.content ?? []).map((q, qi) => (
            <button
              key={qi}
              type="button"
              className={qi === questionIndex ? 'record-gantry-item is-active' : 'record-gantry-item'}
              aria-pressed={qi === questionIndex}
              onClick={() => setQuestionIndex(qi)}
            >
              <span>
                {qi + 1}. {q.question}
              </span>
            </button>
          ))}
        </div>
        <div className="record-gantry-answer" aria-label="检查结果">
          <Typography.Text type="secondary">检查结果</Typography.Text>
          {question ? (
            <AnswerRadios options={question.answer} label={question.question} />
          ) : (
            <span className="record-muted">该部位暂无检查项目</span>
          )}
        </div>
      </div>
    </div>
  );
}
