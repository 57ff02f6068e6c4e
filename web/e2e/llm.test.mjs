// Browser journey of the language model: an admin configures an OpenAI-compatible provider
// (a local server speaking the protocol), tests the connection, saves it, asks a question and
// sees the reasoning steps, the plan and the answer. Needs a running Quarry (QUARRY_E2E_URL).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startFakeOpenAi } from './fakeOpenAi.mjs';
import { BASE_URL, inBrowser, signedInWithProject, skip } from './session.mjs';

test('language model: configure, test, ask, see the reasoning and the answer', { skip, timeout: 240_000 }, async () => {
  const provider = await startFakeOpenAi();
  try {
    await inBrowser('llm', async ({ page, shot }) => {
      const projectId = await signedInWithProject(page, 'LLM journey');
      await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
      await page.locator('[data-sample-dataset="MUSIC"]').click();
      await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
      await page.getByText('Synced').waitFor({ timeout: 90_000 });

      await page.goto(`${BASE_URL}/projects/${projectId}/settings/organization/llm`);
      await page.getByRole('button', { name: 'Set up OpenAI-compatible' }).waitFor();
      await shot('select-method');
      await page.getByRole('button', { name: 'Set up OpenAI-compatible' }).click();
      await page.getByLabel('Chat model').fill('llama3.1');
      await page.getByLabel('Endpoint (base URL)').fill(provider.url);
      await page.getByLabel('API key').fill('sk-e2e');

      // A refused key is shown where the form is; a good one says so.
      provider.script({ text: 'OK' });
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText('Connection successful.').waitFor();
      await shot('tested');
      provider.script({ text: 'OK' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('In use').waitFor();
      await page.getByText('Saved, encrypted (never shown)').waitFor();
      assert.equal(await page.getByText('sk-e2e').count(), 0, 'the key is never shown');
      await shot('saved');

      // Ask: the steps move on while the model works; its plan shows before the answer.
      provider.script(
        '{"intent": "DATA", "reply": ""}',
        '1. Sum Invoice.Total for each BillingCountry.\n2. Sort the countries by revenue.',
        { text: 'SELECT "BillingCountry", SUM("Total") AS revenue FROM "Invoice" GROUP BY 1 ORDER BY 2 DESC', delayMs: 3000 },
        'USA brings in the most revenue, ahead of Canada and France.',
        '{"chartType": "BAR", "title": "Revenue by country", "x": "BillingCountry", "y": "revenue"}',
      );
      await page.getByRole('link', { name: 'Home' }).click();
      await page.getByLabel('Question').fill('Where does our revenue come from?');
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      await page.waitForURL(/\/home\/[0-9a-f-]+$/);
      const card = page.getByTestId('thread-response').first();
      await card.getByTestId('reasoning').waitFor({ timeout: 60_000 });
      assert.match(await card.getByTestId('reasoning').innerText(), /Sum Invoice\.Total for each BillingCountry/);
      await card.getByTestId('reasoning-steps').waitFor();
      await shot('reasoning');

      await card.getByTestId('answer').waitFor({ timeout: 60_000 });
      assert.equal(await card.getByTestId('answer').innerText(), 'USA brings in the most revenue, ahead of Canada and France.');
      await card.getByRole('table', { name: 'Result' }).getByText('USA', { exact: true }).waitFor();
      assert.match(await card.getByTestId('answered-by').innerText(), /Written by the language model/);
      await card.getByText('How this was answered').click();
      await card.getByTestId('reasoning').waitFor();
      await shot('answer');

      const prompt = provider.requests.find((r) => r.body?.messages?.[0]?.content?.startsWith('Tables'));
      assert.ok(prompt, 'the SQL was written from the schema');
      assert.equal(prompt.authorization, 'Bearer sk-e2e');

      // Follow-ups recommended by the model for this thread.
      provider.script('{"questions": ["Which cities in the USA bring the most revenue?", "How did revenue change by year?"]}');
      await page.getByRole('button', { name: 'Recommend follow-up questions' }).click();
      await page.getByRole('button', { name: 'Which cities in the USA bring the most revenue?' }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'How did revenue change by year?' }).waitFor();
      await shot('follow-ups');

      // Descriptions proposed for every model, reviewed, edited and saved.
      await page.getByRole('link', { name: 'Modeling' }).click();
      await page.getByRole('button', { name: 'Describe models' }).click();
      await page.getByRole('heading', { name: 'Describe your models' }).waitFor();
      const models = await page.getByRole('checkbox').count();
      for (let i = 0; i < models; i += 1) {
        provider.script('{"description": "Described by the language model.", "columns": {}}');
      }
      await page.getByRole('button', { name: 'Generate descriptions' }).click();
      await page.getByText('Written by the language model').waitFor({ timeout: 90_000 });
      const album = page.getByLabel('Description of Album', { exact: true });
      assert.equal(await album.inputValue(), 'Described by the language model.');
      await album.fill('One album of an artist, with its title.');
      assert.equal(await page.getByLabel('Description of Album.AlbumId').inputValue(), 'Unique identifier of the album.');
      await shot('descriptions');
      await page.getByRole('button', { name: 'Save selected' }).click();
      await page.getByText(`Descriptions saved for ${models} model(s).`).waitFor();


      // Knowledge: a pair's SQL is checked against the models before it is saved.
      await page.getByRole('link', { name: 'Knowledge' }).click();
      await page.locator('.ant-empty-description', { hasText: 'No Data' }).waitFor();
      await page.getByRole('button', { name: 'Add a question-SQL pair' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Question').fill('How many customers does each country have?');
      await dialog.getByLabel('SQL').fill('SELECT "Country", COUNT(*) FROM "Clients" GROUP BY 1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(/Clients/).nth(1).waitFor();
      await shot('pair-refused');
      await dialog.getByLabel('SQL').fill('SELECT "Country", COUNT(*) AS customers FROM "Customer" GROUP BY 1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: 'How many customers does each country have?', exact: true }).waitFor();
      await shot('pairs');

      await page.getByRole('tab', { name: 'Instructions' }).click();
      await page.getByRole('button', { name: 'Add an instruction' }).click();
      await page.getByRole('dialog').getByLabel('Instruction').fill('Revenue always means the sum of Invoice.Total.');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByRole('cell', { name: 'Revenue always means the sum of Invoice.Total.', exact: true }).waitFor();
      await page.getByText('All questions').waitFor();
      await shot('instructions');

      // What the model's calls cost this month, on the settings page.
      await page.goto(`${BASE_URL}/projects/${projectId}/settings/organization/llm`);
      const usage = await page.getByTestId('llm-usage').innerText();
      const calls = Number(usage.split(' ')[0].replace(/,/g, ''));
      assert.ok(calls >= 5, `the ask's steps were counted: ${usage}`);
      assert.match(usage, new RegExp(`${(10 * calls).toLocaleString('en-US')} input and ${(5 * calls).toLocaleString('en-US')} output tokens`));
      await shot('usage');
    });
  } finally {
    await provider.close();
  }
});
