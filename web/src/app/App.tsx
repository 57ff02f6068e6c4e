import { useMemo } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createQuarryRouter } from './routes/router';

export function App() {
  const router = useMemo(() => createQuarryRouter(), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
