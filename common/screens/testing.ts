// The answer of GET /prod-api/api/TyScreen/Testing (检测机构: /InspectionInstitute/TestingInstitution,
// WitnessSamplingManagement, SampleManagement) — docs/witness-sampling.md "Screens". Ids are strings, times ISO 8601
// UTC, days YYYY-MM-DD (China time).
import type { NamedCount } from './basics';

/** One 见证取样 row as the screens list it. */
export type SampleItem = {
  id: string;
  sampleNo: string;
  projectId: string;
  projectName: string;
  material: string;
  materialName: string;
  specification: string;
  location: string;
  sampler: string;
  witness: string;
  sealNo: string;
  institution: string;
  institutionName: string;
  status: string;
  statusName: string;
  sampledAt: string;
  reportNo: string;
  reportDate: string | null;
  /** '1' 合格, '2' 不合格, '' before the report. */
  conclusion: string;
};

/** Per testing institution (or material kind): samples sent, under test, reported and the unqualified. */
export type TestingGroup = { code: string; name: string; total: number; pending: number; reported: number; qualified: number; unqualified: number; passRate: number };

export type Testing = {
  updatedAt: string;
  summary: {
    total: number;
    /** 已取样 not yet sent, 已送检, 检测中, 已出报告. */
    sampled: number;
    sent: number;
    testing: number;
    reported: number;
    qualified: number;
    unqualified: number;
    /** Qualified share of the reported samples, %. */
    passRate: number;
    /** Samples taken this month (CST). */
    thisMonth: number;
    /** Unhandled 检测不合格 alarms. */
    openAlarms: number;
  };
  byStatus: NamedCount[];
  byInstitution: TestingGroup[];
  byMaterial: TestingGroup[];
  /** The last 14 days: samples taken, reports issued, unqualified reports. */
  trend: Array<{ day: string; sampled: number; reported: number; unqualified: number }>;
  /** Per project: samples, unqualified, pass rate. */
  byProject: Array<{ projectId: string; projectName: string; total: number; reported: number; unqualified: number; passRate: number }>;
  /** The 50 newest samples. */
  latest: SampleItem[];
  /** The 50 newest reports. */
  reports: SampleItem[];
  /** Every unqualified sample (newest report first, at most 50) with whether its alarm is handled. */
  unqualified: Array<SampleItem & { alarmHandled: boolean }>;
};
