import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../hooks/useSession';
import { loginUrl } from '../navigation/return-url';
import LoadingPage from '../screens/LoadingPage';

/**
 * Spec A §5/§6: the child routes need a logged-in user. While the start-up check of a
 * session that exists only as cookies is running, it waits; if no user can be had, it sends
 * the visitor to log in and come back here.
 */
export default function AuthGuard() {
  const { user, checked, endedReason } = useSession();
  const location = useLocation();
  if (user) return <Outlet />;
  if (!checked) return <LoadingPage />;
  const returnUrl = `${location.pathname}${location.search}`;
  return <Navigate to={loginUrl({ returnUrl, ...(endedReason ? { reason: endedReason } : {}) })} replace />;
}
