// Browser journey of api-management on the MUSIC sample: a key is created and its secret
// shown once; a program asks with it over REST; the call shows in the API history, redacted;
// the reference lists the operations; a revoked key is refused. Needs a running Quarry
// (QUARRY_E2E_URL) with its worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, inBrowser, signedInWithProject, skip } from './session.mjs';

async function ask(secret, question) {
  const response = await fetch(`${BASE_URL}/api/v1/ask`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

test('api management: key shown once, REST ask, history, reference, revoke', { skip, timeout: 300_000 }, async () => {
  await inBrowser('api', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'API journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-sample-dataset="MUSIC"]').click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
    await page.getByText('Synced').waitFor({ timeout: 90_000 });

    // The API entry opens the history, empty for now.
    await page.getByRole('link', { name: 'API', exact: true }).click();
    await page.waitForURL(/\/api-management\/history$/);
    await page.getByRole('table', { name: 'API history' }).getByText('No Data', { exact: true }).waitFor();

    // A key with the ASK scope: its secret is shown once.
    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.waitForURL(/\/api-management\/keys$/);
    await page.getByRole('table', { name: 'API keys' }).getByText('No Data', { exact: true }).waitFor();
    await shot('keys-empty');
    await page.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create API key' });
    await form.getByLabel('Name').fill('E2E reporting');
    // antd's checkbox group takes the click a render later than Playwright's check() looks.
    const askScope = form.getByRole('checkbox', { name: /^Ask/ });
    await askScope.click();
    await form.locator('input[type=checkbox][value=ASK]:checked').waitFor();
    await shot('create-key');
    await form.getByRole('button', { name: 'Create key' }).click();
    const reveal = page.getByRole('dialog', { name: 'API key "E2E reporting" created' });
    await reveal.getByText('Copy this key now. You will not be able to see it again.').waitFor();
    const secret = (await reveal.getByTestId('api-key-secret').innerText()).trim();
    assert.ok(secret.length >= 20, `a secret is shown: ${secret}`);
    await shot('secret-once');
    await reveal.getByRole('button', { name: 'Done' }).click();
    await reveal.waitFor({ state: 'detached' });
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: 'E2E reporting' });
    await row.getByText('Active').waitFor();
    assert.match(await row.innerText(), /Never/);
    assert.ok(!(await page.content()).includes(secret), 'the secret is gone from the page');
    assert.ok(!(await page.locator('body').innerText()).includes(secret), 'the secret is not shown');
    await shot('keys');

    // A program asks with it.
    const answered = await ask(secret, 'how many tracks are there');
    assert.equal(answered.status, 200, answered.text);
    assert.equal(answered.body.status, 'FINISHED', answered.text);

    // The call is in the history: ASK, 200, its question, and no secret.
    await page.getByRole('tab', { name: 'API history' }).click();
    await page.waitForURL(/\/api-management\/history$/);
    const history = page.getByRole('table', { name: 'API history' });
    const askRow = history.getByRole('row').filter({ hasText: 'Ask' }).first();
    await askRow.waitFor();
    await askRow.getByText('200', { exact: true }).waitFor();
    assert.equal(await askRow.getByRole('link').getAttribute('href'), `/projects/${projectId}/home/${answered.body.threadId}`);
    await shot('history');
    await askRow.getByText('Ask', { exact: true }).click();
    const drawer = page.getByRole('dialog', { name: /^POST \S*\/ask$/ });
    await drawer.getByLabel('Request body').waitFor();
    assert.match(await drawer.getByLabel('Request body').innerText(), /"question": "how many tracks are there"/);
    assert.match(await drawer.getByLabel('Response body').innerText(), /"status": "FINISHED"/);
    assert.ok(!(await drawer.innerText()).includes(secret), 'the secret is not in the stored call');
    await shot('history-call');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Filtered by type, in the URL.
    await page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Type' }) }).click();
    await page.locator('.ant-select-item-option').getByText('Run SQL', { exact: true }).click();
    await page.waitForURL(/type=RUN_SQL/);
    await history.getByText('No Data', { exact: true }).waitFor();
    await shot('history-filtered');

    // The reference, read from the OpenAPI document.
    await page.getByRole('tab', { name: 'Reference' }).click();
    await page.waitForURL(/\/api-management\/reference$/);
    await page.getByText('/api/v1/run_sql', { exact: true }).waitFor();
    await page.getByText('Authorization: Bearer <key>').first().waitFor();
    await page.getByText('/api/v1/ask', { exact: true }).click();
    await page.getByLabel('curl example of POST /api/v1/ask').waitFor();
    await shot('reference');

    // Revoked: refused at once.
    await page.getByRole('tab', { name: 'API keys' }).click();
    await row.getByRole('button', { name: 'Revoke E2E reporting' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await shot('revoked');
    const refused = await ask(secret, 'how many tracks are there');
    assert.equal(refused.status, 401, refused.text);
  });
});
