import { CombinedError } from 'urql';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { connectionRefusedReason, updateDataSourceErrorMessage } from './connectionErrors';

const graphqlError = (code: string, message: string) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions: { code, message } })] });

describe('updateDataSourceErrorMessage', () => {
  it('embeds the server message, whatever the code', () => {
    expect(updateDataSourceErrorMessage(graphqlError('INTERNAL_SERVER_ERROR', 'password authentication failed'))).toBe(
      'Failed to update data source. password authentication failed.',
    );
    expect(updateDataSourceErrorMessage(graphqlError('CONNECTION_REFUSED', 'Connection refused (os error 111)'))).toBe(
      'Failed to update data source. Connection refused (os error 111).',
    );
  });

  it('falls back to the sentence without a server message', () => {
    expect(updateDataSourceErrorMessage(new CombinedError({ networkError: new Error('offline') }))).toBe(
      'Failed to update data source.',
    );
  });
});

describe('connectionRefusedReason', () => {
  it('reads only CONNECTION_REFUSED', () => {
    expect(connectionRefusedReason(graphqlError('CONNECTION_REFUSED', 'no route to host'))).toBe('no route to host');
    expect(connectionRefusedReason(graphqlError('INVALID_INPUT', 'bad port'))).toBeNull();
  });
});
