import { describe, expect, it } from 'vitest';
import { idsOrNotFound } from './router';

const ID = '3f0c2a4e-9b1d-4c8e-a7f2-5d6e7f8a9b0c';

describe('idsOrNotFound', () => {
  it('lets a route through when every id in it is an id', () => {
    expect(idsOrNotFound({ params: { projectId: ID, threadId: ID } })).toBeNull();
  });

  it('sends a route whose id is not one to the 404 page', () => {
    for (const params of [{ projectId: 'nope' }, { projectId: ID, dashboardId: '42' }, { projectId: ID, threadId: `${ID}x` }]) {
      const answer = idsOrNotFound({ params });
      expect(answer?.status).toBe(302);
      expect(answer?.headers.get('Location')).toBe('/error/not-found');
    }
  });
});
