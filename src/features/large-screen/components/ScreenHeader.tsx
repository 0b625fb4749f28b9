// §2.5 large-screen header: the menu set chosen by the `id` query split in halves around the title (only
// entries of built screens, the current one highlighted: screen-targets.ts), the
// project name (20 < sortId < 100), project selector, clock, fullscreen (button and F11), refresh,
// 管理后台, 返回 (job_namehome=006) and the user dropdown.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import FullscreenExitOutlined from '@ant-design/icons/es/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/es/icons/FullscreenOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import RollbackOutlined from '@ant-design/icons/es/icons/RollbackOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { useLocation, useNavigate } from 'react-router-dom';
import { FUNCTION_TYPE_BACKEND, REFRESH_DELAY_MS } from '../../../../common/constants';
import { chooseFunctionType, page } from '../../../lib/session/actions';
import { requestNavigation, sessionStore, useSession } from '../../../lib/session/store';
import { FULLSCREEN_UNSUPPORTED, isFullscreen, toggleFullscreen, useF11 } from '../fullscreen';
import {
  MENU_KIND_TITLES,
  adminBackendTarget,
  entryHref,
  headerLevelFor,
  menuKindForSortId,
  showsBackButton,
  showsProjectName,
  splitHalves,
  type ScreenMenuEntry,
  type ScreenQuery,
} from '../menus';
import { useProjectFeatures } from '../data/project-features';
import { currentShownEntry, shownEntries, withoutLacking } from '../screen-targets';
import type { ScreenDef } from '../screens';
import { ScreenClock } from './ScreenClock';
import { ScreenUserMenu } from './ScreenUserMenu';
import { useMessage } from '../../../lib/ui/message';
import { useProjectList } from '../../../lib/session/use-project-choice';

// Only project-level headers show the selector (antd Select): loaded with them, not with every screen
// (issue 11 delivery: the enterprise overview loads only what it shows).
const ScreenProjectSelector = lazy(() => import('./ScreenProjectSelector').then((m) => ({ default: m.ScreenProjectSelector })));

/** §2.5: the fullscreen toggle also switches between the concrete screen and the production screen. */
export const FULLSCREEN_PAIR = { windowed: '/ProjectScreen/concrete', fullscreen: '/ProductionScreen' } as const;

type MenuHalfProps = { entries: readonly ScreenMenuEntry[]; side: 'left' | 'right'; activeId: number | undefined; onOpen(e: ScreenMenuEntry): void };

function MenuHalf({ entries, side, activeId, onOpen }: MenuHalfProps) {
  return (
    <nav className={`ls-menu ls-menu-${side}`} aria-label={side === 'left' ? '大屏菜单（左）' : '大屏菜单（右）'}>
      {entries.map((e) => (
        <button
          key={e.id}
          type="button"
          data-menu-id={e.id}
          className={`ls-menu-item${e.id === activeId ? ' is-active' : ''}`}
          aria-current={e.id === activeId ? 'page' : undefined}
          title={e.label}
          onClick={() => onOpen(e)}
        >
          {e.label}
        </button>
      ))}
    </nav>
  );
}

function useFullscreenState(): boolean {
  const [on, setOn] = useState(() => isFullscreen());
  useEffect(() => {
    const sync = () => setOn(isFullscreen());
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  return on;
}

export type ScreenHeaderProps = { screen: ScreenDef | undefined; query: ScreenQuery };

export function ScreenHeader({ screen, query }: ScreenHeaderProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const message = useMessage();
  const sessionProjectName = useSession((s) => s.project?.name);
  // The address's project (pjctid1) wins over the session's in the title as in the picker and the panels.
  const { projects } = useProjectList(showsProjectName(query.sortId) && query.pjctid1 !== undefined);
  const projectName = query.pjctid1 === undefined ? sessionProjectName : projects.find((p) => p.id === query.pjctid1)?.name;
  const fullscreen = useFullscreenState();

  // The plant's screens show the plant's set; elsewhere §2.5 chooses by id / sortId (menus.ts).
  const level = headerLevelFor(screen?.path ?? pathname, query.id, query.sortId);
  // Only entries of built screens, each opening one (src/features/large-screen/screen-targets.ts).
  const all = useMemo(() => shownEntries(level, query.sortId), [level, query.sortId]);
  const current = currentShownEntry(all, query.id, pathname, level, query.sortId);
  // A project's header leaves out what the project has nothing for (no tunnel, no plant supplying it).
  const { features, settled } = useProjectFeatures(level === 'project', query.pjctid1);
  const entries = withoutLacking(all, features, current);
  const [left, right] = splitHalves(entries);
  const kindTitle = MENU_KIND_TITLES[menuKindForSortId(query.sortId)];

  const open = (e: ScreenMenuEntry) => {
    const href = entryHref(e, new URLSearchParams(search));
    if (href) navigate(href);
  };

  const onToggleFullscreen = useCallback(async () => {
    try {
      const result = await toggleFullscreen();
      if (result === 'unsupported') {
        void message.warning(FULLSCREEN_UNSUPPORTED);
      } else if (result === 'entered' && pathname === FULLSCREEN_PAIR.windowed) {
        navigate(`${FULLSCREEN_PAIR.fullscreen}${search}`);
      } else if (result === 'exited' && pathname === FULLSCREEN_PAIR.fullscreen) {
        navigate(`${FULLSCREEN_PAIR.windowed}${search}`);
      }
    } catch {
      void message.warning('切换全屏失败');
    }
  }, [message, navigate, pathname, search]);
  useF11(useCallback(() => void onToggleFullscreen(), [onToggleFullscreen]));

  const refresh = () => {
    setTimeout(() => page.reload(), REFRESH_DELAY_MS);
  };

  const toBackOffice = () => {
    const target = adminBackendTarget(current, screen?.backOffice, sessionStore.get().menu);
    // Back-office pages belong to function type 0 (§2.1): choose it first, then go.
    if (sessionStore.get().functionType !== FUNCTION_TYPE_BACKEND) {
      requestNavigation(target);
      chooseFunctionType(FUNCTION_TYPE_BACKEND);
    } else {
      navigate(target);
    }
  };

  return (
    <header className="ls-header" data-entries={settled ? 'settled' : 'pending'}>
      <div className="ls-tools ls-tools-left">
        {showsBackButton(new URLSearchParams(search)) && (
          <button type="button" className="ls-tool" onClick={() => navigate(-1)}>
            <RollbackOutlined /> 返回
          </button>
        )}
        {level === 'project' && (
          <Suspense fallback={null}>
            <ScreenProjectSelector addressed={query.pjctid1} />
          </Suspense>
        )}
        <ScreenClock />
      </div>
      <div className="ls-title">
        <h1 className="ls-title-text">{kindTitle}</h1>
        {showsProjectName(query.sortId) && projectName && <div className="ls-title-project">{projectName}</div>}
      </div>
      <div className="ls-tools ls-tools-right">
        <button type="button" className="ls-tool" aria-label={fullscreen ? '退出全屏' : '全屏'} onClick={() => void onToggleFullscreen()}>
          {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        </button>
        <button type="button" className="ls-tool" aria-label="刷新" onClick={refresh}>
          <ReloadOutlined />
        </button>
        <button type="button" className="ls-tool ls-tool-text" onClick={toBackOffice}>
          <SettingOutlined /> 管理后台
        </button>
        <ScreenUserMenu />
      </div>
      <MenuHalf entries={left} side="left" activeId={current?.id} onOpen={open} />
      <MenuHalf entries={right} side="right" activeId={current?.id} onOpen={open} />
    </header>
  );
}
