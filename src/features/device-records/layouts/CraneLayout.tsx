// 起重机 (§2.8: tower cranes, hoists): long lists, so the groups sit side by side as cards.
import { Card, Col, Row } from 'antd';
import { groupTitle, QuestionList } from '../components/QuestionGroupList';
import type { QuestionGroup } from '../model';

export function CraneLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  return (
    <Row gutter={[12, 12]}>
      {groups.map((g, gi) => (
        <Col key={gi} xs={24} xl={12}>
          <Card size="small" type="inner" title={groupTitle(g, gi)} className="record-crane-card">
            <QuestionList group={g} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
