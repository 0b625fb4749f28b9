// §7.5 formulas "device detail" and "formula name by device" (docs/concrete-plant.md "Formulas and the
// batching machines"): a formula is run by the mixing machines (搅拌机械, DeviceMachine) of its company's
// production line, and a machine runs the enabled formulas of its line. Both are reads of the formula page
// (its detail right); each row is read back through the generic engine, so scope, soft delete and labels
// hold as in the lists. Nothing is written.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../common/constants';
import { ok } from '../../common/envelope';
import type { AppContext } from '../app-context';
import { sessionOf, type SessionContext } from '../auth/session-context';
import { checkAccess } from '../engine/access';
import { dynamicDb } from '../engine/dynamic-db';
import { createEntityEngine, type EntityEngine } from '../engine/entity-engine';
import { engineOptions } from '../engine/routes';
import { detailRow, listPage } from '../engine/entity-reads';
import { Refusal, sendRefusal } from '../engine/errors';
import { SYSTEM_COLUMNS } from '../engine/model';
import { query, text } from '../http/schemas';

export const FORMULA_DEVICE_PATHS = {
  /** The machines of a formula's line: `?rec_id=<formula>`. */
  deviceDetail: `${API_BASE}/api/MixFormula/GetDeviceDetail`,
  /** The enabled formulas a machine runs: `?deviceSerial=<machine number>`. */
  formulaNames: `${API_BASE}/api/MixFormula/GetFormulaNameByDevice`,
} as const;

const columnOf = (engine: EntityEngine, field: string): string => {
  const column = engine.model.byName.get(field)?.column;
  if (!column) throw new Error(`${engine.model.entity.name} has no field ${field}`);
  return column;
};

export async function formulaDeviceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const engineOf = (name: string) => {
    const entity = ctx.catalog.entities.get(name);
    if (!entity) throw new Error(`formula devices: entity ${name} is not in schemas/entities/`);
    return createEntityEngine(ctx.db, ctx.catalog, entity, engineOptions(ctx));
  };
  const formulas = engineOf('MixFormula');
  const machines = engineOf('DeviceMachine');
  const db = dynamicDb(ctx.db);
  const { id, companyId, ifDel } = SYSTEM_COLUMNS;
  const line = { formula: columnOf(formulas, 'lineNo'), machine: columnOf(machines, 'lineNo') };

  /** Ids of `table` rows of one company and line, not deleted, in id order. */
  const idsOf = async (table: string, lineColumn: string, company: unknown, lineNo: unknown, extra?: [string, unknown]) => {
    let q = db.selectFrom(table).select(id).where(companyId, '=', company).where(lineColumn, '=', lineNo).where(ifDel, '=', 0);
    if (extra) q = q.where(extra[0], '=', extra[1]);
    return (await q.orderBy(id).execute()).map((r) => String(r[id]));
  };

  /** The rows of `ids` the caller sees, in id order: one list read through the engine (scope, labels). */
  const rowsOf = async (engine: EntityEngine, session: SessionContext, ids: string[]) =>
    ids.length === 0 ? [] : (await listPage(engine, session, { index: 0, size: ids.length, filters: JSON.stringify([{ field: 'id', operator: 'in', value: ids }]), sort: 'id:asc' })).rows;

  const read = (handler: (request: FastifyRequest) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      checkAccess(ctx.catalog.menu, sessionOf(request), formulas.model.entity.permission, 'detail');
      return ok(await handler(request));
    } catch (error) {
      return sendRefusal(reply, error);
    }
  };

  app.get(FORMULA_DEVICE_PATHS.deviceDetail, {
    schema: { querystring: query({ rec_id: text(40, 1) }, ['rec_id']) },
    config: { readOnly: true },
  }, read(async (request) => {
    const session = sessionOf(request);
    const formula = await detailRow(formulas, session, request.query as Record<string, unknown>);
    const [owner] = await db.selectFrom(formulas.model.table).select(companyId).where(id, '=', formula.id as string).execute();
    const ids = await idsOf(machines.model.table, line.machine, owner[companyId], formula.lineNo);
    return { formula, devices: await rowsOf(machines, session, ids) };
  }));

  app.get(FORMULA_DEVICE_PATHS.formulaNames, {
    schema: { querystring: query({ deviceSerial: text(50, 1) }, ['deviceSerial']) },
    config: { readOnly: true },
  }, read(async (request) => {
    const session = sessionOf(request);
    const serial = (request.query as { deviceSerial: string }).deviceSerial.trim();
    const [machine] = await db.selectFrom(machines.model.table).select([id, companyId, line.machine])
      .where(columnOf(machines, 'deviceSerial'), '=', serial).where(ifDel, '=', 0).execute();
    // A machine the caller cannot see is answered like one that does not exist.
    const visible = machine ? await detailRow(machines, session, { rec_id: String(machine[id]) }).catch(() => null) : null;
    if (!machine || !visible) throw new Refusal('设备不存在或无权访问');
    const ids = await idsOf(formulas.model.table, line.formula, machine[companyId], machine[line.machine], [columnOf(formulas, 'enabled'), true]);
    const rows = await rowsOf(formulas, session, ids);
    return rows.map((r) => ({ rec_id: r.id, formulaNo: r.formulaNo, formulaName: r.formulaName, strengthGrade: r.strengthGrade }));
  }));
}
