import { CombinedError } from 'urql';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AuthApiError } from '../../features/auth/api';
import { onboardUserErrorMessage } from '../../features/user/onboardingErrors';
import { SOFT_LIMIT_MESSAGE, failureMessage, isAbortError } from './operationErrors';

function graphqlError(code: string, message = 'Server says no') {
  return new CombinedError({
    graphQLErrors: [new GraphQLError(message, { extensions: { code, message, shortMessage: 'No' } })],
  });
}

describe('failureMessage', () => {
  it('uses the operation sentence for internal and network errors', () => {
    expect(failureMessage(graphqlError('INTERNAL_SERVER_ERROR', 'boom'), 'Failed to create project.')).toBe(
      'Failed to create project.',
    );
    expect(failureMessage(new CombinedError({ networkError: new Error('offline') }), 'Failed to delete project.')).toBe(
      'Failed to delete project.',
    );
  });

  it('adds the server message to the operation sentence', () => {
    expect(failureMessage(graphqlError('INVALID_INPUT', 'Name is taken'), 'Failed to update organization.')).toBe(
      'Failed to update organization. Name is taken.',
    );
  });

  it('shows the role message with the contact hint', () => {
    expect(failureMessage(graphqlError('UNAUTHORIZED_ROLE_ACCESS', 'Only owners can delete projects'), 'Failed to delete project.')).toBe(
      'Only owners can delete projects. Please contact the project owner or an organization admin to perform this action.',
    );
  });

  it('uses the catalogue sentences for limits', () => {
    expect(failureMessage(graphqlError('SOFT_LIMIT_REACHED'), 'Failed to create project.')).toBe(SOFT_LIMIT_MESSAGE);
    expect(failureMessage(graphqlError('CREDIT_LIMIT_REACHED', 'No credits left.'), 'Failed to create thread.')).toBe(
      'No credits left.',
    );
  });

  it('reads REST auth errors', () => {
    const error = new AuthApiError(409, 'EMAIL_ALREADY_EXISTS', 'An account with this e-mail already exists');
    expect(failureMessage(error, 'Failed to create account.')).toBe(
      'Failed to create account. An account with this e-mail already exists.',
    );
  });

  it('shows nothing for aborted requests', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const error = new CombinedError({ networkError: abort });
    expect(isAbortError(error)).toBe(true);
    expect(failureMessage(error, 'Failed to load projects.')).toBeNull();
    expect(failureMessage(graphqlError('ABORT_ERROR'), 'Failed to load projects.')).toBeNull();
  });
});

describe('onboardUserErrorMessage', () => {
  it('tells an internal failure from a consent failure', () => {
    expect(onboardUserErrorMessage(graphqlError('INTERNAL_SERVER_ERROR'))).toBe(
      'Failed to process user entry into organization or project.',
    );
    expect(onboardUserErrorMessage(graphqlError('BAD_USER_INPUT'))).toBe('Failed to update privacy policy consent.');
  });
});
