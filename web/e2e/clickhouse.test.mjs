// Browser journey of a warehouse: a shop loaded into the test services' ClickHouse server
// (QUARRY_TEST_CLICKHOUSE_URL) is connected through the setup form, its tables chosen, the
// relationship accepted, and a question answered from it. Needs a running Quarry
// (QUARRY_E2E_URL) with its worker, allowed to reach loopback sources.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, inBrowser, signedInWithProject, skip } from './session.mjs';

/** The server's address and user, from `http://user:password@host:port/`. */
function server() {
  const url = process.env.QUARRY_TEST_CLICKHOUSE_URL;
  assert.ok(url, 'QUARRY_TEST_CLICKHOUSE_URL names the test services\' ClickHouse server (make test sets it)');
  const parsed = new URL(url);
  return { origin: parsed.origin, host: parsed.hostname, port: parsed.port, user: parsed.username, password: parsed.password };
}

async function execute(ch, sql) {
  const response = await fetch(`${ch.origin}/`, {
    method: 'POST',
    headers: { 'X-ClickHouse-User': ch.user, 'X-ClickHouse-Key': ch.password },
    body: sql,
  });
  const text = await response.text();
  assert.ok(response.ok, `${sql}: ${text}`);
  return text;
}

/** A database with customers and their orders; its name. */
async function shop(ch) {
  const database = `shop_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await execute(ch, `CREATE DATABASE ${database}`);
  await execute(ch, `CREATE TABLE ${database}.customers (id Int32, name String, country LowCardinality(String)) ENGINE = MergeTree ORDER BY id`);
  await execute(
    ch,
    `CREATE TABLE ${database}.orders (id Int32, customer_id Int32, amount Decimal(10, 2), ordered_at DateTime) ENGINE = MergeTree ORDER BY id`,
  );
  await execute(ch, `INSERT INTO ${database}.customers VALUES (1, 'Ada', 'UK'), (2, 'Grace', 'US'), (3, 'Linus', 'FI'), (4, 'Barbara', 'US')`);
  await execute(
    ch,
    `INSERT INTO ${database}.orders VALUES (10, 1, 12.50, '2025-03-01 10:00:00'), (11, 2, 99.99, '2025-03-02 11:30:00'), (12, 2, 20.01, '2025-04-05 09:15:00'), (13, 4, 7.50, '2025-04-06 18:45:00')`,
  );
  return database;
}

test('a ClickHouse source is connected, its tables chosen and a question answered from it', { skip, timeout: 300_000 }, async () => {
  const ch = server();
  const database = await shop(ch);
  await inBrowser('clickhouse', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'ClickHouse journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-source-type="CLICK_HOUSE"]').click();
    await page.getByRole('heading', { name: 'Connect ClickHouse' }).waitFor();
    await page.getByLabel('Host', { exact: true }).fill(ch.host);
    await page.getByLabel('Port', { exact: true }).fill(ch.port);
    await page.getByLabel('Database', { exact: true }).fill(database);
    await page.getByLabel('User', { exact: true }).fill(ch.user);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('switch', { name: 'Use SSL' }).click();

    // A wrong password is refused with the server's reason.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('alert').getByText(/Authentication failed/).waitFor();
    await shot('wrong-password');
    await page.getByLabel('Password', { exact: true }).fill(ch.password);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('alert').getByText('Connection successful').waitFor();
    await shot('connected');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL(/\/setup\/models$/, { timeout: 60_000 });
    const tables = page.getByRole('table', { name: 'Source tables' });
    await tables.getByText('customers').waitFor();
    await tables.getByText('orders').waitFor();
    await page.getByRole('checkbox', { name: 'Select customers' }).check();
    await page.getByRole('checkbox', { name: 'Select orders' }).check();
    await shot('tables');
    await page.getByRole('button', { name: 'Next' }).click();

    // ClickHouse has no foreign keys: the relationship is recommended from names and data.
    await page.waitForURL(/\/recommend-relationships$/);
    await page.getByText(/customer_id: 100% of \d+ values found in customers\.id/).waitFor();
    await shot('relationships');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/modeling$/);
    await page.getByText('Synced').waitFor({ timeout: 90_000 });

    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByLabel('Question').fill('total order amount by customer country');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForURL(/\/home\/[0-9a-f-]+$/);
    const first = page.getByTestId('thread-response').first();
    await first.getByTestId('answer').waitFor({ timeout: 90_000 });
    const table = first.getByRole('table', { name: 'Result' });
    await table.getByText('US', { exact: true }).waitFor();
    const us = await table.getByRole('row').filter({ hasText: 'US' }).getByRole('cell').nth(1).innerText();
    assert.equal(Number(us.replace(/[^0-9.]/g, '')), 127.5, `US ordered 99.99 + 20.01 + 7.50: ${us}`);
    await first.getByRole('tab', { name: 'View SQL' }).click();
    await first.getByLabel('SQL').getByText(/GROUP BY/).waitFor();
    await shot('answer');
  });
});
