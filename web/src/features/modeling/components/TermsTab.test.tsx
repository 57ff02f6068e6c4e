import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockOperations, renderWithProviders } from '../../../test/renderWithProviders';
import { TermsTab } from './TermsTab';

const models = {
  models: [
    {
      id: 'm1',
      referenceName: 'Track',
      terms: [{ text: 'track', source: 'NAME' }],
      columns: [
        {
          id: 'c1',
          referenceName: 'Milliseconds',
          hidden: false,
          terms: [
            { text: 'milliseconds', source: 'NAME' },
            { text: 'millis', source: 'TAUGHT' },
          ],
        },
        { id: 'c2', referenceName: 'Bytes', hidden: true, terms: [] },
      ],
    },
  ],
};
const taughtTerms = [
  { id: 't1', phrase: 'millis', model: 'Track', column: 'Milliseconds', removed: false, createdAt: '2026-12-02T00:00:00Z' },
  { id: 't2', phrase: 'song', model: 'Track', column: null, removed: true, createdAt: '2026-12-02T00:00:00Z' },
];
const term = (phrase: string) => ({ id: 'new', phrase, model: 'Track', column: null, removed: false });

describe('TermsTab', () => {
  it('lists what the model and each column are understood as; taught and derived terms are removed, removals restored, terms added', async () => {
    const api = mockOperations({
      ModelTerms: { data: models },
      TaughtTerms: { data: { taughtTerms } },
      DeleteTaughtTerm: { data: { deleteTaughtTerm: true } },
      RemoveDerivedTerm: { data: { removeDerivedTerm: { ...term('milliseconds'), removed: true } } },
      TeachTerm: { data: { teachTerm: term('tune') } },
    });
    renderWithProviders(<TermsTab projectId="p1" model={{ id: 'm1', referenceName: 'Track' }} canManage />, api.client);

    const column = await screen.findByRole('list', { name: 'Terms of Milliseconds' });
    expect(within(column).getByText('millis').closest('[data-source]')).toHaveAttribute('data-source', 'TAUGHT');
    expect(screen.queryByRole('list', { name: 'Terms of Bytes' }), 'a hidden column has no terms').toBeNull();
    const model = screen.getByRole('list', { name: 'Terms of This model' });
    expect(within(model).getByText('song').closest('[data-source]')).toHaveAttribute('data-source', 'REMOVED');

    fireEvent.click(screen.getByRole('button', { name: 'Remove “millis” from Milliseconds' }));
    await waitFor(() => expect(api.callsOf('DeleteTaughtTerm')).toEqual([{ projectId: 'p1', id: 't1' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove “milliseconds” from Milliseconds' }));
    await waitFor(() =>
      expect(api.callsOf('RemoveDerivedTerm')).toEqual([{ projectId: 'p1', data: { phrase: 'milliseconds', model: 'Track', column: 'Milliseconds' } }]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restore “song” to This model' }));
    await waitFor(() => expect(api.callsOf('DeleteTaughtTerm')[1]).toEqual({ projectId: 'p1', id: 't2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add a term to This model' }));
    const input = screen.getByRole('textbox', { name: 'New term for This model' });
    fireEvent.change(input, { target: { value: ' tune ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(input);
    await waitFor(() => expect(api.callsOf('TeachTerm')).toEqual([{ projectId: 'p1', data: { phrase: 'tune', model: 'Track', column: null } }]));
  });

  it('shows the terms without changing them to those who may not, and says when the models are not deployed', async () => {
    const viewer = mockOperations({ ModelTerms: { data: models } });
    renderWithProviders(<TermsTab projectId="p1" model={{ id: 'm1', referenceName: 'Track' }} canManage={false} />, viewer.client);
    await screen.findByRole('list', { name: 'Terms of Milliseconds' });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add a term/ })).toBeNull();
    expect(viewer.callsOf('TaughtTerms')).toEqual([]);

    const undeployed = mockOperations({ ModelTerms: { data: { models: [{ ...models.models[0], terms: [], columns: [] }] } }, TaughtTerms: { data: { taughtTerms: [] } } });
    renderWithProviders(<TermsTab projectId="p1" model={{ id: 'm1', referenceName: 'Track' }} canManage />, undeployed.client);
    expect(await screen.findByText(/Deploy the models to see/)).toBeInTheDocument();
  });
});
