// §2.6 header: function-type buttons, company and project, large-screen switch, monitoring indicator,
// unread notices, clock and the user menu.
import { Badge, Button, Tag, Tooltip } from 'antd';
import { usePhone } from '../../lib/ui/use-phone';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import DesktopOutlined from '@ant-design/icons/es/icons/DesktopOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import FundProjectionScreenOutlined from '@ant-design/icons/es/icons/FundProjectionScreenOutlined';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FUNCTION_TYPE_SCREEN, type MenuFunctionType } from '../../../common/constants';
import { useUnreadNoticeCount } from '../../features/notices/useUnreadNoticeCount';
import { HOME_PATH, chooseFunctionType, toggleSidebar } from '../../lib/session/actions';
import { requestNavigation, sessionStore, useSession } from '../../lib/session/store';
import { pathExistsInMode } from '../router/menu-model';
import { CompanySelector } from './CompanySelector';
import { FunctionTypeButtons } from './FunctionTypeButtons';
import { HeaderClock } from './HeaderClock';
import { ProjectSelector } from './ProjectSelector';
import { largeScreenPath } from './screen-links';
import { UserMenu } from './UserMenu';

export const NOTICES_PATH = '/MessageNotification/MessageNotifications';

/** The 大屏 buttons' target: the first built screen of the user's kind (never a placeholder). */
function currentLargeScreenPath(): string {
  const { userInfo, project } = sessionStore.get();
  return largeScreenPath(userInfo?.UserAuthType, project?.id ?? userInfo?.AuthProjectID, userInfo?.CompanyType);
}

/**
 * §4 Function type: stores curMenuFunctionType and rebuilds the menu; leaves a page the mode lacks. The
 * 大屏 button (function type 1) also opens the first built screen, so it never leads nowhere.
 */
export function switchFunctionType(t: MenuFunctionType, pathname: string): void {
  if (t === FUNCTION_TYPE_SCREEN) requestNavigation(currentLargeScreenPath());
  if (sessionStore.get().functionType === t) return;
  if (t !== FUNCTION_TYPE_SCREEN && !pathExistsInMode(sessionStore.get().menu, t, pathname, sessionStore.get().roles)) requestNavigation(HOME_PATH);
  chooseFunctionType(t);
}

function NoticeBell() {
  const { count } = useUnreadNoticeCount();
  return (
    <Tooltip title="消息通知">
      <Link to={NOTICES_PATH} className="header-icon-link" aria-label={`消息通知，未读 ${count} 条`}>
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}

export function HeaderBar() {
  const info = useSession((s) => s.userInfo);
  const functionType = useSession((s) => s.functionType);
  const collapsed = useSession((s) => s.collapsed);
  const device = useSession((s) => s.device);
  const drawerOpen = useSession((s) => s.drawerOpen);
  const project = useSession((s) => s.project);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = device === 'mobile';
  // On a phone (narrower than antd's sm, 576 px) the company selector moves into the menu drawer
  // (BackOfficeLayout) and 数据大屏 leaves the header (企业大屏 beside 企业管理后台 leads to the screens):
  // the header held nine controls on 390 px and cut the company's name to nothing.
  const phone = usePhone();
  const folded = mobile ? !drawerOpen : collapsed;

  const toLargeScreen = () => {
    const target = currentLargeScreenPath();
    // Screen routes belong to function type 1 (§2.1), so the switch selects it first.
    if (functionType !== FUNCTION_TYPE_SCREEN) {
      requestNavigation(target);
      chooseFunctionType(FUNCTION_TYPE_SCREEN);
    } else {
      navigate(target);
    }
  };

  return (
    <div className="layout-header-inner">
      <div className="header-left">
        <Button
          type="text"
          className="header-toggle"
          aria-label={folded ? '展开菜单' : '收起菜单'}
          icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggleSidebar}
        />
        <FunctionTypeButtons authType={info?.UserAuthType} functionType={functionType} onChoose={(t) => switchFunctionType(t, pathname)} />
        {info?.monitorShow && (
          <Tag color="orange" icon={<EyeOutlined />} className="header-monitor-tag">
            监视模式{info.monitorInfo?.name ? `：${info.monitorInfo.name}` : ''}
          </Tag>
        )}
      </div>
      <div className="header-right">
        {!phone && <CompanySelector />}
        {functionType === FUNCTION_TYPE_SCREEN ? (
          <ProjectSelector />
        ) : (
          project?.name && <span className="header-project">{project.name}</span>
        )}
        {!phone && (
          <Tooltip title="切换到大屏">
            <Button icon={<FundProjectionScreenOutlined />} onClick={toLargeScreen} className="header-screen-button">
              {mobile ? null : '数据大屏'}
            </Button>
          </Tooltip>
        )}
        {!mobile && <HeaderClock />}
        {/* 工作台 (/indexHomes, docs/workbench.md): my pending tasks, reached from every back-office page. */}
        <Tooltip title="工作台：我的待办">
          <Link to="/indexHomes" className="header-icon-link" aria-label="工作台">
            <DesktopOutlined style={{ fontSize: 18 }} />
          </Link>
        </Tooltip>
        <NoticeBell />
        <UserMenu />
      </div>
    </div>
  );
}
