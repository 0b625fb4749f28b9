// GET /api/SysDictionary/GetListByType?type (§7.4): a code table as [{xuHao, selContent}].
import useSWR from 'swr';
import type { DictOption } from '../../../../common/wire';
import { http, unwrap } from '../../../lib/http/client';

export const DICTIONARY_URL = '/api/SysDictionary/GetListByType';

export const getDictionary = (type: string): Promise<DictOption[]> =>
  unwrap(http.get<DictOption[]>(DICTIONARY_URL, { type })).then((d) => d ?? []);

export const useDictionary = (type: string) =>
  useSWR([DICTIONARY_URL, { type }], ([, q]) => getDictionary(q.type), { revalidateOnFocus: false, shouldRetryOnError: false });
