// The answer of GET /prod-api/api/TyScreen/Engineering (docs/screens-api.md): the enterprise's engineering
// overview (工程概况, EnterpriseScreen/engineering and /ProjectScreen/engineering) — every key of
// ProjectManagements plus contract values (合同台账) and licensed building area (施工许可证) in total, by
// contract type, by district and per project. Amounts in 元, areas in m².
import type { ProjectManagements, ProjectSchedule } from './project-management';

export type EngineeringProject = ProjectSchedule & {
  /** Sum of the project's signed contracts (履行中, 已完结). */
  contractAmount: number;
  /** Sum of its 施工总承包 contracts (type 1). */
  mainContractAmount: number;
  /** Building area of its construction permits. */
  buildingArea: number;
  licences: number;
};

export type Engineering = Omit<ProjectManagements, 'projects' | 'byArea'> & {
  projects: EngineeringProject[];
  /** Most projects first. */
  byArea: Array<{ areaCode: string; areaName: string; count: number; inProgress: number; contractAmount: number }>;
  summary: {
    contracts: number;
    contractAmount: number;
    mainContractAmount: number;
    licences: number;
    buildingArea: number;
    /** Average elapsed share of the planned duration of the projects under construction with both dates (%, null without any). */
    averageProgress: number | null;
  };
  /** Every contractType option with its count and amount (signed contracts), zeros included. */
  byContractType: Array<{ code: string; name: string; count: number; amount: number }>;
  /** Contract amount signed per month, the last 12 CST months, the current last. */
  signedByMonth: Array<{ month: string; count: number; amount: number }>;
};
