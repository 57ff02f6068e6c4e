// PRODUCT.md §9 custom app events for threads: the sidebar and the thread page hear about
// renames, deletions and moves made elsewhere.
export const THREAD_EVENTS = { rename: 'renameThread', delete: 'deleteThread', move: 'moveThread' } as const;

export type ThreadEventDetail = { threadId: string; summary?: string };

export function emitThreadEvent(kind: keyof typeof THREAD_EVENTS, detail: ThreadEventDetail) {
  window.dispatchEvent(new CustomEvent<ThreadEventDetail>(THREAD_EVENTS[kind], { detail }));
}

export function onThreadEvents(handler: (kind: keyof typeof THREAD_EVENTS, detail: ThreadEventDetail) => void): () => void {
  const listeners = (Object.keys(THREAD_EVENTS) as (keyof typeof THREAD_EVENTS)[]).map((kind) => {
    const listener = (event: Event) => handler(kind, (event as CustomEvent<ThreadEventDetail>).detail);
    window.addEventListener(THREAD_EVENTS[kind], listener);
    return () => window.removeEventListener(THREAD_EVENTS[kind], listener);
  });
  return () => listeners.forEach((remove) => remove());
}
