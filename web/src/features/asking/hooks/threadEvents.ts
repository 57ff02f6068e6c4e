import { appEvents } from '../../../app/events/appEvents';

// PRODUCT.md §9 custom app events for threads: the sidebar and the thread page hear about
// renames, deletions and moves made elsewhere.
export const THREAD_EVENTS = { rename: 'renameThread', delete: 'deleteThread', move: 'moveThread' } as const;

export type ThreadEventDetail = { threadId: string; summary?: string };

export const { emit: emitThreadEvent, on: onThreadEvents } = appEvents<keyof typeof THREAD_EVENTS, ThreadEventDetail>(THREAD_EVENTS);
