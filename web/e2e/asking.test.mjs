// Browser journey of asking on the MUSIC sample: a question on the home page opens a thread
// whose answer, result table and bar chart show; a follow-up narrows it; the chart type can
// be changed. Needs a running Quarry (QUARRY_E2E_URL) with its worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, choose, graphql, inBrowser, signedInWithProject, skip } from './session.mjs';

const number = (text) => Number(String(text).replace(/[^0-9.-]/g, ''));

test('asking: answer, table and chart; a follow-up narrows it', { skip, timeout: 240_000 }, async () => {
  await inBrowser('asking', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Asking journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-sample-dataset="MUSIC"]').click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
    await page.getByText('Synced').waitFor({ timeout: 90_000 });

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'What is the total sales amount by year?' }).waitFor();
    await shot('home');
    await page.getByLabel('Question').fill('total revenue by country');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForURL(/\/home\/[0-9a-f-]+$/);

    const first = page.getByTestId('thread-response').first();
    await first.locator('[data-status="FINISHED"]').or(first.and(page.locator('[data-status="FINISHED"]'))).first().waitFor({ timeout: 60_000 });
    await first.getByTestId('answer').waitFor();
    // The sample's revenue is money in US dollars: the answer and the table say so.
    assert.match(await first.getByTestId('answer').innerText(), /^USA has the highest total revenue: \$[\d,]+\.\d{2}\./);
    const table = first.getByRole('table', { name: 'Result' });
    await table.getByText('USA', { exact: true }).waitFor();
    const usaTotal = await table.getByRole('row').filter({ hasText: 'USA' }).getByRole('cell').nth(1).innerText();
    assert.match(usaTotal, /^\$[\d,]+\.\d{2}$/);
    const totalAll = number(usaTotal);
    await shot('answer');
    await first.getByRole('tab', { name: 'View SQL' }).click();
    await first.getByLabel('SQL').getByText(/GROUP BY/).waitFor();
    await first.getByRole('tab', { name: 'Chart' }).click();
    const chart = first.getByTestId('chart');
    await chart.locator('.main-svg').first().waitFor({ timeout: 30_000 });
    assert.equal(await chart.getAttribute('data-chart-type'), 'BAR');
    assert.ok((await chart.locator('.bars .point').count()) > 20, 'a bar per country');
    await shot('bar-chart');

    // The follow-up is read with the first question and narrows it to 2023.
    await page.getByLabel('Question').fill('only for 2023');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const second = page.getByTestId('thread-response').nth(1);
    await second.getByTestId('task-status').or(second.getByTestId('answer')).first().waitFor();
    await shot('follow-up-running');
    await second.getByTestId('answer').waitFor({ timeout: 60_000 });
    const narrowed = second.getByRole('table', { name: 'Result' });
    await narrowed.getByText('USA', { exact: true }).waitFor();
    const total2023 = number(await narrowed.getByRole('row').filter({ hasText: 'USA' }).getByRole('cell').nth(1).innerText());
    assert.ok(total2023 > 0 && total2023 < totalAll, `2023 (${total2023}) is part of all time (${totalAll})`);
    await shot('follow-up');

    // The chart type can be changed to another that fits.
    await second.getByRole('tab', { name: 'Chart' }).click();
    await choose(page, second.getByRole('combobox', { name: 'Chart type' }), 'Pie');
    await second.locator('[data-chart-type="PIE"]').waitFor();
    await second.locator('[data-chart-type="PIE"] .main-svg').first().waitFor();
    await shot('pie-chart');

    // Follow-ups recommended from the last answer, without a language model: the same figure
    // broken down another way, first; asked, the first one answers.
    await page.getByRole('button', { name: 'Recommend follow-up questions' }).click();
    const offered = page.getByTestId('recommended-questions').locator('button.ant-btn-dashed');
    await offered.first().waitFor({ timeout: 60_000 });
    const firstOffer = await offered.first().innerText();
    assert.match(firstOffer, /^total revenue (by|per) /, `a follow-up of the answer comes first: ${firstOffer}`);
    await shot('follow-ups');
    await page.getByLabel('Question').fill(firstOffer);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByTestId('thread-response').nth(2).getByTestId('answer').waitFor({ timeout: 60_000 });

    // The thread is listed in the sidebar under its first question.
    await page.getByRole('link', { name: 'total revenue by country' }).waitFor();
    const threads = await graphql(page.request, 'query($p: ID!) { threads(projectId: $p) { summary } }', { p: projectId });
    assert.equal(threads.threads[0].summary, 'total revenue by country');
  });
});
