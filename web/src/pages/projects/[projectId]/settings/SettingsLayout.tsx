import { Link, Outlet, useLocation, useParams } from 'react-router';
import { Layout, Menu } from '../../../../components/ui';
import type { MenuProps } from '../../../../components/ui';
import { paths } from '../../../../app/routes/paths';

export const SETTINGS_SECTIONS = [
  {
    group: 'Project',
    items: [
      ['project/general', 'General'],
      ['project/access-control', 'Access control'],
      ['project/data-connection', 'Data connection'],
      ['project/danger-zone', 'Danger zone'],
    ],
  },
  {
    group: 'Organization',
    items: [
      ['organization/general', 'General'],
      ['organization/members', 'Members'],
      ['organization/llm', 'Language model'],
      ['organization/activity-log', 'Activity log'],
      ['organization/danger-zone', 'Danger zone'],
    ],
  },
  { group: 'User', items: [['user/profile', 'Profile'], ['user/danger-zone', 'Danger zone']] },
] as const;

export function SettingsLayout() {
  const { projectId = '' } = useParams();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = SETTINGS_SECTIONS.map(({ group, items: sections }) => ({
    type: 'group',
    key: group,
    label: group,
    children: sections.map(([section, label]) => ({
      key: paths.settings(projectId, section),
      label: <Link to={paths.settings(projectId, section)}>{label}</Link>,
    })),
  }));

  return (
    <Layout style={{ maxWidth: 1200, margin: '0 auto', background: 'transparent' }}>
      <Layout.Sider width={220} theme="light" style={{ background: 'transparent' }}>
        <nav aria-label="Settings">
          <Menu mode="inline" items={items} selectedKeys={[pathname.replace(/\/+$/, '')]} style={{ background: 'transparent' }} />
        </nav>
      </Layout.Sider>
      <Layout.Content style={{ paddingLeft: 24, minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
