// Renders a feature as the app does: inside antd App (message/modal hooks), a router, and a fresh swr cache.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders } from '../support/providers';
import { SWRConfig } from 'swr';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function LoginProbe() {
  const { search } = useLocation();
  return <div>登录页{search}</div>;
}

export function renderFeature(ui: ReactElement, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
      <AppProviders>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>
    </SWRConfig>,
  );
}
