import { describe, expect, it } from 'vitest';
import { onboardingRedirect, pathForOnboardingStatus } from './onboardingRedirect';

describe('pathForOnboardingStatus', () => {
  it.each([
    ['NOT_STARTED', '/projects/p1/setup/connection'],
    ['DATASOURCE_SAVED', '/projects/p1/setup/models'],
    ['SYNCING', '/projects/p1/setup/models'],
    ['SYNCING_STOPPED', '/projects/p1/setup/models'],
    ['ONBOARDING_FINISHED', '/projects/p1/modeling'],
    ['WITH_SAMPLE_DATASET', '/projects/p1/modeling'],
  ] as const)('sends %s to %s', (status, expected) => {
    expect(pathForOnboardingStatus('p1', status)).toBe(expected);
  });
});

describe('onboardingRedirect', () => {
  it('redirects the project root to its setup page', () => {
    expect(onboardingRedirect('p1', 'NOT_STARTED', '/projects/p1')).toBe('/projects/p1/setup/connection');
    expect(onboardingRedirect('p1', 'DATASOURCE_SAVED', '/projects/p1')).toBe('/projects/p1/setup/models');
  });

  it('does not redirect a setup page that already is the target', () => {
    expect(onboardingRedirect('p1', 'NOT_STARTED', '/projects/p1/setup/connection')).toBeNull();
    expect(onboardingRedirect('p1', 'DATASOURCE_SAVED', '/projects/p1/setup/models/')).toBeNull();
  });

  it('lets the CSV upload stay while no source is saved', () => {
    expect(onboardingRedirect('p1', 'NOT_STARTED', '/projects/p1/setup/upload-csv')).toBeNull();
    expect(onboardingRedirect('p1', 'DATASOURCE_SAVED', '/projects/p1/setup/upload-csv')).toBe(
      '/projects/p1/setup/models',
    );
  });

  it('lets recommend-relationships stay while the source is saved', () => {
    expect(onboardingRedirect('p1', 'DATASOURCE_SAVED', '/projects/p1/recommend-relationships')).toBeNull();
    expect(onboardingRedirect('p1', 'NOT_STARTED', '/projects/p1/recommend-relationships')).toBe(
      '/projects/p1/setup/connection',
    );
  });

  it('moves a source-saved project off the connection page', () => {
    expect(onboardingRedirect('p1', 'DATASOURCE_SAVED', '/projects/p1/setup/connection')).toBe(
      '/projects/p1/setup/models',
    );
  });

  it('moves a finished project off a setup page', () => {
    expect(onboardingRedirect('p1', 'ONBOARDING_FINISHED', '/projects/p1/setup/connection')).toBe(
      '/projects/p1/modeling',
    );
    expect(onboardingRedirect('p1', 'WITH_SAMPLE_DATASET', '/projects/p1/recommend-relationships')).toBe(
      '/projects/p1/modeling',
    );
  });
});
