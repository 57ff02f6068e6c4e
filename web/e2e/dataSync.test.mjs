// Browser journey of a data sync: a Postgres source (the test services' source server,
// QUARRY_TEST_SOURCE_POSTGRES_URL) is connected, a table chosen on Settings › Data connection ›
// Data sync with a cursor column, and the page follows the job to its end. Needs a running
// Quarry (QUARRY_E2E_URL) with its worker, allowed to reach loopback sources, and psql.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip } from './session.mjs';

test('a Postgres table synced from the data connection page, the job followed to its end', { skip, timeout: 300_000 }, async () => {
  const url = process.env.QUARRY_TEST_SOURCE_POSTGRES_URL;
  assert.ok(url, 'QUARRY_TEST_SOURCE_POSTGRES_URL names the source Postgres server (make test sets it)');
  const source = new URL(url);
  const table = `visits_${Date.now()}`;
  execFileSync('psql', [
    '-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c',
    `CREATE TABLE public.${table} (id int PRIMARY KEY, page text, seen_at timestamptz NOT NULL);
     INSERT INTO public.${table} SELECT g, 'p' || (g % 7), timestamp '2025-01-01' + make_interval(secs => g) FROM generate_series(1, 1234) g;`,
  ]);
  await inBrowser('data-sync', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Synced visits');
    const properties = {
      host: source.hostname,
      port: Number(source.port),
      database: source.pathname.slice(1),
      user: decodeURIComponent(source.username),
      password: decodeURIComponent(source.password),
    };
    await graphql(page.request, 'mutation($p: ID!, $d: DataSourceInput!) { saveDataSource(projectId: $p, data: $d) { type } }', {
      p: projectId,
      d: { type: 'POSTGRES', properties },
    });
    await page.goto(`${BASE_URL}/projects/${projectId}/settings/project/data-connection`);
    await page.getByRole('button', { name: 'Set up a sync' }).click();
    await page.getByRole('checkbox', { name: `Sync public.${table}` }).check();
    await page.getByRole('row').filter({ hasText: `public.${table}` }).locator('.ant-select').click();
    await page.getByText('New and changed rows by seen_at').click();
    await shot('settings');
    await page.getByRole('button', { name: 'Start syncing' }).click();
    await page.getByText('Sync started.').waitFor();
    // The page follows the run: its job appears, runs and ends.
    const jobs = page.getByRole('table', { name: 'Sync jobs' });
    await jobs.getByText('Succeeded').waitFor({ timeout: 120_000 });
    await jobs.getByText('1,234').waitFor();
    await page.getByLabel('Sync status').getByText(`public.${table} (by seen_at)`).waitFor();
    await shot('synced');
    const saved = await graphql(page.request, 'query($p: ID!) { dataSync(projectId: $p) { status stopped lastSyncedAt } }', { p: projectId });
    assert.equal(saved.dataSync.status, 'SUCCEEDED');
    assert.ok(saved.dataSync.lastSyncedAt, 'the last sync is known');
  });
});
