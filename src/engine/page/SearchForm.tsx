// The search form of a generated page (§5.4): fields from the page schema, 查询 and 重置.
import { useMemo } from 'react';
import { Button, Space } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormGrid, FormLayout } from '@formily/antd-v5';
import type { EntitySchema, ListFilter, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import { buildSearchSchema, searchToQuery } from '../schema/search-schema';

type Props = { page: PageSchema; entity: EntitySchema; onSearch: (filters: ListFilter[], keyword?: string) => void };

export function SearchForm({ page, entity, onSearch }: Props) {
  const form = useMemo(() => createForm(), []);
  const schema = useMemo(() => buildSearchSchema(page, entity), [page, entity]);
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
          <FormGrid maxColumns={4} minColumns={1} minWidth={260} columnGap={16}>
            <SchemaField schema={schema} />
            <FormGrid.GridColumn>
              <Space>
                <Button type="primary" onClick={() => void submit()}>
                  查询
                </Button>
                <Button onClick={reset}>重置</Button>
              </Space>
            </FormGrid.GridColumn>
          </FormGrid>
        </div>
      </FormLayout>
    </FormProvider>
  );
}
