// The home sidebar's tree: each folder with what is filed or shared in it, and the caller's
// own space (their unfiled threads, dashboards and spreadsheets).
import type { FolderAccessKind, FolderFieldsFragment, FolderItemKind } from '../../gql/graphql';

export type TreeItem = {
  kind: FolderItemKind;
  id: string;
  name: string;
  folderId?: string | null;
  shared: boolean;
  createdBy?: string | null;
  updatedAt: string;
};

/** What one place of the tree holds, by kind. */
export type TreeItems = { threads: TreeItem[]; dashboards: TreeItem[]; spreadsheets: TreeItem[] };

export type FolderGroup<F> = { folder: F } & TreeItems;

export type GroupedTree<F> = { folders: FolderGroup<F>[]; mySpace: TreeItems };

const LIST_OF: Record<FolderItemKind, keyof TreeItems> = { THREAD: 'threads', DASHBOARD: 'dashboards', SPREADSHEET: 'spreadsheets' };

const emptyItems = (): TreeItems => ({ threads: [], dashboards: [], spreadsheets: [] });

/** A place's items in the order the sidebar lists them: dashboards, spreadsheets, threads. */
export const listed = (items: TreeItems): TreeItem[] => [...items.dashboards, ...items.spreadsheets, ...items.threads];

/**
 * Files each item under its folder (in the folders' order) or in the caller's own space,
 * keeping the items' order. Items of a folder the caller no longer sees are left out.
 */
export function groupFolderTree<F extends { id: string }>(folders: readonly F[], items: readonly TreeItem[]): GroupedTree<F> {
  const groups: FolderGroup<F>[] = folders.map((folder) => ({ folder, ...emptyItems() }));
  const byId = new Map(groups.map((group) => [group.folder.id, group]));
  const mySpace = emptyItems();
  for (const item of items) {
    const target = item.folderId ? byId.get(item.folderId) : mySpace;
    if (!target) continue;
    target[LIST_OF[item.kind]].push(item);
  }
  return { folders: groups, mySpace };
}

export const ACCESS_LABELS: Record<FolderAccessKind, string> = {
  ANYONE_IN_PROJECT: 'Anyone in the project',
  PRIVATE: 'Private',
  SPECIFIC: 'Specific people',
};

export type Folder = FolderFieldsFragment;
