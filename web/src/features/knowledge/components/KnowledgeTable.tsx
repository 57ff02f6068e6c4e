import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Table, Typography, DeleteOutlined, EditOutlined, PlusOutlined } from '../../../components/ui';
import type { TableColumnsType } from '../../../components/ui';
import { EmptyState } from '../../../components/page/PageStates';

/** A knowledge list: what it is for, an add button, the rows with edit and delete. */
export function KnowledgeTable<Row extends { id: string }>({
  intro,
  addLabel,
  onAdd,
  columns,
  rows,
  describe,
  onEdit,
  onDelete,
  deleteTitle,
  deleteDescription,
}: {
  intro: ReactNode;
  addLabel: string;
  onAdd: () => void;
  columns: TableColumnsType<Row>;
  rows: Row[];
  /** Names a row in the action buttons' labels. */
  describe: (row: Row) => string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  deleteTitle: string;
  deleteDescription: string;
}) {
  const actions: TableColumnsType<Row>[number] = {
    title: '',
    key: 'actions',
    align: 'right',
    width: 100,
    render: (_, row) => (
      <Flex gap={4} justify="end">
        <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${describe(row)}`} onClick={() => onEdit(row)} />
        <Popconfirm title={deleteTitle} description={deleteDescription} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete(row)}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${describe(row)}`} />
        </Popconfirm>
      </Flex>
    ),
  };
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 640 }}>
          {intro}
        </Typography.Paragraph>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Flex>
      <Table
        rowKey="id"
        columns={[...columns, actions]}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <EmptyState /> }}
      />
    </>
  );
}
