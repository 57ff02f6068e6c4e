// Browser journey of spreadsheets on the MUSIC sample: a grid from SQL saved as "Tracks",
// paged, sorted and filtered at the source; columns hidden, renamed and moved; the view
// saved and still there after a reload; the CSV downloaded. Then grids from a question and
// from a thread response. Needs a running Quarry (QUARRY_E2E_URL) with its worker.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip } from './session.mjs';

const SQL = 'SELECT "Name", "Milliseconds", "UnitPrice" FROM "Track"';

const SPREADSHEET_QUERY = `query($p: ID!, $s: ID!) {
  spreadsheet(projectId: $p, spreadsheetId: $s) {
    name
    columns { name label hidden }
    sort { column direction }
    filters { column operator value }
  }
}`;

/** Opens an antd select (given its combobox) and picks the option showing `text`. */
async function choose(page, combobox, text) {
  await combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** Resolves with the answer of the next GraphQL operation named `name`. */
function nextOperation(page, name) {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/graphql') && (r.request().postData() ?? '').includes(`"operationName":"${name}"`), { timeout: 60_000 })
    .then(async (response) => {
      const body = await response.json();
      assert.ok(!body.errors, `${name}: ${JSON.stringify(body.errors)}`);
      return body.data;
    });
}

const grid = (page) => page.getByTestId('spreadsheet-grid');
const headers = (page) => grid(page).locator('thead th.ant-table-cell:not(.ant-table-cell-scrollbar)').allInnerTexts().then((t) => t.map((s) => s.trim()));
const firstRow = (page) => grid(page).locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts();
const rowRange = (page) => grid(page).getByTestId('row-range');

/** Waits until the grid's column headers are `expected` (the grid renders after its page loads). */
async function expectHeaders(page, expected) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now = await headers(page);
    if (JSON.stringify(now) === JSON.stringify(expected)) return;
    assert.ok(Date.now() < deadline, `headers ${JSON.stringify(now)}, expected ${JSON.stringify(expected)}`);
    await page.waitForTimeout(200);
  }
}

test('spreadsheets: from SQL, paged, sorted and filtered at the source, columns saved, CSV downloaded', { skip, timeout: 480_000 }, async () => {
  await inBrowser('spreadsheets', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Spreadsheets journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-sample-dataset="MUSIC"]').click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
    await page.getByText('Synced').waitFor({ timeout: 90_000 });

    // A new spreadsheet from SQL, from the sidebar.
    await page.goto(`${BASE_URL}/projects/${projectId}/home`);
    await page.getByRole('button', { name: 'New spreadsheet' }).click();
    await page.waitForURL(/\/home\/spreadsheets\/new$/);
    await page.locator('label.ant-radio-button-wrapper', { hasText: /^SQL$/ }).click();
    await page.getByRole('textbox', { name: 'SQL' }).fill(SQL);
    await shot('new-from-sql');
    const previewed = nextOperation(page, 'PreviewSpreadsheet');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = (await previewed).previewSpreadsheet;
    assert.equal(preview.totalRows, 3503);
    assert.equal(preview.rows.length, 50, 'the preview loads one page, not every row');
    await rowRange(page).filter({ hasText: 'of 3503 rows' }).waitFor();
    await page.getByLabel('Spreadsheet name').fill('Tracks');
    await shot('preview');

    // Saved: its page, listed in the sidebar.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/home\/spreadsheets\/[0-9a-f-]{36}$/);
    const spreadsheetId = page.url().split('/').pop();
    await rowRange(page).filter({ hasText: 'Showing 1–50 of 3503 rows' }).waitFor();
    await page.getByRole('list', { name: 'Spreadsheets' }).getByRole('link', { name: 'Tracks' }).waitFor();
    await expectHeaders(page, ['Name', 'Milliseconds', 'Unit price']);
    await shot('saved');

    // Page 2.
    let loaded = nextOperation(page, 'SpreadsheetPage');
    await grid(page).locator('.ant-pagination-item-2').click();
    let answer = (await loaded).spreadsheetPage;
    assert.equal(answer.page, 2);
    await rowRange(page).filter({ hasText: 'Showing 51–100 of 3503 rows' }).waitFor();
    await shot('page-2');

    // Sorted by Milliseconds, descending (two clicks on the header), from page 1.
    const millis = grid(page).locator('thead th', { hasText: 'Milliseconds' });
    loaded = nextOperation(page, 'SpreadsheetPage');
    await millis.click();
    await loaded;
    loaded = nextOperation(page, 'SpreadsheetPage');
    await millis.click();
    answer = (await loaded).spreadsheetPage;
    assert.equal(answer.page, 1);
    assert.equal(await millis.getAttribute('aria-sort'), 'descending');
    await rowRange(page).filter({ hasText: 'Showing 1–50 of 3503 rows' }).waitFor();
    // Numbers read with separators, as on every answer surface.
    await grid(page).locator('tbody tr.ant-table-row').first().locator('td', { hasText: '5,286,953' }).waitFor();
    assert.equal((await firstRow(page))[1], '5,286,953');
    await shot('sorted-descending');

    // A filter: UnitPrice > 0.99, typed as a number.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const form = page.locator('.ant-popover:visible');
    await choose(page, form.getByRole('combobox', { name: 'Filter column' }), 'Unit price');
    await choose(page, form.getByRole('combobox', { name: 'Filter operator' }), '> greater than');
    await form.getByLabel('Filter value').fill('0.99');
    await shot('add-filter');
    loaded = nextOperation(page, 'SpreadsheetPage');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    answer = (await loaded).spreadsheetPage;
    assert.equal(answer.totalRows, 213);
    await rowRange(page).filter({ hasText: 'of 213 rows' }).waitFor();
    assert.equal(await page.getByTestId('filter-tag').innerText(), 'Unit price > 0.99');
    await shot('filtered');

    // Columns: UnitPrice hidden, Name renamed Track, Milliseconds first.
    await page.getByRole('button', { name: 'Columns' }).click();
    const panel = page.getByRole('dialog', { name: 'Columns' });
    await panel.getByRole('checkbox', { name: 'Show UnitPrice' }).uncheck();
    await panel.getByLabel('Name of Name').fill('Track');
    await panel.getByRole('button', { name: 'Move Milliseconds up' }).click();
    await shot('columns-panel');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    await expectHeaders(page, ['Milliseconds', 'Track']);
    await page.getByTestId('unsaved').waitFor();
    await shot('columns-changed');

    // Save view, then reload: columns, sort and filter are what was saved.
    const saved = nextOperation(page, 'SaveSpreadsheet');
    await page.getByRole('button', { name: 'Save view' }).click();
    await saved;
    await page.getByTestId('unsaved').waitFor({ state: 'hidden' });
    const stored = (await graphql(page.request, SPREADSHEET_QUERY, { p: projectId, s: spreadsheetId })).spreadsheet;
    assert.deepEqual(stored.columns, [
      { name: 'Milliseconds', label: null, hidden: false },
      { name: 'Name', label: 'Track', hidden: false },
      { name: 'UnitPrice', label: null, hidden: true },
    ]);
    assert.deepEqual(stored.sort, [{ column: 'Milliseconds', direction: 'DESCENDING' }]);
    assert.deepEqual(stored.filters, [{ column: 'UnitPrice', operator: 'GREATER_THAN', value: 0.99 }]);
    await page.reload();
    await rowRange(page).filter({ hasText: 'Showing 1–50 of 213 rows' }).waitFor();
    await expectHeaders(page, ['Milliseconds', 'Track']);
    assert.equal(await grid(page).locator('thead th', { hasText: 'Milliseconds' }).getAttribute('aria-sort'), 'descending');
    assert.equal(await page.getByTestId('filter-tag').innerText(), 'Unit price > 0.99');
    const top = await firstRow(page);
    const amount = (text) => Number(text.replaceAll(',', ''));
    assert.ok(amount(top[0]) >= amount(await grid(page).locator('tbody tr.ant-table-row').nth(1).locator('td').first().innerText()), 'still sorted descending');
    await shot('reloaded');

    // Download CSV: the export is polled, then the file downloads.
    const downloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'Tracks.csv');
    const text = await readFile(await download.path(), 'utf8');
    const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
    assert.equal(lines[0], 'Milliseconds,Track');
    assert.equal(lines.length, 214, 'a header and the 213 filtered rows');
    assert.match(lines[1], /^\d+,/);
    await page.getByTestId('export-status').filter({ hasText: 'Exported 213 rows' }).waitFor();
    await shot('downloaded');

    // A filter added and not saved: the file holds what the grid shows, not the saved view.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const more = page.locator('.ant-popover:visible');
    await choose(page, more.getByRole('combobox', { name: 'Filter column' }), 'Milliseconds');
    await choose(page, more.getByRole('combobox', { name: 'Filter operator' }), '> greater than');
    await more.getByLabel('Filter value').fill('400000');
    const narrowed = nextOperation(page, 'SpreadsheetPage');
    await more.getByRole('button', { name: 'Add', exact: true }).click();
    const shown = (await narrowed).spreadsheetPage.totalRows;
    assert.ok(shown > 0 && shown < 213, `the unsaved filter leaves ${shown} rows`);
    await page.getByTestId('unsaved').waitFor();
    const again = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const unsavedText = await readFile(await (await again).path(), 'utf8');
    const unsavedLines = unsavedText.replace(/\r?\n$/, '').split(/\r?\n/);
    assert.equal(unsavedLines.length, shown + 1, 'a header and the rows the grid shows');
    assert.ok(unsavedLines.slice(1).every((line) => Number(line.split(',')[0]) > 400000), 'every exported row passes the unsaved filter');
    await shot('downloaded-unsaved');

    // From a thread response: "Open as spreadsheet" on its card, saved under the question.
    await page.goto(`${BASE_URL}/projects/${projectId}/home`);
    await page.getByLabel('Question').fill('number of tracks per genre');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.waitForURL(/\/home\/[0-9a-f-]+$/);
    const response = page.getByTestId('thread-response').first();
    await response.getByTestId('answer').waitFor({ timeout: 90_000 });
    await shot('thread-response');
    await response.getByRole('button', { name: 'Open as spreadsheet' }).click();
    await page.waitForURL(/\/home\/spreadsheets\/new\?responseId=/);
    await rowRange(page).filter({ hasText: /of \d+ rows/ }).waitFor();
    assert.equal(await page.getByLabel('Spreadsheet name').getAttribute('placeholder'), 'number of tracks per genre');
    await shot('from-response');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/home\/spreadsheets\/[0-9a-f-]{36}$/);
    await page.getByRole('list', { name: 'Spreadsheets' }).getByRole('link', { name: 'number of tracks per genre' }).waitFor();

    // From a question asked on the new-spreadsheet page.
    await page.getByRole('button', { name: 'New spreadsheet' }).click();
    await page.waitForURL(/\/home\/spreadsheets\/new$/);
    await page.getByRole('textbox', { name: 'Question' }).fill('how many tracks are there');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await rowRange(page).filter({ hasText: 'Showing 1–1 of 1 row' }).waitFor({ timeout: 90_000 });
    await shot('from-question');
  });
});
