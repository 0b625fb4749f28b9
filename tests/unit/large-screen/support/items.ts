// List items several screens' answers share, for the screen tests: a hazard (QualitySafety's open list,
// Warning's overdue hazards) with sensible defaults that a test overrides.
import type { HazardItem } from '../../../../common/screens/quality-safety';

/** An open, not overdue 施工用电 hazard of 甜城湖片区棚户区改造项目, found 2025-07-14. */
export const hazardItem = (id: string, over: Partial<HazardItem> = {}): HazardItem => ({
  id,
  hazardNo: `YH-${id}`,
  projectId: '1',
  projectName: '甜城湖片区棚户区改造项目',
  hazardType: '4',
  typeName: '施工用电',
  level: '1',
  levelName: '一般',
  checkKind: '1',
  checkKindName: '日常检查',
  status: '1',
  statusName: '待整改',
  description: '开关箱未设置漏电保护器',
  location: '项目部大门',
  finder: '刘建国',
  rectifier: '王海',
  foundAt: '2025-07-14T01:50:00.000Z',
  rectifyDeadline: '2025-07-17',
  closedAt: null,
  overdue: false,
  overdueDays: 0,
  ...over,
});
