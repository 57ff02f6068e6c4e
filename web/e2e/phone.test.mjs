// Browser journey at 390 × 844 (a phone): the home, thread, dashboard, spreadsheet, modeling
// and settings pages keep the whole width — the folder tree and the navigation move into
// drawers — nothing scrolls sideways and no block of content is squeezed under 200 px.
/* global document, window -- functions passed to evaluate() run in the page */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip, until } from './session.mjs';

const SYNCED = 'query($p: ID!) { deployStatus(projectId: $p) { status } }';

/** The page fits the phone: no sideways scroll, and its main content is not squeezed (read
 *  again for a few seconds while tiles and drawers finish moving into place). */
async function fitsThePhone(page, what) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scroll <= 390 || Date.now() > deadline) break;
    await page.waitForTimeout(250);
  }
  const { scroll, width, content, widest } = await page.evaluate(() => {
    const main = document.querySelector('main.ant-layout-content');
    // The element reaching furthest right, to name in a failure.
    let widest = '';
    let right = 0;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.right)} px)`;
      }
    }
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, content: main?.getBoundingClientRect().width ?? 0, widest };
  });
  assert.ok(scroll <= width, `${what}: the page scrolls sideways (${scroll} px wide in ${width}; widest: ${widest})`);
  assert.ok(content >= 300, `${what}: the content is ${content} px wide`);
  // Blocks that hold reading matter — headings, paragraphs, cards, tables, forms, charts —
  // keep at least 200 px, so no heading wraps a word per line.
  const squeezed = await page.evaluate(() => {
    const blocks = document.querySelectorAll(
      'main h1, main h2, main h3, main h4, main .ant-typography:not(span), main .ant-card, main .ant-table-wrapper, main form, main [data-testid="chart"], main [data-testid="answer"], main [data-testid="model-diagram"]',
    );
    const found = [];
    for (const element of blocks) {
      const box = element.getBoundingClientRect();
      const style = window.getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Inline forms (a search box, a filter) and short labels are as wide as their text.
      if (element.tagName === 'FORM' && element.classList.contains('ant-form-inline')) continue;
      if (element.dataset.testid === 'model-diagram' && box.width < 300) found.push(`the diagram (${Math.round(box.width)} px)`);
      else if (box.width < 200 && element.scrollWidth > box.width + 1) found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.width)} px)`);
      else if (box.width < 200 && box.height > 3 * parseFloat(style.lineHeight || '20')) found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.width)} × ${Math.round(box.height)} px)`);
    }
    return found;
  });
  assert.deepEqual(squeezed, [], `${what}: content squeezed under 200 px`);
}

test('on a phone, pages keep the width and navigation opens from a menu', { skip, timeout: 480_000 }, async () => {
  await inBrowser('phone', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Phone journey');
    const request = page.request;
    await graphql(request, 'mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }', { p: projectId });
    await until('the sample is deployed', async () => (await graphql(request, SYNCED, { p: projectId })).deployStatus.status === 'SYNCRONIZED');
    const asked = await graphql(request, 'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id threadId responseId } }', {
      p: projectId,
      d: { question: 'number of tracks per genre' },
    });
    await until('the answer', async () => {
      const { askingTask } = await graphql(request, 'query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status } }', { p: projectId, t: asked.createAskingTask.id });
      return askingTask.status === 'FINISHED';
    });
    const board = await graphql(request, 'mutation($p: ID!) { createDashboard(projectId: $p, data: {name: "Genres"}) { id } }', { p: projectId });
    await graphql(request, 'mutation($p: ID!, $d: CreateDashboardItemInput!) { createDashboardItem(projectId: $p, data: $d) { id } }', {
      p: projectId,
      d: { dashboardId: board.createDashboard.id, responseId: asked.createAskingTask.responseId },
    });

    await page.setViewportSize({ width: 390, height: 844 });

    // Home: the question box has the width; the folder tree opens from a button.
    await page.goto(`${BASE_URL}/projects/${projectId}/home`);
    await page.getByRole('button', { name: 'Threads and folders' }).waitFor();
    await fitsThePhone(page, 'home');
    await shot('home');
    await page.getByRole('button', { name: 'Threads and folders' }).click();
    const tree = page.getByRole('dialog', { name: 'Threads and folders' });
    await tree.getByText('number of tracks per genre').click();
    await page.getByTestId('answer').first().waitFor({ timeout: 60_000 });
    await tree.waitFor({ state: 'hidden' }); // opening a thread closes the drawer

    // The thread: the answer and its table fit.
    await fitsThePhone(page, 'thread');
    await shot('thread');

    // The navigation: every project page from the menu.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByTestId('navigation-drawer');
    for (const link of ['Home', 'Modeling', 'Knowledge', 'Settings']) {
      await drawer.getByRole('link', { name: link }).waitFor();
    }
    await shot('navigation');
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings/);
    // Its sections in a picker, so the form has the width.
    await page.getByRole('combobox', { name: 'Settings section' }).waitFor();
    const form = await page.getByRole('textbox', { name: 'Display name' }).boundingBox();
    assert.ok(form && form.width >= 250, `the settings form is ${form?.width} px wide`);
    await fitsThePhone(page, 'settings');
    await shot('settings');

    // The dashboard with its tile.
    await page.goto(`${BASE_URL}/projects/${projectId}/home/dashboard/${board.createDashboard.id}`);
    await page.getByTestId('dashboard-tile').first().waitFor({ timeout: 60_000 });
    await fitsThePhone(page, 'dashboard');
    await shot('dashboard');

    // A spreadsheet of the answer: its grid scrolls inside itself, the page does not.
    const sheet = await graphql(request, 'mutation($p: ID!, $d: CreateSpreadsheetInput!) { createSpreadsheet(projectId: $p, data: $d) { id } }', {
      p: projectId,
      d: { name: 'Genres', responseId: asked.createAskingTask.responseId },
    });
    await page.goto(`${BASE_URL}/projects/${projectId}/home/spreadsheets/${sheet.createSpreadsheet.id}`);
    await page.getByTestId('spreadsheet-grid').getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    await fitsThePhone(page, 'spreadsheet');
    await shot('spreadsheet');

    // Modeling: the diagram has the width; a model opens in a drawer that fits.
    await page.goto(`${BASE_URL}/projects/${projectId}/modeling`);
    await page.locator('.react-flow__node').first().waitFor({ timeout: 60_000 });
    await fitsThePhone(page, 'modeling');
    await shot('modeling');
  });
});
