// A generated CRUD page (`page:<name>` views): loads its schemas through its loader (the server's, else the
// bundled ones: src/engine/data/page-schemas.ts) and renders the list screen; under `npm run dev` it loads
// them again when the server's schemas change and draws the edited page in place, keeping the old one until
// the new one is there (its dictionaries read again too: an edited dictionary or a new option). Lazy-loaded
// together with Formily (architecture §2).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Result, Spin } from 'antd';
import type { LoadedPage } from '../../../common/metadata/types';
import { schemaRevision, subscribeSchemas } from '../data/page-schemas';
import { dictionaries } from '../dictionary/dictionaries';
import type { PageLoader } from './page-bundle';
import { ListPage } from './ListPage';

type State = { status: 'loading' } | { status: 'ready'; loaded: LoadedPage } | { status: 'error' };

export function GeneratedPage({ load }: { load: PageLoader }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const revision = useSyncExternalStore(subscribeSchemas, schemaRevision);
  useEffect(() => {
    let live = true;
    load()
      .then((loaded) => live && setState({ status: 'ready', loaded }))
      // A failed re-read keeps the page drawn; only a first load shows the error.
      .catch(() => live && setState((now) => (now.status === 'ready' ? now : { status: 'error' })));
    return () => {
      live = false;
    };
  }, [load, revision]);
  useEffect(() => {
    if (revision > 0) dictionaries.reloadAll();
  }, [revision]);
  if (state.status === 'loading')
    return (
      <Spin tip="加载中请稍后">
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  if (state.status === 'error') return <Result status="error" title="页面配置加载失败" subTitle="请刷新页面重试，或联系管理员检查页面配置。" />;
  return <ListPage key={state.loaded.page.name} page={state.loaded.page} entity={state.loaded.entity} related={state.loaded.related} />;
}
