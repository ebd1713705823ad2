import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../hooks/useSession';
import { hasAnyRole } from './roles';

/**
 * Spec A §5/§6: the route declares roles; a user holding none of them goes to /unauthorized.
 * Sits inside AuthGuard, which has already made sure there is a user.
 */
export default function RoleGuard({ roles }: { roles: readonly string[] }) {
  const { user } = useSession();
  if (!user || !hasAnyRole(user, roles)) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
