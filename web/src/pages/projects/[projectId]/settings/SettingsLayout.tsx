import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Layout, Menu, Select } from '../../../../components/ui';
import { useNarrow } from '../../../../components/page/useNarrow';
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
  const navigate = useNavigate();
  const narrow = useNarrow();
  const items: MenuProps['items'] = SETTINGS_SECTIONS.map(({ group, items: sections }) => ({
    type: 'group',
    key: group,
    label: group,
    children: sections.map(([section, label]) => ({
      key: paths.settings(projectId, section),
      label: <Link to={paths.settings(projectId, section)}>{label}</Link>,
    })),
  }));

  // A phone: the sections in a picker above the page, which keeps the width. One tree for both
  // widths, the page in the same place in it (a rotated phone keeps what a form holds).
  const options = SETTINGS_SECTIONS.map(({ group, items: sections }) => ({
    label: group,
    title: group,
    options: sections.map(([section, label]) => ({ value: paths.settings(projectId, section), label: `${group}: ${label}` })),
  }));
  return (
    <Layout style={{ maxWidth: 1200, margin: '0 auto', background: 'transparent', gap: narrow ? 12 : 0 }}>
      {narrow ? (
        <nav aria-label="Settings">
          <Select
            aria-label="Settings section"
            style={{ width: '100%' }}
            value={pathname.replace(/\/+$/, '')}
            options={options}
            onChange={(to: string) => void navigate(to)}
          />
        </nav>
      ) : (
        <Layout.Sider width={220} theme="light" style={{ background: 'transparent' }}>
          <nav aria-label="Settings">
            <Menu mode="inline" items={items} selectedKeys={[pathname.replace(/\/+$/, '')]} style={{ background: 'transparent' }} />
          </nav>
        </Layout.Sider>
      )}
      <Layout.Content style={{ paddingLeft: narrow ? 0 : 24, minWidth: 0 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
