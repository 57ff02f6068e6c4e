import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Flex, List, Modal, Radio, Select, Typography } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { FolderAccessKind } from '../../../gql/graphql';
import { OrgGroupsQuery } from '../../group/graphql/group';
import { OrgMembersQuery } from '../../org/graphql/members';
import {
  AddFolderGroupMutation,
  AddFolderMemberMutation,
  RemoveFolderGroupMutation,
  RemoveFolderMemberMutation,
  UpdateFolderMutation,
} from '../graphql/folder';
import { ACCESS_LABELS, type Folder } from '../folderTree';

const ACCESS_HELP: Record<FolderAccessKind, string> = {
  ANYONE_IN_PROJECT: 'Everyone with a role on the project sees what is in it.',
  PRIVATE: 'Only its creator and the project owners see it.',
  SPECIFIC: 'Only the members and groups listed below (and the project owners) see it.',
};

/** Who sees a folder (project owners): its access kind, and for SPECIFIC its members and groups. */
export function FolderAccessModal({ projectId, folder, onClose }: { projectId: string; folder: Folder; onClose: () => void }) {
  const [{ fetching: saving }, update] = useMutation(UpdateFolderMutation);
  const changeAccess = async (access: FolderAccessKind) => {
    const result = await update({ projectId, folderId: folder.id, data: { access } }, { additionalTypenames: ['FolderTree'] });
    if (result.error) showFailureToast(result.error, 'Failed to update folder.');
  };
  return (
    <Modal title={`Who sees "${folder.name}"`} open onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} destroyOnHidden>
      <Flex vertical gap={16}>
        <Radio.Group
          aria-label="Folder access"
          value={folder.access}
          disabled={saving}
          onChange={(e) => void changeAccess(e.target.value as FolderAccessKind)}
          options={(Object.keys(ACCESS_LABELS) as FolderAccessKind[]).map((value) => ({ value, label: ACCESS_LABELS[value] }))}
        />
        <Typography.Text type="secondary">{ACCESS_HELP[folder.access]}</Typography.Text>
        {folder.access === 'SPECIFIC' && (
          <>
            <FolderMembers projectId={projectId} folder={folder} />
            <FolderGroups projectId={projectId} folder={folder} />
          </>
        )}
      </Flex>
    </Modal>
  );
}

function PrincipalList({ title, principals, onRemove, picker }: {
  title: string;
  principals: Folder['members'];
  onRemove: (id: string) => void;
  picker: React.ReactNode;
}) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{title}</Typography.Text>
      {picker}
      <List
        size="small"
        bordered
        dataSource={principals}
        locale={{ emptyText: `No ${title.toLowerCase()} yet` }}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="remove" size="small" type="link" danger onClick={() => onRemove(p.id)} aria-label={`Remove ${p.label}`}>
                Remove
              </Button>,
            ]}
          >
            {p.label}
          </List.Item>
        )}
      />
    </Flex>
  );
}

function AddRow({ placeholder, options, loading, onAdd }: {
  placeholder: string;
  options: { value: string; label: string }[];
  loading: boolean;
  onAdd: (id: string) => Promise<void>;
}) {
  const [value, setValue] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!value) return;
    setBusy(true);
    await onAdd(value).finally(() => setBusy(false));
    setValue(undefined);
  };
  return (
    <Flex gap={8}>
      <Select
        aria-label={placeholder}
        style={{ flex: 1, minWidth: 0 }}
        placeholder={placeholder}
        options={options}
        loading={loading}
        value={value}
        onChange={setValue}
        showSearch
        optionFilterProp="label"
        notFoundContent="Nobody left to add"
      />
      <Button onClick={add} disabled={!value} loading={busy}>
        Add
      </Button>
    </Flex>
  );
}

function FolderMembers({ projectId, folder }: { projectId: string; folder: Folder }) {
  const context = useMemo(() => ({ additionalTypenames: ['OrgMember'] }), []);
  const [{ data, fetching }] = useQuery({ query: OrgMembersQuery, context });
  const [, add] = useMutation(AddFolderMemberMutation);
  const [, remove] = useMutation(RemoveFolderMemberMutation);
  const listed = new Set(folder.members.map((m) => m.id));
  const options = (data?.me.currentOrg?.members ?? [])
    .filter((m) => !listed.has(m.userId))
    .map((m) => ({ value: m.userId, label: m.name ? `${m.name} (${m.email})` : m.email }));
  const tree = { additionalTypenames: ['FolderTree'] };
  return (
    <PrincipalList
      title="Members"
      principals={folder.members}
      picker={
        <AddRow
          placeholder="Add a member of the organization"
          options={options}
          loading={fetching}
          onAdd={async (userId) => {
            const result = await add({ projectId, folderId: folder.id, userId }, tree);
            if (result.error) showFailureToast(result.error, 'Failed to add folder member.');
          }}
        />
      }
      onRemove={async (userId) => {
        const result = await remove({ projectId, folderId: folder.id, userId }, tree);
        if (result.error) showFailureToast(result.error, 'Failed to remove folder member.');
      }}
    />
  );
}

function FolderGroups({ projectId, folder }: { projectId: string; folder: Folder }) {
  const context = useMemo(() => ({ additionalTypenames: ['OrgGroup'] }), []);
  const [{ data, fetching }] = useQuery({ query: OrgGroupsQuery, context });
  const [, add] = useMutation(AddFolderGroupMutation);
  const [, remove] = useMutation(RemoveFolderGroupMutation);
  const listed = new Set(folder.groups.map((g) => g.id));
  const options = (data?.orgGroups ?? []).filter((g) => !listed.has(g.id)).map((g) => ({ value: g.id, label: g.name }));
  const tree = { additionalTypenames: ['FolderTree'] };
  return (
    <PrincipalList
      title="Groups"
      principals={folder.groups}
      picker={
        <AddRow
          placeholder="Add a group of the organization"
          options={options}
          loading={fetching}
          onAdd={async (groupId) => {
            const result = await add({ projectId, folderId: folder.id, groupId }, tree);
            if (result.error) showFailureToast(result.error, 'Failed to add folder group.');
          }}
        />
      }
      onRemove={async (groupId) => {
        const result = await remove({ projectId, folderId: folder.id, groupId }, tree);
        if (result.error) showFailureToast(result.error, 'Failed to remove folder group.');
      }}
    />
  );
}
