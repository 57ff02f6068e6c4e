import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Tabs, Typography } from '../../../../components/ui';
import { paths } from '../../../../app/routes/paths';

const TABS = [
  { key: 'question-sql-pairs', label: 'Question-SQL pairs' },
  { key: 'instructions', label: 'Instructions' },
] as const;

export function KnowledgeLayout() {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => pathname.endsWith(tab.key))?.key ?? 'question-sql-pairs';
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Knowledge
      </Typography.Title>
      <Tabs
        activeKey={active}
        items={TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(key) => navigate(paths.knowledge(projectId, key as (typeof TABS)[number]['key']))}
      />
      <Outlet />
    </div>
  );
}
