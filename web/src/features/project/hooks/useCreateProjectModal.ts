import { useCallback, useEffect, useState } from 'react';

export const OPEN_CREATE_PROJECT_MODAL_EVENT = 'openCreateProjectModal';

/** Opens the create-project modal from anywhere: a button or the custom window event. */
export function openCreateProjectModal(): void {
  window.dispatchEvent(new Event(OPEN_CREATE_PROJECT_MODAL_EVENT));
}

export function useCreateProjectModal() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_CREATE_PROJECT_MODAL_EVENT, show);
    return () => window.removeEventListener(OPEN_CREATE_PROJECT_MODAL_EVENT, show);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, close };
}
