import { graphql } from '../../../gql';

export const InvitationFields = graphql(`
  fragment InvitationFields on Invitation {
    id
    email
    role
    status
    createdAt
    expiresAt
    invitor {
      id
      email
      name
    }
    org {
      id
      name
    }
    projects {
      id
      displayName
      role
    }
  }
`);

export const InvitationsQuery = graphql(`
  query Invitations {
    invitations {
      ...InvitationFields
    }
  }
`);

export const InvitationByCodeQuery = graphql(`
  query InvitationByCode($code: String!) {
    invitationByCode(code: $code) {
      ...InvitationFields
    }
  }
`);

export const PendingInvitationsQuery = graphql(`
  query PendingInvitations {
    pendingInvitations {
      ...InvitationFields
    }
  }
`);

export const CreateAndSendInvitationMutation = graphql(`
  mutation CreateAndSendInvitation($data: CreateInvitationInput!) {
    createAndSendInvitation(data: $data) {
      id
      email
      role
      url
      status
      expiresAt
    }
  }
`);

export const DeleteInvitationMutation = graphql(`
  mutation DeleteInvitation($where: InvitationWhereUniqueInput!) {
    deleteInvitation(where: $where)
  }
`);

export const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($data: AcceptInvitationInput!) {
    acceptInvitation(data: $data) {
      id
      name
      myRole
    }
  }
`);
