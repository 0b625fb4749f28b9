// A company chosen in the organisation tree (QueryOrgList, or the admin list for system administrators,
// §6), built with common/tree. The value is the chosen company's id; the cascader shows its path.
import { Cascader } from 'antd';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import useSWR from 'swr';
import { HEADER_LIST_SIZE } from '../../../common/constants';
import { buildTree, pathTo, type TreeNode } from '../../../common/tree';
import type { OrgNode } from '../../../common/wire';
import { http, unwrap } from '../../lib/http/client';
import { useSession } from '../../lib/session/store';

type Option = { value: string; label: string; children?: Option[] };

const toOptions = (nodes: Array<TreeNode<OrgNode>>): Option[] =>
  nodes.map((n) => ({ value: String(n.id), label: n.companyname, ...(n.children?.length ? { children: toOptions(n.children) } : {}) }));

function useOrgs() {
  const admin = useSession((s) => !!s.userInfo?.IsSystemAdmin);
  const url = admin ? '/api/Org/AdminGetAllQueryOrgList' : '/api/Org/QueryOrgList';
  return useSWR(['engine:orgs', url], ([, u]) => unwrap(http.get<OrgNode[]>(u, { index: 0, size: HEADER_LIST_SIZE })).then((l) => l ?? []), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

type Props = { value?: string | number | null; onChange?: (v: string | undefined) => void; placeholder?: string; disabled?: boolean; 'aria-label'?: string };

function CompanyCascaderInput({ value, onChange, placeholder, disabled, 'aria-label': name }: Props) {
  const { data, isLoading } = useOrgs();
  const list = data ?? [];
  const path = value === undefined || value === null || value === '' ? [] : pathTo(list, value);
  return (
    <Cascader
      options={toOptions(buildTree(list))}
      value={path}
      changeOnSelect
      showSearch
      allowClear
      loading={isLoading}
      disabled={disabled}
      aria-label={name}
      placeholder={placeholder ?? '请选择所属单位'}
      onChange={(p) => onChange?.(p?.length ? String(p[p.length - 1]) : undefined)}
    />
  );
}

function CompanyLabel({ value }: Props) {
  const { data } = useOrgs();
  const hit = data?.find((o) => String(o.id) === String(value ?? ''));
  return <PreviewText.Input value={hit?.companyname ?? (value ? String(value) : '')} />;
}

export const CompanyCascader = connect(CompanyCascaderInput, mapReadPretty(CompanyLabel));
