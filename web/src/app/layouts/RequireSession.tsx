import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, LoadingState } from '../../components/page/PageStates';
import { useSession } from '../../features/auth/hooks/useSession';
import { paths } from '../routes/paths';

/** Protected pages: GET /api/auth/session without a user sends to sign in. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingState fullPage />;
  if (session.status === 'error') {
    return <ErrorState title="Failed to check your session." message={session.error.message} onRetry={session.refresh} />;
  }
  if (session.status === 'signed-out') {
    return <Navigate to={paths.signIn} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
