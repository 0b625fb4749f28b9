// One of the four panels of §2.8 (巡检/运行/维修/保养模板): the list drawn in the device type's layout,
// or 暂未设置模板 when the template has no questions there.
import { Card, Empty, Tag } from 'antd';
import type { ReactNode } from 'react';
import { LAYOUT_COMPONENTS } from '../layouts/layouts';
import { questionCount, type Layout, type QuestionGroup } from '../model';
import { QuestionGroupList } from './QuestionGroupList';

export const NO_TEMPLATE = '暂未设置模板';

type Props = { title: string; groups: readonly QuestionGroup[]; layout: Layout | null; icon?: ReactNode };

export function TemplatePanel({ title, groups, layout, icon }: Props) {
  const count = questionCount(groups);
  const Body = layout ? LAYOUT_COMPONENTS[layout] : QuestionGroupList;
  return (
    <Card
      className="record-panel"
      size="small"
      title={
        <span className="record-panel-title">
          {icon}
          {title}
        </span>
      }
      extra={count > 0 ? <Tag color="blue">{`${groups.length} 类 · ${count} 项`}</Tag> : null}
      role="region"
      aria-label={title}
    >
      {groups.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_TEMPLATE} /> : <Body groups={groups} />}
    </Card>
  );
}
