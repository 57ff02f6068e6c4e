// Browser journey of a new user's own data: two CSV files with `NA` markers are uploaded (the
// numeric columns typed as numbers, the markers reported), related and deployed; a question with
// a word the engine cannot place is refused with what the word may mean; one click teaches it
// and asks the question again, which is answered; the word is listed with the column on the
// modeling page, and removing it there brings the refusal back. Needs a running Quarry
// (QUARRY_E2E_URL) with its worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip } from './session.mjs';

const SHIPMENTS = 'shipment_id,carrier_id,weight_kg,delay_minutes\n1,1,12.5,NA\n2,2,NA,30\n3,1,7,5\n4,2,3.2,NA\n5,1,NA,12\n6,2,8,45\n';
const CARRIERS = 'carrier_id,carrier_name\n1,Northwind\n2,Blue Ocean\n';
// "lateness" is no word of the files; the shipments' delay is what it means here.
const QUESTION = 'What is the average lateness per carrier?';

async function ask(page, question) {
  await page.getByLabel('Question').fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

test('teaching: own CSV files with NA markers, a word taught from an answer is placed; removing it on the modeling page refuses it again', { skip, timeout: 300_000 }, async () => {
  await inBrowser('teaching', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Teaching journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-source-type="CSV"]').click();
    await page.getByRole('heading', { name: 'Upload CSV files' }).waitFor();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'shipments.csv', mimeType: 'text/csv', buffer: Buffer.from(SHIPMENTS) },
      { name: 'carriers.csv', mimeType: 'text/csv', buffer: Buffer.from(CARRIERS) },
    ]);
    await page.getByRole('button', { name: 'Upload' }).click();

    // What was read as missing is said; the numbers stay numbers.
    const read = page.getByRole('list', { name: 'How shipments.csv was read' });
    await read.getByText("4 values 'NA' read as missing (delay_minutes 2; weight_kg 2)").waitFor({ timeout: 90_000 });
    await shot('read-as-missing');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/setup\/models$/);
    const tables = await graphql(page.request, 'query($p: ID!) { listDataSourceTables(projectId: $p) { name columns { name family } } }', { p: projectId });
    const shipments = tables.listDataSourceTables.find((table) => table.name === 'shipments');
    assert.deepEqual(
      shipments.columns.map((column) => [column.name, column.family]),
      [['shipment_id', 'INTEGER'], ['carrier_id', 'INTEGER'], ['weight_kg', 'FLOAT'], ['delay_minutes', 'INTEGER']],
    );

    // Both files become models, related by the recommended relationship, and are deployed.
    await page.getByRole('checkbox', { name: 'Select carriers' }).check();
    await page.getByRole('checkbox', { name: 'Select shipments' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/recommend-relationships$/);
    await page.getByText(/carrier_id: 100% of \d+ values found in carriers.carrier_id/).waitFor();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/modeling$/);
    await page.getByTestId('sync-status').getByText('Synced').waitFor({ timeout: 90_000 });

    await page.getByRole('link', { name: 'Home' }).click();
    await ask(page, QUESTION);
    await page.waitForURL(/\/home\/[0-9a-f-]+$/);
    const responses = page.getByTestId('thread-response');
    const refused = responses.nth(0);
    await refused.and(page.locator('[data-status="NO_RESULT"]')).waitFor({ timeout: 60_000 });
    const offer = refused.getByRole('group', { name: 'What “lateness” means' });
    await offer.getByText('“lateness” means:').waitFor();
    await shot('offer');

    // One click teaches it and asks the same question again in the thread.
    await offer.getByRole('button', { name: 'delay minutes (shipments)' }).click();
    await page.getByText('“lateness” now means delay minutes (shipments). Asking again…').waitFor();
    const answered = responses.nth(1);
    await answered.getByRole('heading', { name: QUESTION, exact: true }).waitFor();
    await answered.getByTestId('answer').waitFor({ timeout: 60_000 });
    // Blue Ocean's delays average (30 + 45) / 2; the missing ones are not zeros.
    const table = answered.getByRole('table', { name: 'Result' });
    await table.getByRole('row', { name: /Blue Ocean.*37\.5/ }).waitFor();
    await offer.getByText('delay minutes (shipments) (taught)').waitFor();
    await shot('answered');

    // Listed on the modeling page, with the column, as taught; removing it there...
    await page.getByRole('link', { name: 'Modeling' }).click();
    await page.getByTestId('model-node-shipments').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Understood as' }).click();
    const terms = drawer.getByRole('list', { name: 'Terms of delay_minutes' });
    const taught = terms.locator('[data-source="TAUGHT"]', { hasText: 'lateness' });
    await taught.waitFor();
    await terms.locator('[data-source="NAME"]', { hasText: 'delay' }).first().waitFor();
    await shot('terms');
    await terms.getByRole('button', { name: 'Remove “lateness” from delay_minutes' }).click();
    await page.getByText('“lateness” removed.').waitFor();
    await taught.waitFor({ state: 'detached' });

    // ... and the same question, asked anew, is refused again.
    await page.goto(`${BASE_URL}/projects/${projectId}/home`);
    await ask(page, QUESTION);
    await page.waitForURL(/\/home\/[0-9a-f-]+$/);
    const again = responses.nth(0);
    await again.and(page.locator('[data-status="NO_RESULT"]')).waitFor({ timeout: 60_000 });
    assert.match(await again.innerText(), /could not place "lateness"/);
    await shot('refused-again');
  });
});
