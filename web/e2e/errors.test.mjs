// Browser journey of the ways out: a link with an id that is no id shows the 404 page with a
// way back (not a failed request and "Try again"), and signing out from a project page lands
// on sign in without a "not authorized" warning or a failing request.
// Needs a running Quarry (QUARRY_E2E_URL).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, inBrowser, signedInWithProject, skip } from './session.mjs';

test('errors: bad links show the 404 page; signing out is clean', { skip, timeout: 180_000 }, async () => {
  await inBrowser('errors', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Ways out');

    for (const path of ['/projects/nope/home', `/projects/${projectId}/home/not-a-thread`, `/projects/${projectId}/home/dashboard/42`]) {
      await page.goto(`${BASE_URL}${path}`);
      await page.getByText('Page not found').waitFor();
      assert.equal(await page.getByText('Try again').count(), 0, `${path}: no retry of a request that cannot succeed`);
    }
    await shot('not-found');
    await page.getByRole('button', { name: 'Go to projects' }).click();
    await page.waitForURL(/\/projects$/);

    await page.goto(`${BASE_URL}/projects/${projectId}/home`);
    await page.getByLabel('Question').waitFor();
    const failed = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/graphql')) return;
      const body = await response.text().catch(() => '');
      if (body.includes('"errors"')) failed.push(body.slice(0, 200));
    });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);
    await page.waitForTimeout(2000); // what a stray poll or the redirect warning would need to show
    assert.equal(await page.getByText(/not authorized/).count(), 0, 'no "not authorized" warning');
    assert.deepEqual(failed, [], 'no request failed for want of a session');
    await shot('signed-out');
  });
});
