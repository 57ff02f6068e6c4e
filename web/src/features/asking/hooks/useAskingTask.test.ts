import { describe, expect, it } from 'vitest';
import { FINAL_STATUSES, QUEUED_POLL_MS, TASK_POLL_MS, isFinal, pollInterval } from './useAskingTask';

describe('asking task polling', () => {
  it('polls a task still waiting for a worker less often than one that is running', () => {
    expect(pollInterval('IDLE')).toBe(QUEUED_POLL_MS);
    expect(QUEUED_POLL_MS).toBeGreaterThan(TASK_POLL_MS);
    for (const status of ['UNDERSTANDING', 'SEARCHING', 'PLANNING', 'GENERATING', 'CORRECTING'] as const) {
      expect(pollInterval(status)).toBe(TASK_POLL_MS);
    }
    // Before the first answer the task may already be running: poll at the short interval.
    expect(pollInterval(undefined)).toBe(TASK_POLL_MS);
  });

  it('stops at the final states only', () => {
    for (const status of FINAL_STATUSES) expect(isFinal(status)).toBe(true);
    expect(isFinal('IDLE')).toBe(false);
    expect(isFinal('GENERATING')).toBe(false);
  });
});
