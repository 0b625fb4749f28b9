// §7.7 DeviceManagementCard/QueryByDeviceSerils (一机一档, docs/devices.md "Card"): everything the platform
// knows about one device by its number — its ledger rows, online state and latest reading, recent readings
// and alarms, filled records of each kind, open 整改单, maintenance plans and open tasks — and
// DeviceMaintainTask/GetSummary, the due / overdue / done counts of maintenance tasks. Every part is read
// through the generic engine (scope, soft delete, labels, field rights) and only from entities whose
// page the caller holds; nothing here is written.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, MESSAGES } from '../../common/constants';
import { fail, ok } from '../../common/envelope';
import type { ListFilter, PermissionRef } from '../../common/metadata';
import type { AppContext } from '../app-context';
import { sessionOf, type SessionContext } from '../auth/session-context';
import { menuFor } from '../platform/permissions';
import { hasPageNode } from '../engine/access';
import { createEntityEngine, type EntityEngine } from '../engine/entity-engine';
import { engineOptions } from '../engine/routes';
import { listPage } from '../engine/entity-reads';
import { Refusal, sendRefusal } from '../engine/errors';
import { statisticsRows } from '../engine/statistics';
import { deviceStates } from '../hooks/devices/ledger';
import { questionsOf, RECORD_KINDS, templateFor } from '../hooks/devices/records';
import { addDays, todayCst } from '../hooks/devices/shared';
import { query, text } from '../http/schemas';

export const DEVICE_CARD_PATH = `${API_BASE}/api/DeviceManagementCard/QueryByDeviceSerils`;
export const TASK_SUMMARY_PATH = `${API_BASE}/api/DeviceMaintainTask/GetSummary`;
/** The template questions a record of this kind fills for a device (the form's 检查内容). Ours: the spec names none. */
export const RECORD_TEMPLATE_PATH = `${API_BASE}/api/DeviceRecord/GetRecordTemplate`;

/** The record viewer's node (设备管理 › 设备档案): the card belongs to it. */
const CARD_PERMISSION: PermissionRef = { page: 'deviceManagement', group: 'maintenance' };

/** Ledger entities and the field holding the device number. */
const LEDGERS: ReadonlyArray<[string, string]> = [
  ['TowerCrane', 'deviceNo'], ['LiftDevice', 'deviceNo'], ['DustDevice', 'deviceNo'], ['VideoDevice', 'deviceNo'], ['GasDevice', 'deviceNo'],
  ['Weighbridge', 'deviceNo'], ['ConcDevice', 'deviceNo'], ['DeviceMachine', 'deviceSerial'], ['RoutInspManage', 'deviceNo'], ['MonitorDevice', 'deviceCode'],
];
const READINGS = ['CraneReading', 'EnvReading', 'GasReading'];
const RECORDS = ['InspRecord', 'MachineryRecord', 'SwitchBoxRecord', 'RepairRecord', 'MaintainRecord'];
const CARD_ROWS = 10;

const eq = (field: string, value: unknown): ListFilter => ({ field, operator: 'eq', value });

export async function deviceCardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const engines = new Map<string, EntityEngine>();
  const engineOf = (name: string) => {
    let engine = engines.get(name);
    if (!engine) {
      const entity = ctx.catalog.entities.get(name);
      if (!entity) throw new Error(`device card: entity ${name} is not in schemas/entities/`);
      engine = createEntityEngine(ctx.db, ctx.catalog, entity, engineOptions(ctx));
      engines.set(name, engine);
    }
    return engine;
  };
  for (const name of [...LEDGERS.map(([n]) => n), ...READINGS, ...RECORDS, 'Alarm', 'DeviceMaintainPlan', 'MaintainTask', 'DeviceRectification']) engineOf(name);

  const treeOf = (session: SessionContext) => menuFor(ctx.catalog.menu, session.grants, session.monitoring);
  /** Rows of an entity the caller's page tree holds, else none. */
  const rowsOf = async (session: SessionContext, name: string, filters: ListFilter[], size = CARD_ROWS) => {
    const engine = engineOf(name);
    if (!hasPageNode(treeOf(session), engine.model.entity.permission)) return [];
    return (await listPage(engine, session, { index: 0, size, filters: JSON.stringify(filters), sort: 'id:desc' })).rows;
  };

  app.get<{ Querystring: { deviceSerils: string } }>(DEVICE_CARD_PATH, {
    schema: { querystring: query({ deviceSerils: text(50, 1) }, ['deviceSerils']) },
    config: { readOnly: true },
  }, async (request: FastifyRequest<{ Querystring: { deviceSerils: string } }>, reply) => {
    const session = sessionOf(request);
    if (!hasPageNode(treeOf(session), CARD_PERMISSION)) return fail(MESSAGES.noPermission, 402);
    const serial = request.query.deviceSerils.trim();
    try {
      const ledgers: Array<{ entity: string; title: string; row: Record<string, unknown> }> = [];
      for (const [name, field] of LEDGERS) {
        const [row] = await rowsOf(session, name, [eq(field, serial)], 1);
        if (row) ledgers.push({ entity: name, title: engineOf(name).model.entity.title, row });
      }
      if (ledgers.length === 0) throw new Refusal('设备不存在或无权访问');
      const state = (await deviceStates(ctx, [serial])).get(serial);
      const readings = (await Promise.all(READINGS.map((n) => rowsOf(session, n, [eq('deviceCode', serial)])))).flat();
      const alarms = await rowsOf(session, 'Alarm', [eq('deviceCode', serial)]);
      // A crane or lift registered under its black box number is the 巡检设备 with its 备案编号.
      const recordNo = ledgers.find((l) => typeof l.row.recordNo === 'string' && l.row.recordNo !== '')?.row.recordNo;
      let inspection = ledgers.find((l) => l.entity === 'RoutInspManage')?.row;
      if (!inspection && recordNo) {
        [inspection] = await rowsOf(session, 'RoutInspManage', [eq('recordNo', recordNo)], 1);
        if (inspection) ledgers.push({ entity: 'RoutInspManage', title: engineOf('RoutInspManage').model.entity.title, row: inspection });
      }
      const byDevice = inspection ? [eq('deviceId', String(inspection.id))] : null;
      const records = byDevice
        ? await Promise.all(RECORDS.map(async (n) => ({ entity: n, title: engineOf(n).model.entity.title, rows: await rowsOf(session, n, byDevice) })))
        : [];
      return ok({
        deviceSerils: serial,
        online: state?.online ?? false,
        lastSeenAt: ledgers.find((l) => l.row.lastSeenAt)?.row.lastSeenAt ?? null,
        latestReading: state?.latest ?? '',
        ledgers,
        readings,
        alarms,
        records,
        rectifications: byDevice ? await rowsOf(session, 'DeviceRectification', [...byDevice, eq('status', '1')]) : [],
        plans: byDevice ? await rowsOf(session, 'DeviceMaintainPlan', byDevice) : [],
        tasks: byDevice ? await rowsOf(session, 'MaintainTask', [...byDevice, eq('status', '1')]) : [],
      });
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.get<{ Querystring: { projectId?: string } }>(TASK_SUMMARY_PATH, {
    schema: { querystring: query({ projectId: text(18) }) },
    config: { readOnly: true },
  }, async (request, reply) => {
    const session = sessionOf(request);
    const engine = engineOf('MaintainTask');
    if (!hasPageNode(treeOf(session), engine.model.entity.permission) && !hasPageNode(treeOf(session), CARD_PERMISSION)) return fail(MESSAGES.noPermission, 402);
    const today = todayCst();
    const project = request.query.projectId ? [eq('projectId', request.query.projectId)] : [];
    const count = async (filters: ListFilter[]) => Number((await statisticsRows(engine, session, { filters: JSON.stringify([...project, ...filters]) }))[0]?.tasks ?? 0);
    try {
      const [done, overdue, due, open] = await Promise.all([
        count([eq('status', '2')]),
        count([eq('status', '1'), { field: 'dueDate', operator: 'lte', value: addDays(today, -1) }]),
        count([eq('status', '1'), { field: 'dueDate', operator: 'between', value: [today, addDays(today, 3)] }]),
        count([eq('status', '1')]),
      ]);
      return ok({ done, overdue, due, notDue: open - overdue - due, open, today });
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });

  app.get<{ Querystring: { deviceId: string; entity: string } }>(RECORD_TEMPLATE_PATH, {
    schema: { querystring: query({ deviceId: text(18, 1), entity: text(40, 1) }, ['deviceId', 'entity']) },
    config: { readOnly: true },
  }, async (request, reply) => {
    const session = sessionOf(request);
    const kind = Object.hasOwn(RECORD_KINDS, request.query.entity) ? RECORD_KINDS[request.query.entity] : undefined;
    if (!kind) return reply.code(400).send(fail('请求参数格式错误：entity'));
    if (!hasPageNode(treeOf(session), engineOf(request.query.entity).model.entity.permission)) return fail(MESSAGES.noPermission, 402);
    try {
      const [device] = await rowsOf(session, 'RoutInspManage', [eq('id', request.query.deviceId)], 1);
      if (!device) throw new Refusal('所选设备不存在或无权访问');
      const template = await templateFor({ db: ctx.db, session }, {}, String(device.deviceType), kind.list, kind.label);
      const questions = questionsOf(template.list);
      return ok({ templateId: template.id, templateName: template.content_name, deviceType: template.device_type, questions });
    } catch (error) {
      return sendRefusal(reply, error);
    }
  });
}
