// The answer of GET /prod-api/api/TyScreen/ProjectPersonnel (docs/screens-api.md): the project's workforce
// screen (人员管理, ProjectScreen/personnelNew and /ProjectScreen/personnel) for ONE project — pjctid1's,
// else the first in the caller's scope. Every key of BuildPersonnel over that project, plus where the
// workers come from, the special-operation certificates running out, blacklist hits and the newest gate
// passages. Ids are strings, times ISO 8601 UTC, dates YYYY-MM-DD (China Standard Time).
import type { NamedCount } from './basics';
import type { BuildPersonnel } from './personnel';

/** A special-operation certificate (特种作业操作证 of a crane operator) expired or expiring soon. */
export type ExpiringCertificate = {
  id: string;
  projectId: string;
  projectName: string;
  holderName: string;
  /** 作业类别 (craneLicenceType) and its name. */
  kind: string;
  kindName: string;
  certificateNo: string;
  expiryDate: string;
  /** Days from today to the expiry date (negative: expired). */
  daysLeft: number;
};

/** A roster worker (or the worker's unit) on an effective blacklist (黑名单 生效中). */
export type BlacklistHit = {
  workerId: string;
  workerName: string;
  teamName: string;
  unitName: string;
  /** 1 企业 (the worker's unit is listed), 2 个人 (the worker's id card number is listed). */
  subjectType: string;
  subjectTypeName: string;
  reason: string;
  authority: string;
  listedDate: string | null;
};

/** One pass through a gate: a 通行记录 or the in / out time of an attendance row (the attendance gates). */
export type GatePass = {
  id: string;
  time: string;
  workerName: string;
  teamName: string;
  /** 1 进场, 2 出场 (passDirection). */
  direction: string;
  directionName: string;
  gateName: string;
};

export type ProjectPersonnel = Omit<BuildPersonnel, 'topProjects'> & {
  /** The project shown; null when the caller has no project in scope. */
  project: { id: string; name: string } | null;
  /** 籍贯: 内江市 first, then the rest of 四川, then other provinces (from the id card number), most first; 未知 last. */
  origin: NamedCount[];
  /** Certificates of the project expired or expiring within `certificateDays` days, soonest first. */
  certificates: ExpiringCertificate[];
  certificateDays: number;
  /** Roster workers on an effective blacklist of the project's company or the companies above it. */
  blacklist: BlacklistHit[];
  /** The 30 newest gate passes of the last 7 days. */
  passages: GatePass[];
  /** Passes today (进场 and 出场). */
  passagesToday: number;
};
