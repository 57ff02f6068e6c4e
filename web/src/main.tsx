import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reportClientError } from './features/auth/api';
import './app/global.css';

window.addEventListener('error', (event) => reportClientError('CLIENT_ERROR', 'error', event.message));
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason as { name?: string; message?: string } | undefined;
  if (reason?.name === 'AbortError') {
    console.warn('Request aborted', reason.message);
    return;
  }
  reportClientError('UNHANDLED_REJECTION', 'error', reason?.message);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
