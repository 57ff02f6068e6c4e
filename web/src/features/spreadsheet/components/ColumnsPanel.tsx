import { useState } from 'react';
import { Button, Checkbox, DownOutlined, Flex, HolderOutlined, Input, Typography, UpOutlined } from '../../../components/ui';
import { moveColumn, type GridColumn } from '../grid';

type Props = {
  columns: readonly GridColumn[];
  onChange: (columns: GridColumn[]) => void;
};

/**
 * The grid's columns in order: show or hide each, give it another name, and move it (drag
 * the handle, or the up and down buttons). At least one column stays shown.
 */
export function ColumnsPanel({ columns, onChange }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const shown = columns.filter((c) => !c.hidden).length;
  const update = (index: number, change: Partial<GridColumn>) => onChange(columns.map((c, i) => (i === index ? { ...c, ...change } : c)));

  return (
    <Flex vertical gap={4} role="list" aria-label="Columns" className="columns-panel">
      {columns.map((column, index) => (
        <div
          key={column.name}
          role="listitem"
          aria-label={column.name}
          className={`columns-panel__row${over === index && dragged !== null && dragged !== index ? ' is-over' : ''}${column.hidden ? ' is-hidden' : ''}`}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) onChange(moveColumn(columns, dragged, index));
            setDragged(null);
            setOver(null);
          }}
        >
          <span
            className="columns-panel__handle"
            draggable
            aria-hidden
            title="Drag to move"
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', column.name);
              setDragged(index);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
          >
            <HolderOutlined />
          </span>
          <Checkbox
            checked={!column.hidden}
            disabled={!column.hidden && shown === 1}
            aria-label={`Show ${column.name}`}
            onChange={(event) => update(index, { hidden: !event.target.checked })}
          />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Input
              size="small"
              value={column.label}
              placeholder={column.name}
              maxLength={200}
              aria-label={`Name of ${column.name}`}
              onChange={(event) => update(index, { label: event.target.value })}
            />
            {column.label.trim() && column.label.trim() !== column.name && (
              <Typography.Text type="secondary" className="columns-panel__source">
                {column.name}
              </Typography.Text>
            )}
          </Flex>
          <Button size="small" type="text" icon={<UpOutlined />} aria-label={`Move ${column.name} up`} disabled={index === 0} onClick={() => onChange(moveColumn(columns, index, index - 1))} />
          <Button
            size="small"
            type="text"
            icon={<DownOutlined />}
            aria-label={`Move ${column.name} down`}
            disabled={index === columns.length - 1}
            onClick={() => onChange(moveColumn(columns, index, index + 1))}
          />
        </div>
      ))}
    </Flex>
  );
}
