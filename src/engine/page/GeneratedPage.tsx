// A generated CRUD page (`page:<name>` views): loads its schemas through the page registry's loader and
// renders the list screen. Lazy-loaded together with Formily (architecture §2).
import { useEffect, useState } from 'react';
import { Result, Spin } from 'antd';
import type { LoadedPage } from '../../../common/metadata/types';
import type { PageLoader } from './page-bundle';
import { ListPage } from './ListPage';

type State = { status: 'loading' } | { status: 'ready'; loaded: LoadedPage } | { status: 'error' };

export function GeneratedPage({ load }: { load: PageLoader }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load()
      .then((loaded) => live && setState({ status: 'ready', loaded }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [load]);
  if (state.status === 'loading')
    return (
      <Spin tip="加载中请稍后">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (state.status === 'error') return <Result status="error" title="页面配置加载失败" subTitle="请刷新页面重试，或联系管理员检查页面配置。" />;
  return <ListPage key={state.loaded.page.name} page={state.loaded.page} entity={state.loaded.entity} related={state.loaded.related} />;
}
