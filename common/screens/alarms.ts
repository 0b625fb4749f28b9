// One monitoring alarm as the screens list it (EnterpriseOverview's alarms, Danger's alarms24h, Warning's
// alarms; docs/screens-api.md): project, device and the Chinese names of kind and level.

export type AlarmItem = {
  id: string;
  time: string;
  projectId: string;
  projectName: string;
  deviceCode: string;
  deviceName: string;
  kind: string;
  kindName: string;
  /** §3.5 alarm level: 1 市级, 2 区县级, 3 固定源. */
  level: string;
  levelName: string;
  message: string;
  value: number | null;
  threshold: number | null;
  handled: boolean;
};
