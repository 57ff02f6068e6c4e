import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Result, Tabs, Typography } from '../../../../components/ui';
import { LoadingState } from '../../../../components/page/PageStates';
import { paths, type DataSecurityTab } from '../../../../app/routes/paths';
import { useMe } from '../../../../features/user/hooks/useMe';
import { useProjectPermissions } from '../../../../features/user/hooks/useProjectPermissions';

const TABS: { key: DataSecurityTab; label: string }[] = [
  { key: 'row-level', label: 'Row-level' },
  { key: 'column-level', label: 'Column-level' },
  { key: 'session-property', label: 'Session properties' },
];

/** data-security: the project's owners decide who sees which rows and columns. */
export function DataSecurityLayout() {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { me } = useMe();
  const here = useProjectPermissions(projectId);
  const active = TABS.find((tab) => pathname.endsWith(`/${tab.key}`))?.key ?? 'row-level';
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Data security
      </Typography.Title>
      {!me && <LoadingState />}
      {me && here && !here.canManageDataSecurity && (
        <Result status="403" title="Only the project's owners manage data security." subTitle="Ask an owner of this project if you need a policy changed." />
      )}
      {me && (!here || here.canManageDataSecurity) && (
        <>
          <Tabs
            activeKey={active}
            items={TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
            onChange={(key) => navigate(paths.dataSecurity(projectId, key as DataSecurityTab))}
          />
          <Outlet />
        </>
      )}
    </div>
  );
}
