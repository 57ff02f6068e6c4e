import { describe, expect, it } from 'vitest';
import { groupFolderTree, listed, type TreeItem } from './folderTree';

const item = (kind: TreeItem['kind'], id: string, folderId: string | null, shared = false): TreeItem => ({
  kind,
  id,
  name: `${kind} ${id}`,
  folderId,
  shared,
  createdBy: 'u1',
  updatedAt: '2026-11-25T08:00:00Z',
});

describe('groupFolderTree', () => {
  const folders = [{ id: 'f1', name: 'Finance' }, { id: 'f2', name: 'Sales' }];

  it('files threads and dashboards under their folder, the rest in my space, in order', () => {
    const items = [
      item('THREAD', 't1', null),
      item('DASHBOARD', 'd1', 'f2'),
      item('THREAD', 't2', 'f1'),
      item('DASHBOARD', 'd2', null),
      item('THREAD', 't3', 'f1'),
    ];
    const tree = groupFolderTree(folders, items);
    expect(tree.folders.map((g) => [g.folder.name, g.threads.map((t) => t.id), g.dashboards.map((d) => d.id)])).toEqual([
      ['Finance', ['t2', 't3'], []],
      ['Sales', [], ['d1']],
    ]);
    expect(tree.mySpace.threads.map((t) => t.id)).toEqual(['t1']);
    expect(tree.mySpace.dashboards.map((d) => d.id)).toEqual(['d2']);
  });

  it('lists a shared thread both in its own space and, marked shared, in the folder it was shared into', () => {
    const tree = groupFolderTree(folders, [item('THREAD', 't1', null), item('THREAD', 't1', 'f2', true)]);
    expect(tree.mySpace.threads).toEqual([expect.objectContaining({ id: 't1', shared: false })]);
    expect(tree.folders[1].threads).toEqual([expect.objectContaining({ id: 't1', shared: true })]);
  });

  it('keeps empty folders and leaves out items of folders not listed', () => {
    const tree = groupFolderTree(folders, [item('THREAD', 't9', 'gone')]);
    expect(tree.folders.every((g) => listed(g).length === 0)).toBe(true);
    expect(tree.mySpace).toEqual({ threads: [], dashboards: [], spreadsheets: [] });
  });

  it('files spreadsheets under their folder or in my space, listed after dashboards and before threads', () => {
    const items = [
      item('SPREADSHEET', 's1', 'f1'),
      item('THREAD', 't1', 'f1'),
      item('SPREADSHEET', 's2', null),
      item('DASHBOARD', 'd1', 'f1'),
      item('SPREADSHEET', 's3', 'gone'),
    ];
    const tree = groupFolderTree(folders, items);
    expect(tree.folders[0].spreadsheets.map((s) => s.id)).toEqual(['s1']);
    expect(listed(tree.folders[0]).map((i) => i.id)).toEqual(['d1', 's1', 't1']);
    expect(tree.mySpace.spreadsheets.map((s) => s.id)).toEqual(['s2']);
    expect(tree.mySpace.threads).toEqual([]);
  });
});
