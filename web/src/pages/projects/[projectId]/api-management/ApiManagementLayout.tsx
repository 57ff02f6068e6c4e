import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Tabs, Typography } from '../../../../components/ui';
import { LoadingState } from '../../../../components/page/PageStates';
import { paths, type ApiManagementTab } from '../../../../app/routes/paths';
import { NoApiAccess } from '../../../../features/apiManagement/components/NoApiAccess';
import { useApiManagementAccess } from '../../../../features/apiManagement/hooks/useApiManagementAccess';

const TABS: { key: ApiManagementTab; label: string }[] = [
  { key: 'history', label: 'API history' },
  { key: 'keys', label: 'API keys' },
  { key: 'reference', label: 'Reference' },
];

export function ApiManagementLayout() {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const access = useApiManagementAccess(projectId);
  const active = TABS.find((tab) => pathname.endsWith(`/${tab.key}`))?.key ?? 'history';
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        API
      </Typography.Title>
      {access.status === 'loading' && <LoadingState />}
      {access.status === 'denied' && <NoApiAccess />}
      {access.status === 'allowed' && (
        <>
          <Tabs
            activeKey={active}
            items={TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
            onChange={(key) => navigate(paths.apiManagement(projectId, key as ApiManagementTab))}
          />
          <Outlet />
        </>
      )}
    </div>
  );
}
