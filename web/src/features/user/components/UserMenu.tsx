import { useNavigate } from 'react-router';
import { Avatar, Button, Dropdown, LogoutOutlined, UserOutlined } from '../../../components/ui';
import type { MenuProps } from '../../../components/ui';
import { paths } from '../../../app/routes/paths';
import { useSignOut } from '../../auth/hooks/useSignOut';
import type { Me } from '../hooks/useMe';

export function UserMenu({ me }: { me?: Me }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const projectId = me?.currentProject?.id;
  const label = me?.name || [me?.firstName, me?.lastName].filter(Boolean).join(' ') || me?.email || 'Account';

  const items: MenuProps['items'] = [
    ...(projectId ? [{ key: 'profile', icon: <UserOutlined />, label: 'Profile' }] : []),
    { key: 'signout', icon: <LogoutOutlined />, label: 'Sign out' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile' && projectId) navigate(paths.settings(projectId, 'user/profile'));
    if (key === 'signout') void signOut();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" style={{ color: '#fff' }} aria-label="User menu">
        <Avatar size="small" src={me?.picture ?? undefined} icon={<UserOutlined />} />
        {label}
      </Button>
    </Dropdown>
  );
}
