import { Alert } from '../../../components/ui';
import type { ConnectionOutcome } from '../hooks/useConnectionTest';

export function ConnectionOutcomeAlert({ outcome }: { outcome: ConnectionOutcome | null }) {
  if (!outcome) return null;
  if (outcome.status === 'success') {
    return <Alert type="success" showIcon message="Connection successful" style={{ marginBottom: 16 }} />;
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message="Cannot connect to the data source"
      description={outcome.reason}
      style={{ marginBottom: 16 }}
    />
  );
}
