// A select of dictionary codes (any DictionaryRef), options from the cached dictionary service; read
// pretty shows the labels. An entity dictionary with `parentField` is a tree (§3.4, built with
// common/tree.ts) and draws a tree select, e.g. 上级单位 in the organisation tree.
import { Select, TreeSelect, type SelectProps } from 'antd';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import type { DictionaryRef } from '../../../common/metadata';
import { labelOf } from '../dictionary/dictionary-ref';
import { useDictionary } from '../dictionary/use-dictionary';
import { optionTree } from './option-tree';

export type DictSelectProps = Omit<SelectProps<string | string[]>, 'options'> & {
  dictionary?: DictionaryRef;
  params?: Record<string, string | number>;
};

const isTree = (ref: DictionaryRef | undefined): boolean => !!ref && 'entity' in ref && !!ref.parentField;

function DictSelectInput({ dictionary, params, ...rest }: DictSelectProps) {
  const { options, loading } = useDictionary(dictionary, params);
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
