import { useState } from 'react';
import { useMutation } from 'urql';
import { Button, Card, Typography, toast } from '../../../components/ui';
import { TypedConfirmModal } from '../../../components/page/TypedConfirmModal';
import { showFailureToast } from '../../../app/errors/operationErrors';
import { useSignOut } from '../../auth/hooks/useSignOut';
import { DeleteMyAccountMutation } from '../graphql/user';

export function DeleteAccountCard({ email }: { email: string }) {
  const [confirming, setConfirming] = useState(false);
  const [{ fetching }, deleteMyAccount] = useMutation(DeleteMyAccountMutation);
  const signOut = useSignOut();

  const confirm = async () => {
    const result = await deleteMyAccount({});
    if (result.error) {
      showFailureToast(result.error, 'Failed to delete account.');
      return;
    }
    setConfirming(false);
    toast.success('Your account was deleted.');
    // The session may already be gone with the account; sign-out errors are not worth a toast.
    await signOut({ quiet: true });
  };

  return (
    <Card title="Delete account" styles={{ header: { color: '#cf1322' } }}>
      <Typography.Paragraph>
        Deleting your account removes your profile and your memberships. This cannot be undone.
      </Typography.Paragraph>
      <Button danger onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <TypedConfirmModal
        open={confirming}
        title="Delete account"
        description="Your account and your memberships will be deleted."
        confirmText={email}
        okText="Delete account"
        loading={fetching}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
