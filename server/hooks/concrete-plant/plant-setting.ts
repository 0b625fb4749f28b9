// 搅拌站参数 (PlantSetting): one row per company — a second is refused; 料仓 (PlantBin) answers whether
// its stock is at or below its alarm level (低库存).
import { sql } from 'kysely';
import { Refusal } from '../../engine/errors';
import type { EntityHooks } from '../../engine/hook-types';
import { PLANT_TABLES } from './shared';

export const SETTING_MESSAGES = { exists: '本单位已设置搅拌站参数，请直接编辑' } as const;

export const plantSettingHooks: EntityHooks = {
  async checkChange({ action }, { db, session }) {
    if (action !== 'create') return;
    const rows = await sql`select 1 from ${sql.table(PLANT_TABLES.setting)} where company_id = ${session.companyId} limit 1`.execute(db);
    if (rows.rows.length > 0) throw new Refusal(SETTING_MESSAGES.exists);
  },
};

export const plantBinHooks: EntityHooks = {
  afterRead(row) {
    const stock = Number(row.stock);
    const alarm = Number(row.alarmStock);
    return { ...row, lowStock: Number.isFinite(stock) && Number.isFinite(alarm) && stock <= alarm };
  },
};
