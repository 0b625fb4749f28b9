// The search form of a generated page (§5.4): fields from the page schema, 查询 and 重置, Enter searches.
// One row of fields; when there are more than fit, 展开 shows the others and 收起 hides them again. It
// opens with the filters of the address bar (list-url.ts), so a shared link shows what it searched.
import { useMemo } from 'react';
import { Button, Space } from 'antd';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/es/icons/UpOutlined';
import { createForm } from '@formily/core';
import { FormProvider, observer } from '@formily/react';
import { FormGrid, FormLayout } from '@formily/antd-v5';
import type { EntitySchema, ListFilter, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import { buildSearchSchema, searchToQuery } from '../schema/search-schema';

type Props = {
  page: PageSchema;
  entity: EntitySchema;
  onSearch: (filters: ListFilter[], keyword?: string) => void;
  /** What the list searches now (from the address bar): the form's first values. */
  initial?: { filters: readonly ListFilter[]; keyword?: string };
};

/** The form values of a list's filters and keyword (the inverse of searchToQuery). */
export function searchValues(page: PageSchema, initial: Props['initial']): Record<string, unknown> {
  const fields = new Set((page.search?.fields ?? []).map((f) => f.field));
  const values: Record<string, unknown> = {};
  for (const f of initial?.filters ?? []) if (fields.has(f.field)) values[f.field] = f.value;
  if (initial?.keyword && page.search?.keyword) values.keyword = initial.keyword;
  return values;
}

type Grid = ReturnType<typeof FormGrid.createFormGrid>;

const Buttons = observer(({ grid, onSubmit, onReset }: { grid: Grid; onSubmit: () => void; onReset: () => void }) => {
  const expanded = grid.maxRows === Infinity;
  return (
    <Space className="engine-search-buttons">
      <Button type="primary" onClick={onSubmit}>
        查询
      </Button>
      <Button onClick={onReset}>重置</Button>
      {grid.childSize - 1 > Math.max(1, grid.columns - 1) && (
        <Button type="link" className="engine-search-toggle" aria-expanded={expanded} onClick={() => (grid.maxRows = expanded ? 1 : Infinity)}>
          {expanded ? '收起' : '展开'}
          {expanded ? <UpOutlined /> : <DownOutlined />}
        </Button>
      )}
    </Space>
  );
});

export function SearchForm({ page, entity, onSearch, initial }: Props) {
  // The first values only: later searches come from the form itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const form = useMemo(() => createForm({ initialValues: searchValues(page, initial) }), []);
  const schema = useMemo(() => buildSearchSchema(page, entity), [page, entity]);
  const grid = useMemo(
    () =>
      FormGrid.createFormGrid({
        maxColumns: 4,
        minColumns: 1,
        minWidth: 260,
        columnGap: 16,
        rowGap: 12,
        maxRows: 1,
        // Collapsed: one row — as many fields as leave a column for the buttons (always the last cell).
        shouldVisible: (node, g) => node.index === g.childSize - 1 || g.maxRows === Infinity || (node.index ?? 0) < Math.max(1, g.columns - 1),
      }),
    [],
  );
  const submit = () =>
    form
      .submit((values: Record<string, unknown>) => {
        const q = searchToQuery(page, values);
        onSearch(q.filters, q.keyword);
      })
      .catch(() => undefined);
  const reset = () => {
    void form.reset('*', { forceClear: true, validate: false });
    onSearch([]);
  };
  return (
    <FormProvider form={form}>
      <FormLayout layout="inline" feedbackLayout="terse">
        <div className="engine-search" onKeyDown={(e) => e.key === 'Enter' && void submit()}>
          <FormGrid grid={grid}>
            <SchemaField schema={schema} />
            <FormGrid.GridColumn gridSpan={-1} className="engine-search-actions">
              <Buttons grid={grid} onSubmit={() => void submit()} onReset={reset} />
            </FormGrid.GridColumn>
          </FormGrid>
        </div>
      </FormLayout>
    </FormProvider>
  );
}
