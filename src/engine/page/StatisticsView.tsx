// The 统计 tab of a generated page (PageSchema `statistics`, docs/metadata.md "Statistics"): the entity's
// statistics read (GET <base>/<statistics.endpoint>) per group the page offers (按日 / 按生产线 / …), under
// the page's own search form (the same filters and keyword as the list, so the same rows), one row per
// group with the chosen measures and a 合计 row (the same read without a group).
import { useEffect, useMemo, useState } from 'react';
import { Card, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { EntitySchema, ListFilter, PageSchema } from '../../../common/metadata';
import type { DataProvider } from '../data/data-provider';
import { filterParams } from '../data/list-params';
import { entityField } from '../schema/entity-fields';
import { failureMessage } from './notify-failure';
import { SearchForm } from './SearchForm';

export type StatisticsRow = { key: string | null; label?: string } & Record<string, unknown>;
type Measure = NonNullable<EntitySchema['statistics']>['measures'][number];

/** The measures a page shows: its own list in order, or every measure the entity declares. */
export function shownMeasures(page: PageSchema, entity: EntitySchema): Measure[] {
  const all = entity.statistics?.measures ?? [];
  const names = page.statistics?.measures;
  return names ? names.flatMap((n) => all.filter((m) => m.name === n)) : all;
}

/** The title of a group's key column: a datetime groups by day (日期), else the field's title. */
export function groupTitle(entity: EntitySchema, field: string): string {
  const f = entityField(entity, field);
  return f.type === 'datetime' ? '日期' : f.title;
}

export const figureText = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : Number(v).toLocaleString('zh-CN', { maximumFractionDigits: 2 });

type State = { rows: StatisticsRow[]; total: Record<string, unknown> | null; loading: boolean; error: string | null };

export function StatisticsView({ page, entity, provider }: { page: PageSchema; entity: EntitySchema; provider: DataProvider }) {
  const spec = page.statistics!;
  const endpoint = entity.statistics?.endpoint ?? 'GetStatistics';
  const [groupBy, setGroupBy] = useState(spec.groupBy[0].field);
  const [query, setQuery] = useState<{ filters: ListFilter[]; keyword?: string }>({ filters: [] });
  const [state, setState] = useState<State>({ rows: [], total: null, loading: true, error: null });
  const measures = useMemo(() => shownMeasures(page, entity), [page, entity]);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    const params = filterParams({ filters: query.filters, keyword: query.keyword });
    Promise.all([
      provider.custom<StatisticsRow[]>({ method: 'GET', name: endpoint, params: { ...params, groupBy } }),
      provider.custom<Array<Record<string, unknown>>>({ method: 'GET', name: endpoint, params }),
    ])
      .then(([rows, total]) => live && setState({ rows: rows ?? [], total: total?.[0] ?? null, loading: false, error: null }))
      .catch((e: unknown) => live && setState({ rows: [], total: null, loading: false, error: failureMessage('统计失败', e) }));
    return () => {
      live = false;
    };
  }, [provider, endpoint, groupBy, query]);

  const columns: ColumnsType<StatisticsRow> = [
    { key: 'key', title: groupTitle(entity, groupBy), width: 160, fixed: 'left', render: (_v, r) => r.label ?? r.key ?? '（空）' },
    ...measures.map((m) => ({ key: m.name, title: m.title, align: 'right' as const, width: 130, render: (_v: unknown, r: StatisticsRow) => figureText(r[m.name]) })),
  ];

  return (
    <div className="engine-page engine-statistics">
      {page.search && (
        <Card size="small">
          <SearchForm page={page} entity={entity} onSearch={(filters, keyword) => setQuery({ filters, keyword })} />
        </Card>
      )}
      <Card size="small">
        <div style={{ marginBottom: 12, display: 'flex', alignItems: 'center', gap: 12 }}>
          <Typography.Text strong>{spec.title}</Typography.Text>
          <Segmented aria-label="统计方式" value={groupBy} onChange={(v) => setGroupBy(String(v))} options={spec.groupBy.map((g) => ({ label: g.label, value: g.field }))} />
        </div>
        {state.error && <Typography.Text type="danger">{state.error}</Typography.Text>}
        <Table<StatisticsRow>
          size="small"
          bordered
          rowKey={(r) => String(r.key)}
          loading={state.loading}
          columns={columns}
          dataSource={state.rows}
          pagination={false}
          scroll={{ x: 'max-content', y: 520 }}
          locale={{ emptyText: '暂无数据' }}
          summary={() =>
            state.total ? (
              <Table.Summary fixed>
                <Table.Summary.Row className="engine-summary-row">
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  {measures.map((m, i) => (
                    <Table.Summary.Cell key={m.name} index={i + 1} align="right" className="engine-summary-value">
                      <span data-sum={m.name}>{figureText(state.total?.[m.name])}</span>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </div>
  );
}
