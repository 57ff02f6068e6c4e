// Browser journeys of the setup flow: CSV files → models → relationships, and a sample dataset
// → modeling. Needs a running Quarry (QUARRY_E2E_URL) with its worker, and the SMTP sink's folder.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip } from './session.mjs';

const ORDERS = 'order_id,customer_id,amount,ordered_on\n1,1,19.90,2024-01-05\n2,2,5.00,2024-02-10\n3,1,42.00,2024-03-15\n';
const CUSTOMERS = 'customer_id;name;country\n1;Ada Lovelace;UK\n2;"Hopper, Grace";US\n';

test('CSV files upload, import and become models with a relationship', { skip, timeout: 240_000 }, async () => {
  await inBrowser('csv', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'CSV journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-source-type="CSV"]').click();
    await page.waitForURL(/\/setup\/upload-csv$/);
    await page.getByRole('heading', { name: 'Upload CSV files' }).waitFor();

    await page.locator('input[type=file]').setInputFiles([
      { name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(ORDERS) },
      { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CUSTOMERS) },
    ]);
    await page.getByRole('listitem', { name: 'orders.csv' }).waitFor();
    await shot('files-chosen');
    await page.getByRole('button', { name: 'Upload' }).click();
    // Both imports finish; the page saves the CSV source and moves on to choosing tables.
    await page.waitForURL(/\/setup\/models$/, { timeout: 90_000 });
    const tables = page.getByRole('table', { name: 'Source tables' });
    await tables.getByText('customers').waitFor();
    await tables.getByText('orders').waitFor();
    await shot('models');
    await page.getByRole('checkbox', { name: 'Select customers' }).check();
    await page.getByRole('checkbox', { name: 'Select orders' }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/recommend-relationships$/);
    await page.getByText('customer_id: 100% of 3 values found in customers.customer_id, which is unique').waitFor();
    await shot('relationships');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/modeling$/);
    await shot('modeling');
    const saved = await graphql(page.request, 'query($p: ID!) { relationships(projectId: $p) { fromModel fromColumn toModel toColumn type } }', {
      p: projectId,
    });
    assert.deepEqual(saved.relationships.map((r) => [r.fromModel, r.fromColumn, r.toModel, r.toColumn, r.type]), [
      ['orders', 'customer_id', 'customers', 'customer_id', 'MANY_TO_ONE'],
    ]);
    const models = await graphql(page.request, 'query($p: ID!) { models(projectId: $p) { referenceName columns { referenceName family } } }', {
      p: projectId,
    });
    const orders = models.models.find((model) => model.referenceName === 'orders');
    assert.ok(orders, `orders is a model: ${JSON.stringify(models)}`);
    assert.deepEqual(
      orders.columns.map((column) => [column.referenceName, column.family]),
      [['order_id', 'INTEGER'], ['customer_id', 'INTEGER'], ['amount', 'FLOAT'], ['ordered_on', 'DATE']],
    );
  });
});

const DELAYS = 'id,delay,rate\n1,12,0.5\n2,NA,NA\n3,7,1.5\n4,NA,2\n';

test('a CSV with NA markers imports its numbers as numbers and says what it read as missing', { skip, timeout: 240_000 }, async () => {
  await inBrowser('csv-markers', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'CSV markers');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-source-type="CSV"]').click();
    await page.getByRole('heading', { name: 'Upload CSV files' }).waitFor();
    await page.locator('input[type=file]').setInputFiles([{ name: 'delays.csv', mimeType: 'text/csv', buffer: Buffer.from(DELAYS) }]);
    await page.getByText('Advanced: missing values').click();
    await page.getByRole('checkbox', { name: 'Empty fields are missing values' }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();

    // The upload panel says what was read as missing, and waits for the user to go on.
    const read = page.getByRole('list', { name: 'How delays.csv was read' });
    await read.getByText("3 values 'NA' read as missing (delay 2; rate 1)").waitFor({ timeout: 90_000 });
    await shot('read-as-missing');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/setup\/models$/);

    const tables = await graphql(page.request, 'query($p: ID!) { listDataSourceTables(projectId: $p) { name columns { name family } } }', { p: projectId });
    const delays = tables.listDataSourceTables.find((table) => table.name === 'delays');
    assert.deepEqual(
      delays.columns.map((column) => [column.name, column.family]),
      [['id', 'INTEGER'], ['delay', 'INTEGER'], ['rate', 'FLOAT']],
    );
    const jobs = await graphql(page.request, 'query($p: ID!) { csvImportJobs(projectId: $p) { notes } }', { p: projectId });
    assert.deepEqual(jobs.csvImportJobs[0].notes, ["3 values 'NA' read as missing (delay 2; rate 1)"]);
  });
});

test('the MUSIC sample dataset opens modeling with its described models', { skip, timeout: 240_000 }, async () => {
  await inBrowser('music', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Music journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    const music = page.locator('[data-sample-dataset="MUSIC"]');
    await music.waitFor();
    await shot('sample-datasets');
    await music.click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
    await shot('modeling');

    const state = await graphql(
      page.request,
      'query($p: ID!) { project(where: {id: $p}) { onboardingStatus } models(projectId: $p) { referenceName description } relationships(projectId: $p) { id } }',
      { p: projectId },
    );
    assert.equal(state.project.onboardingStatus, 'WITH_SAMPLE_DATASET');
    const names = state.models.map((model) => model.referenceName).sort();
    assert.deepEqual(names, ['Album', 'Artist', 'Customer', 'Employee', 'Genre', 'Invoice', 'InvoiceLine', 'MediaType', 'Playlist', 'PlaylistTrack', 'Track']);
    assert.ok(state.models.every((model) => model.description), 'every model is described');
    assert.equal(state.relationships.length, 11);

    // The settings page names the sample instead of showing connection settings.
    await page.goto(`${BASE_URL}/projects/${projectId}/settings/project/data-connection`);
    await page.getByText('A sample dataset has no connection settings to edit.').waitFor();
    await page.getByText('Music store').waitFor();
    await shot('settings-data-connection');
  });
});

test("a PostgreSQL source aimed at Quarry's own database is refused with the generic message", { skip, timeout: 120_000 }, async () => {
  const own = new URL(process.env.E2E_DATABASE_URL ?? 'postgres://quarry:quarry@127.0.0.1:55433/quarry_e2e');
  await inBrowser('security', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Stranger');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-source-type="POSTGRES"]').click();
    // The metadata database by a name that resolves to it, with its real credentials.
    await page.getByLabel('Host', { exact: true }).fill('localhost');
    await page.getByLabel('Port', { exact: true }).fill(own.port);
    await page.getByLabel('Database', { exact: true }).fill(own.pathname.slice(1));
    await page.getByLabel('User', { exact: true }).fill(decodeURIComponent(own.username));
    await page.getByLabel('Password', { exact: true }).fill(decodeURIComponent(own.password));
    await page.getByRole('button', { name: 'Test connection' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Cannot connect to the data source').waitFor();
    await alert.getByText(/could not connect to the data source/i).waitFor();
    await shot('own-database-refused');
    const text = await alert.innerText();
    assert.ok(!/password|database .* does not exist|quarry_e2e/i.test(text), `nothing about the server leaks: ${text}`);
    const saved = await graphql(page.request, 'query($p: ID!) { dataSource(projectId: $p) { type } }', { p: projectId });
    assert.equal(saved.dataSource, null, 'nothing was saved');
  });
});
