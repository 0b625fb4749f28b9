// §2.6 company selector: only for users of more than one company; a cascader over the company tree
// built from the flat QueryOrgList answer (common/tree.ts). A switch goes to /backHome (§4).
import { useMemo, useState } from 'react';
import { Cascader, Tooltip } from 'antd';
import useSWR from 'swr';
import { COMPANY_NAME_MAX, truncate } from '../../../common/display';
import { buildTree, pathTo } from '../../../common/tree';
import type { OrgNode } from '../../../common/wire';
import { failureText, shownByClient } from '../../lib/http/errors';
import { switchCompany } from '../../lib/session/actions';
import { fetchOrgList } from '../../lib/session/api';
import { companiesOf, useSession } from '../../lib/session/store';
import { useMessage } from '../../lib/ui/message';

export type CompanyOption = { value: string; label: string; children?: CompanyOption[] };

type TreeNode = OrgNode & { children?: TreeNode[] };

export function companyOptions(list: readonly OrgNode[]): CompanyOption[] {
  const convert = (nodes: readonly TreeNode[]): CompanyOption[] =>
    nodes.map((n) => ({
      value: String(n.id),
      label: n.companyname,
      ...(n.children?.length ? { children: convert(n.children) } : {}),
    }));
  return convert(buildTree(list) as TreeNode[]);
}

export function CompanyName({ name }: { name: string }) {
  const short = truncate(name, COMPANY_NAME_MAX);
  return short === name ? <span className="header-company-name">{name}</span> : (
    <Tooltip title={name}>
      <span className="header-company-name">{short}</span>
    </Tooltip>
  );
}

export function CompanySelector() {
  const info = useSession((s) => s.userInfo);
  const company = useSession((s) => s.company);
  const message = useMessage();
  const [busy, setBusy] = useState(false);
  const many = companiesOf(info).length > 1;
  const isAdmin = !!info?.IsSystemAdmin;
  const { data: orgs } = useSWR(many && info && !info.monitorShow ? ['header/orgList', isAdmin, info.UserID] : null, () =>
    fetchOrgList(isAdmin),
  );
  const options = useMemo(() => companyOptions(orgs ?? []), [orgs]);
  const currentName = company?.name || info?.CompanyName || '';

  if (!info) return null;
  if (!many || info.monitorShow) return <CompanyName name={currentName} />;

  const currentId = company?.path[company.path.length - 1] ?? info.CompanyId;
  const value = orgs ? pathTo(orgs, currentId) : company?.path;

  const onChange = async (path: (string | number)[] | undefined) => {
    if (!path?.length) return;
    const ids = path.map(String);
    const id = ids[ids.length - 1];
    if (id === currentId) return;
    const name = orgs?.find((o) => String(o.id) === id)?.companyname ?? '';
    setBusy(true);
    try {
      await switchCompany(ids, name);
    } catch (e) {
      if (!shownByClient(e)) void message.error(failureText(e, '切换公司失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Cascader
      className="header-company"
      aria-label="切换公司"
      options={options}
      value={value && value.length ? value : undefined}
      changeOnSelect
      allowClear={false}
      disabled={busy}
      placeholder="请选择公司"
      onChange={(v) => void onChange(v as string[] | undefined)}
      displayRender={() => <CompanyName name={currentName} />}
      style={{ width: 200 }}
    />
  );
}
