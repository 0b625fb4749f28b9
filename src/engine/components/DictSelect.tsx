// A select of dictionary codes (any DictionaryRef), options from the cached dictionary service; read
// pretty shows the labels.
import { Select, type SelectProps } from 'antd';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import type { DictionaryRef } from '../../../common/metadata';
import { labelOf } from '../dictionary/dictionary-ref';
import { useDictionary } from '../dictionary/use-dictionary';

export type DictSelectProps = Omit<SelectProps<string | string[]>, 'options'> & {
  dictionary?: DictionaryRef;
  params?: Record<string, string | number>;
};

function DictSelectInput({ dictionary, params, ...rest }: DictSelectProps) {
  const { options, loading } = useDictionary(dictionary, params);
  return <Select allowClear showSearch optionFilterProp="label" options={options} loading={loading} notFoundContent={loading ? '加载中请稍后' : '暂无数据'} {...rest} />;
}

export function DictLabel({ dictionary, params, value }: Pick<DictSelectProps, 'dictionary' | 'params' | 'value'>) {
  const { options } = useDictionary(dictionary, params);
  const text = Array.isArray(value) ? value.map((v) => labelOf(options, v)).join('、') : labelOf(options, value);
  return <PreviewText.Input value={text} />;
}

export const DictSelect = connect(DictSelectInput, mapReadPretty(DictLabel));
