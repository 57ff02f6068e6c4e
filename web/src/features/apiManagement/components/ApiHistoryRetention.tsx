import { useState } from 'react';
import { useMutation } from 'urql';
import { Button, Flex, InputNumber, Typography, toast } from '../../../components/ui';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { SetApiHistoryRetentionMutation } from '../graphql/apiManagement';

export const MAX_RETENTION_DAYS = 365;

/** "Keep history for N days": older calls are dropped by the server. */
export function ApiHistoryRetention({ projectId, days, onSaved }: { projectId: string; days: number; onSaved: () => void }) {
  const [draft, setDraft] = useState<number | null>(days);
  const [{ fetching }, save] = useMutation(SetApiHistoryRetentionMutation);
  const valid = draft !== null && draft >= 1 && draft <= MAX_RETENTION_DAYS;

  const submit = async () => {
    if (draft === null || !valid) return;
    const result = await save({ projectId, days: draft });
    if (result.error) return showFailureToast(result.error, 'Failed to update API history retention.');
    toast.success(`API history is kept for ${draft} ${draft === 1 ? 'day' : 'days'}.`);
    onSaved();
  };

  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text>Keep history for</Typography.Text>
      <InputNumber<number>
        aria-label="Days of API history kept"
        min={1}
        max={MAX_RETENTION_DAYS}
        precision={0}
        value={draft}
        onChange={setDraft}
        onPressEnter={submit}
        style={{ width: 90 }}
      />
      <Typography.Text>days</Typography.Text>
      <Button onClick={submit} loading={fetching} disabled={!valid || draft === days}>
        Save
      </Button>
    </Flex>
  );
}
