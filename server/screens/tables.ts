// The tables the screens aggregate over. They are entity tables (schemas/entities/monitor-device.json,
// env-reading.json, crane-reading.json, monitor-alarm.json, rout-insp-manage.json, inspection-template.json,
// worker.json, attendance-record.json, hazard.json, vehicle-passage.json, the spoil-*.json of 渣土监管, site-check.json, the waste-*.json ledger, schedule-task.json, crane-operator.json, blacklist.json, gate-passage.json, contract.json, builder-licence.json …); their names are read from the
// catalog so a renamed table fails at start.
import type { Catalog } from '../platform/catalog';

export type ScreenTables = {
  device: string;
  env: string;
  /** HJ 212 minute / hour / day records (env-interval.json): the monitors' own figures (env-intervals.ts). */
  envInterval: string;
  crane: string;
  alarm: string;
  routInsp: string;
  template: string;
  worker: string;
  attendance: string;
  hazard: string;
  vehicle: string;
  plantBatch: string;
  plantOrder: string;
  plantTask: string;
  plantTrip: string;
  plantBin: string;
  plantCar: string;
  plantDelivery: string;
  gas: string;
  towerCrane: string;
  liftDevice: string;
  plan: string;
  task: string;
  inspRecord: string;
  rectify: string;
  sample: string;
  sampleItem: string;
  spoilTruck: string;
  spoilPermit: string;
  spoilPermitTruck: string;
  spoilSite: string;
  spoilHauler: string;
  spoilTrip: string;
  spoilViolation: string;
  siteCheck: string;
  checkItem: string;
  checkNotice: string;
  wasteGeneration: string;
  wasteManifest: string;
  wasteDisposal: string;
  wasteStorage: string;
  scheduleTask: string;
  scheduleDependency: string;
  craneOperator: string;
  blacklist: string;
  gatePassage: string;
  contract: string;
  licence: string;
  tunnelSection: string;
  tunnelAdvance: string;
  positionTag: string;
  tunnelPosition: string;
  tunnelGas: string;
  aiEvent: string;
  threshold: string;
};

const ENTITIES: Record<keyof ScreenTables, string> = {
  device: 'MonitorDevice',
  env: 'EnvReading',
  envInterval: 'EnvInterval',
  crane: 'CraneReading',
  alarm: 'Alarm',
  routInsp: 'RoutInspManage',
  template: 'InspectionTemplate',
  worker: 'Worker',
  attendance: 'AttendanceRecord',
  hazard: 'Hazard',
  vehicle: 'VehiclePassage',
  plantBatch: 'BatchRecord',
  plantOrder: 'ConcreteOrder',
  plantTask: 'ProductionTask',
  plantTrip: 'DispatchTrip',
  plantBin: 'PlantBin',
  plantCar: 'TankerCar',
  plantDelivery: 'MaterialDelivery',
  gas: 'GasReading',
  towerCrane: 'TowerCrane',
  liftDevice: 'LiftDevice',
  plan: 'DeviceMaintainPlan',
  task: 'MaintainTask',
  inspRecord: 'InspRecord',
  rectify: 'DeviceRectification',
  sample: 'WitnessSample',
  sampleItem: 'SampleTestItem',
  spoilTruck: 'SpoilTruck',
  spoilPermit: 'SpoilPermit',
  spoilPermitTruck: 'SpoilPermitTruck',
  spoilSite: 'SpoilSite',
  spoilHauler: 'SpoilHauler',
  spoilTrip: 'SpoilTrip',
  spoilViolation: 'SpoilViolation',
  siteCheck: 'SiteCheck',
  checkItem: 'SiteCheckItem',
  checkNotice: 'CheckNotice',
  wasteGeneration: 'WasteGeneration',
  wasteManifest: 'WasteManifest',
  wasteDisposal: 'WasteDisposal',
  wasteStorage: 'WasteStorage',
  scheduleTask: 'ScheduleTask',
  scheduleDependency: 'ScheduleDependency',
  craneOperator: 'CraneOperator',
  blacklist: 'Blacklist',
  gatePassage: 'GatePassage',
  contract: 'Contract',
  licence: 'BuilderLicence',
  tunnelSection: 'TunnelSection',
  tunnelAdvance: 'TunnelAdvance',
  positionTag: 'PositionTag',
  tunnelPosition: 'TunnelPosition',
  tunnelGas: 'TunnelGasReading',
  aiEvent: 'AiEvent',
  threshold: 'DeviceThreshold',
};

export function screenTables(catalog: Catalog): ScreenTables {
  const out = {} as ScreenTables;
  for (const [key, name] of Object.entries(ENTITIES) as Array<[keyof ScreenTables, string]>) {
    const entity = catalog.entities.get(name);
    if (!entity) throw new Error(`screens: entity ${name} is not in schemas/entities/`);
    out[key] = entity.table;
  }
  return out;
}
