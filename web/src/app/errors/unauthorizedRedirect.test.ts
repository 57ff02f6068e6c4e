import { CombinedError } from 'urql';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleOperationError } from '../urqlClient';
import { UNAUTHORIZED_REDIRECT_MESSAGE, isProjectPage, resetUnauthorizedRedirect } from './unauthorizedRedirect';
import { toast } from '../../components/ui';

vi.mock('../../components/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/ui')>()),
  toast: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const unauthorized = () =>
  new CombinedError({ graphQLErrors: [new GraphQLError('Not allowed', { extensions: { code: 'UNAUTHORIZED_ACCESS' } })] });

describe('UNAUTHORIZED_ACCESS on a project page', () => {
  const assign = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))));
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, assign } });
    resetUnauthorizedRedirect();
    assign.mockReset();
    vi.mocked(toast.warning).mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('knows project pages', () => {
    expect(isProjectPage('/projects/p1/modeling')).toBe(true);
    expect(isProjectPage('/projects')).toBe(false);
  });

  it('goes to the root after 1.5 s, once', () => {
    handleOperationError(unauthorized(), '/projects/p1/modeling');
    handleOperationError(unauthorized(), '/projects/p1/modeling');
    vi.advanceTimersByTime(1499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/');
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith(UNAUTHORIZED_REDIRECT_MESSAGE);
  });

  it('stays put outside project pages', () => {
    handleOperationError(unauthorized(), '/projects');
    vi.advanceTimersByTime(2000);
    expect(assign).not.toHaveBeenCalled();
  });
});
