import { useMemo } from 'react';
import { useMutation, useQuery } from 'urql';
import { Form, Modal, Select, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import type { ProjectRole } from '../../../gql/graphql';
import { OrgGroupsQuery } from '../../group/graphql/group';
import { OrgMembersQuery } from '../../org/graphql/members';
import { AddProjectGroupMutation, AddProjectMemberMutation } from '../graphql/access';
import { PROJECT_ROLE_OPTIONS } from '../projectRoles';

export type PrincipalKind = 'USER' | 'GROUP';

interface AccessValues {
  principal: string;
  role: ProjectRole;
}

/**
 * Gives a member of the org (chosen by e-mail) or one of its groups a role on the project.
 * Those that already have one are left out of the choice: their role is changed in the table.
 */
export function AddProjectAccessModal({
  kind,
  projectId,
  taken,
  onClose,
}: {
  kind: PrincipalKind | null;
  projectId: string;
  /** E-mails of the project's members and ids of its groups. */
  taken: Set<string>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AccessValues>();
  const membersContext = useMemo(() => ({ additionalTypenames: ['OrgMember'] }), []);
  const groupsContext = useMemo(() => ({ additionalTypenames: ['OrgGroup'] }), []);
  const [{ data: members, fetching: loadingMembers }] = useQuery({
    query: OrgMembersQuery,
    pause: kind !== 'USER',
    context: membersContext,
  });
  const [{ data: groups, fetching: loadingGroups }] = useQuery({
    query: OrgGroupsQuery,
    pause: kind !== 'GROUP',
    context: groupsContext,
  });
  const [{ fetching: addingMember }, addMember] = useMutation(AddProjectMemberMutation);
  const [{ fetching: addingGroup }, addGroup] = useMutation(AddProjectGroupMutation);

  const options =
    kind === 'USER'
      ? (members?.me.currentOrg?.members ?? [])
          .filter((member) => !taken.has(member.email))
          .map((member) => ({ value: member.email, label: member.name ? `${member.name} (${member.email})` : member.email }))
      : (groups?.orgGroups ?? [])
          .filter((group) => !taken.has(group.id))
          .map((group) => ({
            value: group.id,
            label: `${group.name} (${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'})`,
          }));

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (kind === 'USER') {
      const result = await addMember(
        { data: { projectId, email: values.principal, role: values.role } },
        { additionalTypenames: ['ProjectMember'] },
      );
      if (result.error) return showFailureToast(result.error, 'Failed to add project member.');
      toast.success('Member added to the project.');
    } else {
      const result = await addGroup(
        { data: { projectId, groupId: values.principal, role: values.role } },
        { additionalTypenames: ['ProjectGroup'] },
      );
      if (result.error) return showFailureToast(result.error, 'Failed to add project group.');
      toast.success('Group added to the project.');
    }
    onClose();
  };

  const noun = kind === 'GROUP' ? 'group' : 'member';
  return (
    <Modal
      title={kind === 'GROUP' ? 'Add group' : 'Add member'}
      open={kind !== null}
      okText={kind === 'GROUP' ? 'Add group' : 'Add member'}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={addingMember || addingGroup}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="project-access" initialValues={{ role: 'VIEWER' }} preserve={false}>
        <Form.Item
          label={kind === 'GROUP' ? 'Group' : 'Member'}
          name="principal"
          rules={[{ required: true, message: `Please choose a ${noun}` }]}
          extra={
            kind === 'GROUP'
              ? 'Groups are made in the organization settings, under Members.'
              : 'People join the organization by invitation first.'
          }
        >
          <Select
            placeholder={kind === 'GROUP' ? 'Choose a group' : 'Choose a member by e-mail'}
            options={options}
            loading={loadingMembers || loadingGroups}
            showSearch
            optionFilterProp="label"
            notFoundContent={`No ${noun}s left to add`}
          />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[{ required: true }]}>
          <Select options={PROJECT_ROLE_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
