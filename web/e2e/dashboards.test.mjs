// Browser journey of dashboards on the MUSIC sample: a chart and a number pinned from two
// threads to a new dashboard; a tile dragged to another place stays there after a reload; a
// daily 08:00 Europe/Berlin schedule shows its next run; "Refresh all" re-runs every tile.
// Needs a running Quarry (QUARRY_E2E_URL) with its worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, choose, graphql, inBrowser, signedInWithProject, skip, uniqueSuffix } from './session.mjs';

const DASHBOARD_QUERY = `query($p: ID!, $d: ID!) {
  dashboard(projectId: $p, dashboardId: $d) {
    name
    schedule { frequency hour minute timezone nextRunAt }
    lastRefresh { status tilesRefreshed tilesFailed }
    items { id name type layout { x y w h } }
  }
}`;


/** Asks `question` in a new thread from the home page and waits for its answer. */
async function askInNewThread(page, projectId, question) {
  await page.goto(`${BASE_URL}/projects/${projectId}/home`);
  await page.getByLabel('Question').fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  await page.waitForURL(/\/home\/[0-9a-f-]+$/);
  const response = page.getByTestId('thread-response').first();
  await response.getByTestId('answer').waitFor({ timeout: 90_000 });
  return response;
}

/** Polls `check` every 250 ms for at most 60 s. */
async function waitUntil(check, what) {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `waited 60 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The wall-clock hour and minute of an instant in `timeZone`. */
function wallClock(iso, timeZone) {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type) => parts.find((p) => p.type === type).value;
  return `${part('hour')}:${part('minute')}`;
}

/** The tile's and the grid's boxes once two readings 150 ms apart agree (at most 10 s). */
async function settledBoxes(page, tile) {
  const read = async () => ({ moved: await tile.boundingBox(), gridNow: await page.getByTestId('dashboard-grid').boundingBox() });
  let last = await read();
  for (let i = 0; i < 66; i += 1) {
    await page.waitForTimeout(150);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/** Each tile's id and the time its result was computed, as the page shows them. */
async function tileTimes(page) {
  return page.getByTestId('dashboard-tile').evaluateAll((tiles) =>
    tiles.map((tile) => ({ id: tile.dataset.itemId, at: tile.dataset.cacheCreatedAt })),
  );
}

test('dashboards: pin a chart and a number, arrange them, schedule and refresh', { skip, timeout: 480_000 }, async () => {
  await inBrowser('dashboards', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Dashboards journey');
    const dashboardName = `Music overview ${uniqueSuffix().slice(-4)}`;
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-sample-dataset="MUSIC"]').click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });
    await page.getByText('Synced').waitFor({ timeout: 90_000 });

    // A question answered with a bar chart, pinned as its chart to a new dashboard.
    const chartAnswer = await askInNewThread(page, projectId, 'number of tracks per genre');
    await chartAnswer.getByRole('tab', { name: 'Chart' }).click();
    await chartAnswer.getByTestId('chart').locator('.main-svg').first().waitFor({ timeout: 30_000 });
    await shot('chart-answer');
    await chartAnswer.getByRole('button', { name: 'Pin to dashboard' }).click();
    const pin = page.getByRole('dialog', { name: 'Pin to dashboard' });
    await pin.getByLabel('New dashboard name').fill(dashboardName);
    assert.ok(await pin.getByRole('radio', { name: /^Its chart/ }).isChecked(), 'the response chart is the default tile type');
    await shot('pin-chart-new-dashboard');
    await pin.getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByTestId('pinned-toast').getByRole('link', { name: dashboardName }).waitFor();
    await pin.waitFor({ state: 'hidden' });
    await shot('pinned-chart');

    // A question answered with one number, pinned as a NUMBER tile to the same dashboard.
    const numberAnswer = await askInNewThread(page, projectId, 'how many tracks are there');
    await numberAnswer.getByRole('button', { name: 'Pin to dashboard' }).click();
    await choose(page, pin.getByRole('combobox', { name: 'Dashboard' }), dashboardName);
    await pin.getByRole('radio', { name: 'Number', exact: true }).check();
    await shot('pin-number');
    await pin.getByRole('button', { name: 'Pin', exact: true }).click();
    const toastLink = page.getByTestId('pinned-toast').getByRole('link', { name: dashboardName });
    await toastLink.waitFor();

    // The dashboard: the chart tile, and the number in the free space beside it.
    await toastLink.click();
    await page.waitForURL(/\/home\/dashboard\/[0-9a-f-]+$/);
    const dashboardId = page.url().split('/').pop();
    const tiles = page.getByTestId('dashboard-tile');
    await tiles.nth(1).waitFor();
    const chartTile = page.locator('[data-testid="dashboard-tile"][data-item-type="BAR"]');
    const numberTile = page.locator('[data-testid="dashboard-tile"][data-item-type="NUMBER"]');
    await chartTile.getByTestId('chart').locator('.main-svg').first().waitFor({ timeout: 30_000 });
    const total = Number((await numberTile.getByTestId('number-value').innerText()).replace(/[^0-9.]/g, ''));
    assert.ok(total > 1000, `the number tile shows the track count (${total})`);
    await page.getByRole('link', { name: dashboardName }).first().waitFor(); // listed in the sidebar
    await shot('dashboard');

    // Drag the number tile by its title from beside the chart to the right edge (column 9, row 0).
    const before = await graphql(page.request, DASHBOARD_QUERY, { p: projectId, d: dashboardId });
    const numberItem = before.dashboard.items.find((i) => i.type === 'NUMBER');
    assert.deepEqual(numberItem.layout, { x: 6, y: 0, w: 3, h: 2 });
    await settledBoxes(page, numberTile);
    const grid = await page.getByTestId('dashboard-grid').boundingBox();
    const handle = await numberTile.locator('.dashboard-tile__handle').boundingBox();
    const tileBox = await numberTile.boundingBox();
    const column = (grid.width - 16 * 11) / 12 + 16;
    const grab = { x: handle.x + 20, y: handle.y + handle.height / 2 };
    const target = { x: grid.x + 9 * column + (grab.x - tileBox.x), y: grid.y + (grab.y - tileBox.y) };
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/graphql') && (r.request().postData() ?? '').includes('UpdateDashboardItemLayouts'));
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x + 10, grab.y + 5, { steps: 3 });
    await page.mouse.move(target.x, target.y, { steps: 25 });
    await shot('dragging');
    await page.mouse.up();
    const answer = await (await saved).json();
    assert.ok(!answer.errors, `layout saved: ${JSON.stringify(answer.errors)}`);

    // After a reload the tile is still there: in the api and on the page.
    await page.reload();
    await numberTile.getByTestId('number-value').waitFor();
    const after = await graphql(page.request, DASHBOARD_QUERY, { p: projectId, d: dashboardId });
    assert.deepEqual(after.dashboard.items.find((i) => i.id === numberItem.id).layout, { x: 9, y: 0, w: 3, h: 2 });
    // The grid measures its width after mounting and slides tiles into place (a CSS
    // transition), so the position is read once it has settled.
    const { moved, gridNow } = await settledBoxes(page, numberTile);
    assert.ok(Math.abs(moved.x - (gridNow.x + 9 * column)) < 4 && Math.abs(moved.y - gridNow.y) < 4, `the tile is drawn at column 9, row 0 (${JSON.stringify(moved)})`);
    await shot('rearranged-after-reload');

    // A daily 08:00 schedule in Europe/Berlin.
    await page.getByRole('button', { name: 'Schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Refresh schedule' });
    await choose(page, schedule.getByRole('combobox', { name: 'Frequency' }), 'Daily');
    await schedule.getByLabel('Hour').fill('8');
    await schedule.getByLabel('Minute').fill('0');
    await choose(page, schedule.getByRole('combobox', { name: 'Timezone' }), 'Europe/Berlin', { search: true });
    await shot('schedule-modal');
    await schedule.getByRole('button', { name: 'Save' }).click();
    await schedule.waitFor({ state: 'hidden' });
    const nextRun = page.getByTestId('next-run');
    await nextRun.waitFor();
    assert.match(await nextRun.innerText(), /^Next run: \d{4}-\d{2}-\d{2} 08:00 \(Europe\/Berlin\)$/);
    assert.match(await page.getByTestId('schedule-summary').innerText(), /Daily at 08:00 \(Europe\/Berlin\)/);
    const scheduled = (await graphql(page.request, DASHBOARD_QUERY, { p: projectId, d: dashboardId })).dashboard.schedule;
    assert.equal(scheduled.frequency, 'DAILY');
    assert.equal(scheduled.timezone, 'Europe/Berlin');
    assert.ok(scheduled.nextRunAt, 'Temporal describes the next run');
    assert.equal(wallClock(scheduled.nextRunAt, 'Europe/Berlin'), '08:00', `next run ${scheduled.nextRunAt} is 08:00 in Berlin`);
    assert.ok(new Date(scheduled.nextRunAt) > new Date() && new Date(scheduled.nextRunAt) - new Date() <= 24 * 3600 * 1000, 'within a day');
    await shot('scheduled');

    // Refresh all: every tile is computed again.
    const times = await tileTimes(page);
    assert.equal(times.length, 2);
    assert.ok(times.every((t) => t.at), `every tile has a result time: ${JSON.stringify(times)}`);
    await page.getByRole('button', { name: 'Refresh all' }).click();
    await page.getByRole('button', { name: 'Refreshing…' }).waitFor();
    await shot('refreshing');
    const deadline = Date.now() + 120_000;
    for (;;) {
      const now = await tileTimes(page);
      const newer = times.every((old) => {
        const tile = now.find((t) => t.id === old.id);
        return tile?.at && new Date(tile.at) > new Date(old.at);
      });
      if (newer) break;
      assert.ok(Date.now() < deadline, `tiles not refreshed: before ${JSON.stringify(times)}, now ${JSON.stringify(now)}`);
      await page.waitForTimeout(500);
    }
    await page.getByTestId('last-refresh').and(page.locator('[data-status="SUCCEEDED"]')).waitFor({ timeout: 30_000 });
    assert.match(await page.getByTestId('last-refresh').innerText(), /Refreshed\s*2 tiles refreshed, 0 failed/);
    await page.getByRole('button', { name: 'Refresh all' }).waitFor();
    await shot('refreshed');

    // Filters: the genre chart keeps Rock; the track count does not read genres and says so.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await choose(page, page.getByRole('combobox', { name: 'Filter 1 column' }), 'Genre › Name', { search: true });
    const values = page.getByRole('combobox', { name: 'Filter 1 values' });
    await values.fill('Rock');
    await values.press('Enter');
    await numberTile.getByTestId('tile-unfiltered').waitFor({ timeout: 60_000 });
    assert.match(await numberTile.getByTestId('tile-unfiltered').innerText(), /Not filtered by genre name \(this tile does not read Genre\)/);
    await chartTile.getByTestId('chart').locator('.main-svg').first().waitFor({ timeout: 30_000 });
    const bars = chartTile.locator('.bars .point');
    await waitUntil(async () => (await bars.count()) === 1, 'the genre chart to keep one bar');
    await shot('filtered');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitUntil(async () => (await bars.count()) > 1, 'the genre chart to show every genre again');

    // Drill-down: a click on a bar opens the rows behind it in a new spreadsheet.
    await chartTile.locator('.bars .point path').first().click({ force: true });
    await page.waitForURL(/\/home\/spreadsheets\/[0-9a-f-]+$/, { timeout: 60_000 });
    await page.getByRole('heading', { name: /number of tracks per genre — / }).waitFor({ timeout: 30_000 });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    await shot('drill-down');
  });
});
