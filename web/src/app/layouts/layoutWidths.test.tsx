import { useEffect, useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AppLayout } from './AppLayout';
import { HomeLayout } from '../../pages/projects/[projectId]/home/HomeLayout';
import { SettingsLayout } from '../../pages/projects/[projectId]/settings/SettingsLayout';

// The window's width, as the layouts read it, changed by the test.
vi.mock('../../components/page/useNarrow', () => ({
  useNarrow: () => {
    const [narrow, setNarrow] = useState(false);
    useEffect(() => {
      const follow = (event: Event) => setNarrow((event as CustomEvent<boolean>).detail);
      window.addEventListener('test-narrow', follow);
      return () => window.removeEventListener('test-narrow', follow);
    }, []);
    return narrow;
  },
}));

const setNarrow = (narrow: boolean) => act(() => void window.dispatchEvent(new CustomEvent('test-narrow', { detail: narrow })));

/** A page holding something the user typed, as a form or an upload list does. */
function TypedPage() {
  return <input aria-label="Typed" />;
}

describe('layouts at both widths', () => {
  it.each([
    ['the app', <AppLayout key="app" />],
    ['home', <HomeLayout key="home" />],
    ['settings', <SettingsLayout key="settings" />],
  ])('%s keeps the page and what it holds when the window turns phone-sized and back', (_, layout) => {
    renderWithProviders(
      <Routes>
        <Route element={layout}>
          <Route index element={<TypedPage />} />
        </Route>
      </Routes>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Typed' }), { target: { value: 'half a form' } });
    setNarrow(true);
    expect(screen.getByRole('textbox', { name: 'Typed' })).toHaveValue('half a form');
    setNarrow(false);
    expect(screen.getByRole('textbox', { name: 'Typed' })).toHaveValue('half a form');
  });
});
