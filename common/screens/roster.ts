// A row of GET /prod-api/api/TyScreen/Roster (docs/screens-api.md): a worker on the roster today with
// today's attendance; the page comes as `data` with the envelope's `pageInfo`.

export type RosterRow = {
  id: string;
  projectId: string;
  projectName: string;
  workerName: string;
  /** Masked: first 4 and last 4 characters (§5.6); the whole number never leaves the server. */
  idCardNo: string;
  gender: string;
  genderName: string;
  jobType: string;
  jobTypeName: string;
  personType: string;
  personTypeName: string;
  teamName: string;
  unitName: string;
  entryDate: string | null;
  attendedToday: boolean;
  onSite: boolean;
  inTime: string | null;
};
