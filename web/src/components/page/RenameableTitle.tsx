import { Typography } from '../ui';

/**
 * A page's heading that its editors rename in place (pencil icon). `onRename` hears only a
 * non-blank name that differs from the current one.
 */
export function RenameableTitle({ name, canEdit, onRename, testId }: {
  name: string;
  canEdit: boolean;
  onRename: (name: string) => void;
  testId: string;
}) {
  const change = (next: string) => {
    if (next.trim() && next !== name) onRename(next);
  };
  return (
    <Typography.Title
      level={3}
      style={{ margin: 0, minWidth: 0, flex: '1 1 240px' }}
      editable={canEdit ? { onChange: change, tooltip: 'Rename', maxLength: 200, triggerType: ['icon'] } : false}
      data-testid={testId}
    >
      {name}
    </Typography.Title>
  );
}
