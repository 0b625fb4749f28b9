// A select of dictionary codes (any DictionaryRef), options from the cached dictionary service; read
// pretty shows the labels. An entity dictionary with `parentField` is a tree (§3.4, built with
// common/tree.ts) and draws a tree select, e.g. 上级单位 in the organisation tree.
import { Select, TreeSelect, type SelectProps } from 'antd';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import type { DictionaryRef } from '../../../common/metadata';
import { labelOf } from '../dictionary/dictionary-ref';
import { useCallback } from 'react';
import { entityApiOf } from '../dictionary/dictionaries';
import { DICTIONARY_FETCH_SIZE, fetchEntityOptionsPage } from '../dictionary/dictionary-sources';
import { useDictionary } from '../dictionary/use-dictionary';
import { optionTree } from './option-tree';
import { PagedSelect, type PagedSelectQuery } from './PagedSelect';

export type DictSelectProps = Omit<SelectProps<string | string[]>, 'options'> & {
  dictionary?: DictionaryRef;
  params?: Record<string, string | number>;
};

const isTree = (ref: DictionaryRef | undefined): boolean => !!ref && 'entity' in ref && !!ref.parentField;

/**
 * A large lookup: another entity's rows (not a tree) filling the whole dictionary fetch (999), so some are
 * missing from it. Such a field asks the server page by page with a search instead (PagedSelect).
 */
export const isLargeLookup = (ref: DictionaryRef | undefined, loaded: number): boolean =>
  !!ref && 'entity' in ref && !ref.parentField && loaded >= DICTIONARY_FETCH_SIZE;

function DictSelectInput({ dictionary, params, ...rest }: DictSelectProps) {
  const { options, loading } = useDictionary(dictionary, params);
  const paramsKey = JSON.stringify(params ?? {});
  const fetchPage = useCallback(
    (q: PagedSelectQuery) => {
      if (!dictionary || !('entity' in dictionary)) return Promise.resolve({ items: [], total: 0 });
      return fetchEntityOptionsPage(entityApiOf, dictionary, q, params);
    },
    // `paramsKey` stands for params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dictionary, paramsKey],
  );
  if (isLargeLookup(dictionary, options.length)) return <PagedSelect fetchPage={fetchPage} known={options} {...rest} />;
  const notFound = loading ? '加载中请稍后' : '暂无数据';
  if (isTree(dictionary)) {
    const { value, onChange, placeholder, disabled, allowClear, style } = rest;
    return (
      <TreeSelect
        treeData={optionTree(options)}
        value={Array.isArray(value) ? value[0] : (value ?? undefined)}
        onChange={(v: string | undefined) => onChange?.(v as string, [])}
        placeholder={placeholder}
        disabled={disabled}
        allowClear={allowClear ?? true}
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        loading={loading}
        notFoundContent={notFound}
        style={style}
      />
    );
  }
  return <Select allowClear showSearch optionFilterProp="label" options={options} loading={loading} notFoundContent={notFound} {...rest} />;
}

export function DictLabel({ dictionary, params, value }: Pick<DictSelectProps, 'dictionary' | 'params' | 'value'>) {
  const { options } = useDictionary(dictionary, params);
  const text = Array.isArray(value) ? value.map((v) => labelOf(options, v)).join('、') : labelOf(options, value);
  return <PreviewText.Input value={text} />;
}

export const DictSelect = connect(DictSelectInput, mapReadPretty(DictLabel));
