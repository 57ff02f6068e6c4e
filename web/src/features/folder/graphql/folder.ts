import { graphql } from '../../../gql';

export const FolderFields = graphql(`
  fragment FolderFields on Folder {
    id
    name
    access
    createdBy
    canEdit
    canManageAccess
    members {
      id
      label
      addedAt
    }
    groups {
      id
      label
      addedAt
    }
  }
`);

export const FolderTreeQuery = graphql(`
  query FolderTree($projectId: ID!) {
    folderTree(projectId: $projectId) {
      canCreateFolders
      folders {
        ...FolderFields
      }
      items {
        kind
        id
        name
        folderId
        shared
        createdBy
        updatedAt
      }
    }
  }
`);

export const CreateFolderMutation = graphql(`
  mutation CreateFolder($projectId: ID!, $data: CreateFolderInput!) {
    createFolder(projectId: $projectId, data: $data) {
      ...FolderFields
    }
  }
`);

export const UpdateFolderMutation = graphql(`
  mutation UpdateFolder($projectId: ID!, $folderId: ID!, $data: UpdateFolderInput!) {
    updateFolder(projectId: $projectId, folderId: $folderId, data: $data) {
      ...FolderFields
    }
  }
`);

export const DeleteFolderMutation = graphql(`
  mutation DeleteFolder($projectId: ID!, $folderId: ID!) {
    deleteFolder(projectId: $projectId, folderId: $folderId)
  }
`);

export const AddFolderMemberMutation = graphql(`
  mutation AddFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {
    addFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {
      ...FolderFields
    }
  }
`);

export const RemoveFolderMemberMutation = graphql(`
  mutation RemoveFolderMember($projectId: ID!, $folderId: ID!, $userId: ID!) {
    removeFolderMember(projectId: $projectId, folderId: $folderId, userId: $userId) {
      ...FolderFields
    }
  }
`);

export const AddFolderGroupMutation = graphql(`
  mutation AddFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {
    addFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {
      ...FolderFields
    }
  }
`);

export const RemoveFolderGroupMutation = graphql(`
  mutation RemoveFolderGroup($projectId: ID!, $folderId: ID!, $groupId: ID!) {
    removeFolderGroup(projectId: $projectId, folderId: $folderId, groupId: $groupId) {
      ...FolderFields
    }
  }
`);

export const ShareToFolderMutation = graphql(`
  mutation ShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {
    shareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)
  }
`);

export const RevokeShareToFolderMutation = graphql(`
  mutation RevokeShareToFolder($projectId: ID!, $folderId: ID!, $threadId: ID!) {
    revokeShareToFolder(projectId: $projectId, folderId: $folderId, threadId: $threadId)
  }
`);

export const SwitchFolderMutation = graphql(`
  mutation SwitchFolder($projectId: ID!, $kind: FolderItemKind!, $itemId: ID!, $folderId: ID) {
    switchFolder(projectId: $projectId, kind: $kind, itemId: $itemId, folderId: $folderId)
  }
`);
