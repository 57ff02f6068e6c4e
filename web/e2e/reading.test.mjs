// Browser journey of an answer's reading on the MUSIC sample: the chips under the answer; a
// chip removed and another changed each ask again as a new response in the thread, with SQL
// that differs accordingly; a word the engine cannot place is named. Needs a running Quarry
// (QUARRY_E2E_URL) with its worker.
/* global window -- functions passed to evaluate() run in the page */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, inBrowser, signedInWithProject, skip } from './session.mjs';

/** Waits for the response to finish and returns its SQL (from the View SQL tab). */
async function finishedSql(response) {
  await response.getByTestId('answer').waitFor({ timeout: 60_000 });
  await response.getByRole('tab', { name: 'View SQL' }).click();
  const sql = await response.getByLabel('SQL', { exact: true }).innerText();
  await response.getByRole('tab', { name: 'Answer' }).click();
  return sql;
}

test('reading: chips under the answer; remove one, change another; an unplaced word is named', { skip, timeout: 300_000 }, async () => {
  await inBrowser('reading', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Reading journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-sample-dataset="MUSIC"]').click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
    await page.getByText('Synced').waitFor({ timeout: 90_000 });

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByLabel('Question').fill('Total sales by billing country in 2024');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForURL(/\/home\/[0-9a-f-]+$/);

    const responses = page.getByTestId('thread-response');
    const first = responses.nth(0);
    const firstSql = await finishedSql(first);
    assert.match(firstSql, /DATE '2024-01-01'/);
    assert.match(firstSql, /GROUP BY/);
    const reading = first.getByTestId('reading');
    await reading.waitFor();
    assert.match(await reading.getAttribute('aria-label'), /^Reading: .+ · by billing country · in 2024$/);
    // The measure stands for the whole question: shown, not removable.
    assert.equal(await first.locator('[data-testid="reading-chip"][data-kind="MEASURE"] button').count(), 0);
    await shot('chips');

    // Removing the year asks the question without it: all years, still by country.
    await first.getByRole('button', { name: 'Remove in 2024' }).click();
    const second = responses.nth(1);
    await second.getByRole('heading', { name: 'Total sales by billing country', exact: true }).waitFor();
    const secondSql = await finishedSql(second);
    // No year left; the only condition keeps rows without a country out of the grouping.
    assert.doesNotMatch(secondSql, /2024/);
    assert.doesNotMatch(secondSql.replace(/WHERE \S+ IS NOT NULL/, ''), /WHERE/);
    assert.match(secondSql, /GROUP BY/);
    await shot('year-removed');

    // Changing the year asks for 2023 instead.
    await first.getByRole('button', { name: 'Change in 2024' }).click();
    const value = page.getByRole('textbox', { name: 'New value for in 2024' });
    await value.waitFor();
    assert.equal(await value.inputValue(), '2024');
    await shot('change-popover');
    await value.fill('2023');
    await page.locator('.ant-popover').getByRole('button', { name: 'Ask', exact: true }).click();
    const third = responses.nth(2);
    await third.getByRole('heading', { name: 'Total sales by billing country in 2023', exact: true }).waitFor();
    const thirdSql = await finishedSql(third);
    assert.match(thirdSql, />= DATE '2023-01-01' AND .* < DATE '2024-01-01'/);
    assert.doesNotMatch(thirdSql, /2025-01-01/);
    assert.match(await third.getByTestId('reading').getAttribute('aria-label'), /in 2023$/);
    // The new response is brought into view, though the chip changed was on the first.
    const heading = third.getByRole('heading', { name: 'Total sales by billing country in 2023', exact: true });
    let visible = false;
    for (let i = 0; i < 30 && !visible; i += 1) {
      visible = await heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      if (!visible) await page.waitForTimeout(100);
    }
    assert.ok(visible, 'the new response is scrolled into view');
    await shot('year-changed');

    // A word the engine cannot place is named rather than guessed around.
    await page.getByLabel('Question').fill('How many tracks were released in 1991?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const fourth = responses.nth(3);
    await fourth.locator('xpath=self::*[@data-status="NO_RESULT"]').waitFor({ timeout: 60_000 });
    await fourth.getByText(/I could not place "released"/).waitFor();
    assert.equal(await fourth.getByLabel('SQL', { exact: true }).count(), 0, 'no SQL for a question it could not place');
    await shot('not-placed');
  });
});
