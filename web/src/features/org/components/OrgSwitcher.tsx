import { useState } from 'react';
import { useQuery } from 'urql';
import { Button, Dropdown, Tag, DownOutlined, PlusOutlined, TeamOutlined } from '../../../components/ui';
import type { MenuProps } from '../../../components/ui';
import { OrgsQuery } from '../graphql/org';
import { useSwitchOrg } from '../hooks/useSwitchOrg';
import { CreateOrgModal } from './CreateOrgModal';

const CREATE_ORG_KEY = '__create_org__';

export function OrgSwitcher({ currentOrg }: { currentOrg?: { id: string; name: string } | null }) {
  const [{ data }] = useQuery({ query: OrgsQuery });
  const [creating, setCreating] = useState(false);
  const { switchOrg, enterNewOrg, switching } = useSwitchOrg();

  const orgs = data?.orgs ?? [];
  const items: MenuProps['items'] = [
    ...(orgs.length > 0
      ? [
          {
            type: 'group' as const,
            label: 'Organizations',
            children: orgs.map((org) => ({
              key: org.id,
              label:
                org.state === 'DELETING' ? (
                  <>
                    {org.name} <Tag color="red">Deleting</Tag>
                  </>
                ) : (
                  org.name
                ),
            })),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: CREATE_ORG_KEY, icon: <PlusOutlined />, label: 'Create organization' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === CREATE_ORG_KEY) setCreating(true);
    else if (key !== currentOrg?.id) void switchOrg(key);
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick, selectable: true, selectedKeys: currentOrg ? [currentOrg.id] : [] }}
        trigger={['click']}
      >
        <Button type="text" loading={switching} style={{ color: '#fff' }} aria-label="Switch organization">
          <TeamOutlined />
          {currentOrg?.name ?? 'No organization'}
          <DownOutlined />
        </Button>
      </Dropdown>
      <CreateOrgModal open={creating} onClose={() => setCreating(false)} onCreated={enterNewOrg} />
    </>
  );
}
