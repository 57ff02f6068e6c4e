import { useMemo, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Button, Drawer, Flex, List, Popconfirm, Select, Typography, toast, DeleteOutlined } from '../../../components/ui';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page/PageStates';
import { formatDate } from '../../../components/page/formatDate';
import { failureMessage, showFailureToast } from '../../../app/errors/operationErrors';
import { AddOrgGroupMemberMutation, OrgGroupMembersQuery, RemoveOrgGroupMemberMutation } from '../graphql/group';

export interface OrgPerson {
  userId: string;
  email: string;
  name?: string | null;
}

/** The members of one group; admins add people of the org to it and take them out. */
export function GroupMembersDrawer({
  group,
  orgMembers,
  canManage,
  onClose,
}: {
  group: { id: string; name: string } | null;
  orgMembers: OrgPerson[];
  canManage: boolean;
  onClose: () => void;
}) {
  const context = useMemo(() => ({ additionalTypenames: ['OrgGroupMember'] }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: OrgGroupMembersQuery,
    variables: { groupId: group?.id ?? '' },
    pause: !group,
    context,
  });
  const [{ fetching: adding }, addMember] = useMutation(AddOrgGroupMemberMutation);
  const [, removeMember] = useMutation(RemoveOrgGroupMemberMutation);
  const [chosen, setChosen] = useState<string | undefined>();
  const [removingId, setRemovingId] = useState<string | null>(null);
  const refetch = () => reexecute({ requestPolicy: 'network-only' });

  const members = data?.orgGroupMembers ?? [];
  const inGroup = new Set(members.map((member) => member.userId));
  const candidates = orgMembers
    .filter((person) => !inGroup.has(person.userId))
    .map((person) => ({ value: person.userId, label: person.name ? `${person.name} (${person.email})` : person.email }));

  const add = async () => {
    if (!group || !chosen) return;
    const result = await addMember({ data: { groupId: group.id, userId: chosen } }, { additionalTypenames: ['OrgMember'] });
    if (result.error) return showFailureToast(result.error, 'Failed to add group member.');
    toast.success('Added to the group.');
    setChosen(undefined);
    refetch();
  };

  const remove = async (userId: string) => {
    if (!group) return;
    setRemovingId(userId);
    const result = await removeMember({ data: { groupId: group.id, userId } }, { additionalTypenames: ['OrgMember'] });
    setRemovingId(null);
    if (result.error) return showFailureToast(result.error, 'Failed to remove group member.');
    toast.success('Removed from the group.');
    refetch();
  };

  let body;
  if (fetching && !data) body = <LoadingState />;
  else if (error && !data) {
    body = <ErrorState message={failureMessage(error, 'Failed to load group members.') ?? undefined} onRetry={refetch} />;
  } else if (members.length === 0) body = <EmptyState />;
  else {
    body = (
      <List
        aria-label="Group members"
        dataSource={members}
        renderItem={(member) => (
          <List.Item
            actions={
              canManage
                ? [
                    <Popconfirm
                      key="remove"
                      title="Remove from group"
                      description={`Take ${member.email} out of ${group?.name}?`}
                      okText="Remove"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(member.userId)}
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        loading={removingId === member.userId}
                        aria-label={`Remove ${member.email} from the group`}
                      />
                    </Popconfirm>,
                  ]
                : undefined
            }
          >
            <List.Item.Meta
              title={member.name || member.email}
              description={`${member.name ? `${member.email} · ` : ''}added ${formatDate(member.addedAt)}`}
            />
          </List.Item>
        )}
      />
    );
  }

  return (
    <Drawer
      title={group ? `Group: ${group.name}` : 'Group'}
      open={group !== null}
      onClose={onClose}
      width={480}
      destroyOnHidden
      afterOpenChange={(open) => !open && setChosen(undefined)}
    >
      {canManage && (
        <>
          <Typography.Text strong>Add a member of the organization</Typography.Text>
          <Flex gap={8} style={{ margin: '8px 0 16px' }}>
            <Select
              aria-label="Member to add"
              placeholder="Choose a member"
              options={candidates}
              value={chosen}
              onChange={setChosen}
              showSearch
              optionFilterProp="label"
              style={{ flex: 1, minWidth: 0 }}
              notFoundContent="Everyone is in this group already"
            />
            <Button type="primary" onClick={() => void add()} disabled={!chosen} loading={adding}>
              Add
            </Button>
          </Flex>
        </>
      )}
      {body}
    </Drawer>
  );
}
