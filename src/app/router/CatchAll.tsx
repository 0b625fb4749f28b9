// The last route. A page of the other function type (a bookmark of a back-office page opened while the
// large-screen menu is chosen, or the reverse) switches the function type and stays on the address;
// anything else goes to /404.
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { chooseFunctionType } from '../../lib/session/actions';
import { useSession } from '../../lib/session/store';
import { pathExistsInMode } from './menu-model';
import { PageLoading } from './ViewElement';

export function CatchAll() {
  const { pathname } = useLocation();
  const loggedIn = useSession((s) => !!s.token && s.userInfo !== null);
  const menu = useSession((s) => s.menu);
  const functionType = useSession((s) => s.functionType);
  const roles = useSession((s) => s.roles);
  const other = functionType === 1 ? 0 : 1;
  // With the roles: a fixed route the role may not open (/DevelopmentConfig for a non-administrator) is
  // in neither mode, so it goes to /404 instead of switching modes back and forth for ever.
  const inOtherMode = loggedIn && pathExistsInMode(menu, other, pathname, roles);
  useEffect(() => {
    if (inOtherMode) chooseFunctionType(other);
  }, [inOtherMode, other]);
  return inOtherMode ? <PageLoading /> : <Navigate to="/404" replace />;
}
