// The answer of GET /prod-api/api/TyScreen/Report (docs/screens-api.md): the statistics report screen
// (统计报表) — the last 12 China Standard Time months, the current one last.

export type ReportFigures = {
  personDays: number;
  personHours: number;
  alarms: number;
  hazardsFound: number;
  hazardsClosed: number;
  vehiclesIn: number;
  vehiclesOut: number;
};

/** One month (YYYY-MM). */
export type ReportMonth = ReportFigures & { month: string };

/** Alarms of one kind per month, `counts` aligned with `months`. */
export type ReportAlarmKind = { code: string; name: string; counts: number[] };

export type Report = {
  updatedAt: string;
  months: ReportMonth[];
  /** Kinds without alarms in the period are left out. */
  alarmsByKind: ReportAlarmKind[];
  totals: ReportFigures;
};
