// The projects in the user's scope (GET /api/Project/WhereProjectList, size 100 per §9).
import { Select, type SelectProps } from 'antd';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import useSWR from 'swr';
import type { ProjectListItem } from '../../../common/wire';
import { http, unwrap } from '../../lib/http/client';
import { useSession } from '../../lib/session/store';
import type { DictOptionItem } from '../dictionary/dictionary-ref';
import { labelOf } from '../dictionary/dictionary-ref';

export const PROJECT_LIST_URL = '/api/Project/WhereProjectList';
/** §9: project dropdown fetch size 100. */
export const PROJECT_FETCH_SIZE = 100;

const fetchProjects = (userId: string): Promise<DictOptionItem[]> =>
  unwrap(http.get<ProjectListItem[]>(PROJECT_LIST_URL, { user_id: userId, index: 0, size: PROJECT_FETCH_SIZE })).then((list) =>
    (list ?? []).map((p) => ({ value: String(p.projectPosInfo.id), label: p.projectPosInfo.projectName })),
  );

function useProjects() {
  const userId = useSession((s) => s.userInfo?.UserID ?? '');
  return useSWR(['engine:projects', userId], ([, id]) => fetchProjects(id), { revalidateOnFocus: false, shouldRetryOnError: false });
}

type Props = Omit<SelectProps<string>, 'options'>;

function ProjectSelectInput(props: Props) {
  const { data, isLoading } = useProjects();
  return <Select allowClear showSearch optionFilterProp="label" options={data ?? []} loading={isLoading} {...props} value={props.value === undefined || props.value === null ? undefined : String(props.value)} />;
}

function ProjectLabel({ value }: Props) {
  const { data } = useProjects();
  return <PreviewText.Input value={labelOf(data, value)} />;
}

export const ProjectSelect = connect(ProjectSelectInput, mapReadPretty(ProjectLabel));
