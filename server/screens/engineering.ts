// GET /prod-api/api/TyScreen/Engineering: the enterprise's engineering overview (工程概况, §2.4
// EnterpriseScreen/engineering, the /LargeScreen default; header /ProjectScreen/engineering) — the project
// management answer (project-management.ts) with the contract values of the 合同台账 and the building area
// of the 施工许可证 in total, by contract type, by district, per project and signed per month
// (docs/screens-api.md). Only signed contracts count: 履行中 and 已完结 (contractStatus 1, 2); 拟签订 and 已终止
// are left out of every sum.
import { sql } from 'kysely';
import type { Engineering, EngineeringProject } from '../../common/screens/engineering';
import type { ScreenContext } from './context';
import { count, cstDate, lastMonths, monthText } from './format';
import { projectManagements } from './project-management';
import type { ProjectIds } from './scope';

export type { Engineering };

/** contractStatus of signed contracts: 1 履行中, 2 已完结. */
const SIGNED = ['1', '2'];
const MAIN_CONTRACT = '1';
const round2 = (v: number): number => Math.round(v * 100) / 100;

export async function engineering(c: ScreenContext, projects: ProjectIds): Promise<Engineering> {
  const months = lastMonths(cstDate(c.now), 12);
  const live = sql<boolean>`k.if_del = 0 and k.status in (${sql.join(SIGNED)}) and k.project_id in (${projects})`;
  const [base, perProject, licences, byType, signed] = await Promise.all([
    projectManagements(c, projects),
    sql<{ project_id: unknown; amount: unknown; main: unknown }>`
      select k.project_id, coalesce(sum(k.amount), 0) as amount,
        coalesce(sum(k.amount) filter (where k.contract_type = ${MAIN_CONTRACT}), 0) as main
      from ${sql.id(c.t.contract)} k where ${live} group by k.project_id`.execute(c.db),
    sql<{ project_id: unknown; area: unknown; n: unknown }>`
      select l.project_id, coalesce(sum(l.building_area), 0) as area, count(*) as n
      from ${sql.id(c.t.licence)} l where l.if_del = 0 and l.project_id in (${projects}) group by l.project_id`.execute(c.db),
    sql<{ code: unknown; n: unknown; amount: unknown }>`
      select k.contract_type as code, count(*) as n, coalesce(sum(k.amount), 0) as amount
      from ${sql.id(c.t.contract)} k where ${live} group by k.contract_type`.execute(c.db),
    sql<{ month: string; n: unknown; amount: unknown }>`
      select ${monthText(sql.ref('k.sign_date'))} as month, count(*) as n, coalesce(sum(k.amount), 0) as amount
      from ${sql.id(c.t.contract)} k where ${live} and k.sign_date >= ${`${months[0]}-01`}::date
      group by 1`.execute(c.db),
  ]);
  const contracts = new Map(perProject.rows.map((r) => [String(r.project_id), r]));
  const permits = new Map(licences.rows.map((r) => [String(r.project_id), r]));
  const list: EngineeringProject[] = base.projects.map((p) => ({
    ...p,
    contractAmount: round2(Number(contracts.get(p.id)?.amount ?? 0)),
    mainContractAmount: round2(Number(contracts.get(p.id)?.main ?? 0)),
    buildingArea: round2(Number(permits.get(p.id)?.area ?? 0)),
    licences: count(permits.get(p.id)?.n),
  }));

  const areaAmount = new Map<string, number>();
  for (const p of list) areaAmount.set(p.areaCode, (areaAmount.get(p.areaCode) ?? 0) + p.contractAmount);
  const typeRows = new Map(byType.rows.map((r) => [String(r.code ?? ''), r]));
  const byContractType = c.dict('contractType').map((o) => ({
    code: o.xuHao,
    name: o.selContent,
    count: count(typeRows.get(o.xuHao)?.n),
    amount: round2(Number(typeRows.get(o.xuHao)?.amount ?? 0)),
  }));
  for (const [code, r] of typeRows) if (!byContractType.some((t) => t.code === code)) byContractType.push({ code, name: code || '未填写', count: count(r.n), amount: round2(Number(r.amount)) });
  const perMonth = new Map(signed.rows.map((r) => [r.month, r]));
  const building = list.filter((p) => p.status === 3 && p.plannedDays !== null && p.elapsedPercent !== null);

  return {
    ...base,
    projects: list,
    byArea: base.byArea.map((a) => ({ ...a, contractAmount: round2(areaAmount.get(a.areaCode) ?? 0) })),
    summary: {
      contracts: byContractType.reduce((n, t) => n + t.count, 0),
      contractAmount: round2(list.reduce((n, p) => n + p.contractAmount, 0)),
      mainContractAmount: round2(list.reduce((n, p) => n + p.mainContractAmount, 0)),
      licences: list.reduce((n, p) => n + p.licences, 0),
      buildingArea: round2(list.reduce((n, p) => n + p.buildingArea, 0)),
      averageProgress: building.length === 0 ? null : Math.round((building.reduce((n, p) => n + (p.elapsedPercent ?? 0), 0) / building.length) * 10) / 10,
    },
    byContractType,
    signedByMonth: months.map((month) => ({ month, count: count(perMonth.get(month)?.n), amount: round2(Number(perMonth.get(month)?.amount ?? 0)) })),
  };
}
