import { useParams } from 'react-router';
import { DashboardView } from '../../../../features/dashboard/components/DashboardView';

/** A dashboard of tiles pinned from threads (home/dashboard/[id]). */
export function DashboardPage() {
  const { projectId = '', dashboardId = '' } = useParams();
  return <DashboardView key={dashboardId} projectId={projectId} dashboardId={dashboardId} />;
}
