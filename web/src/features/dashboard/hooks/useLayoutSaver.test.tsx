import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { Provider } from 'urql';
import { describe, expect, it } from 'vitest';
import { AntApp } from '../../../components/ui';
import { mockOperations, type MockAnswer } from '../../../test/renderWithProviders';
import { useLayoutSaver } from './useLayoutSaver';

const tiles = [
  { id: 'chart', layout: { x: 0, y: 0, w: 6, h: 4 } },
  { id: 'number', layout: { x: 0, y: 4, w: 3, h: 2 } },
];

function renderSaver(answer: MockAnswer) {
  const api = mockOperations({ UpdateDashboardItemLayouts: answer });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AntApp>
      <Provider value={api.client}>{children}</Provider>
    </AntApp>
  );
  const { result } = renderHook(() => useLayoutSaver('p1', 'd1', tiles), { wrapper });
  return { api, result };
}

describe('useLayoutSaver', () => {
  it('saves the grid after a drag as updateDashboardItemLayouts with every tile', async () => {
    const { api, result } = renderSaver({ data: { updateDashboardItemLayouts: { id: 'd1', items: [] } } });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.save([
        { i: 'chart', x: 0, y: 0, w: 6, h: 4 },
        { i: 'number', x: 6, y: 0, w: 3, h: 2 },
      ]);
    });
    expect(saved).toBe(true);
    expect(api.callsOf('UpdateDashboardItemLayouts')).toEqual([
      {
        projectId: 'p1',
        dashboardId: 'd1',
        layouts: [
          { itemId: 'chart', x: 0, y: 0, w: 6, h: 4 },
          { itemId: 'number', x: 6, y: 0, w: 3, h: 2 },
        ],
      },
    ]);
  });

  it('sends nothing when nothing moved', async () => {
    const { api, result } = renderSaver({ data: { updateDashboardItemLayouts: { id: 'd1', items: [] } } });
    await act(async () => {
      await result.current.save([
        { i: 'chart', x: 0, y: 0, w: 6, h: 4 },
        { i: 'number', x: 0, y: 4, w: 3, h: 2 },
      ]);
    });
    expect(api.callsOf('UpdateDashboardItemLayouts')).toEqual([]);
  });

  it('says so when the server refuses the layout', async () => {
    const { result } = renderSaver({ error: { code: 'INVALID_INPUT', message: 'A tile must fit the grid.' } });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.save([{ i: 'chart', x: 6, y: 0, w: 6, h: 4 }]);
    });
    expect(saved).toBe(false);
    expect(await screen.findByText('Failed to update dashboard layout. A tile must fit the grid.')).toBeInTheDocument();
  });
});
