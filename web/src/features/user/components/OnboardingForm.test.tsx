import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { Me } from '../hooks/useMe';
import { OnboardingForm } from './OnboardingForm';

const ME = {
  id: 'u1',
  email: 'ann@example.com',
  name: 'Ann Invitee',
  firstName: null,
  lastName: null,
  companyName: null,
  jobTitle: null,
  country: null,
  consentPrivacyStatement: false,
  currentOrg: { id: 'o1', name: 'Acme', myRole: 'MEMBER', state: 'ACTIVE', myPermissions: [] },
} as unknown as Me;

/** The form with a button that reads the account again (a new object, the same values). */
function Refetching() {
  const [me, setMe] = useState<Me>(ME);
  return (
    <>
      <button type="button" onClick={() => setMe({ ...me })}>
        Read the account again
      </button>
      <OnboardingForm me={me} />
    </>
  );
}

describe('OnboardingForm', () => {
  it('keeps what the person filled in when the account is read again', async () => {
    renderWithProviders(<Refetching />);
    const consent = await screen.findByLabelText('I agree to the privacy statement');
    fireEvent.click(consent);
    expect(consent).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Read the account again' }));
    expect(screen.getByLabelText('I agree to the privacy statement')).toBeChecked();
    // What was not touched still comes from the account.
    expect(screen.getByLabelText('First name')).toHaveValue('Ann');
  });
});
