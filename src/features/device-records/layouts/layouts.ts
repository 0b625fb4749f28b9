// 模板布局 code (schemas/dictionaries/deviceTemplateLayout.json) → the component that draws a question list.
import type { ComponentType } from 'react';
import type { Layout, QuestionGroup } from '../model';
import { CraneLayout } from './CraneLayout';
import { DistributionCabinetLayout } from './DistributionCabinetLayout';
import { ExcavatorLayout } from './ExcavatorLayout';
import { GantryCraneLayout } from './GantryCraneLayout';
import { MachineryLayout } from './MachineryLayout';
import { MixingPlantLayout } from './MixingPlantLayout';
import { WalkingEquipmentLayout } from './WalkingEquipmentLayout';
import { WireRopeLayout } from './WireRopeLayout';

export type LayoutComponent = ComponentType<{ groups: readonly QuestionGroup[] }>;

export const LAYOUT_COMPONENTS: Readonly<Record<Layout, LayoutComponent>> = {
  distributionCabinet: DistributionCabinetLayout,
  crane: CraneLayout,
  machinery: MachineryLayout,
  excavator: ExcavatorLayout,
  mixingPlant: MixingPlantLayout,
  walkingEquipment: WalkingEquipmentLayout,
  wireRope: WireRopeLayout,
  gantryCrane: GantryCraneLayout,
};

export const LAYOUT_LABELS: Readonly<Record<Layout, string>> = {
  distributionCabinet: '配电箱',
  crane: '起重机',
  machinery: '机械设备',
  excavator: '挖掘机',
  mixingPlant: '搅拌站',
  walkingEquipment: '行走设备',
  wireRope: '钢丝绳',
  gantryCrane: '龙门吊',
};
