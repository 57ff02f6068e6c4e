// Browser journey of the modeling page on the MUSIC sample: the first deploy, the diagram, a
// calculated field across a relationship, its preview and SQL, and deploying the change.
// Needs a running Quarry (QUARRY_E2E_URL) with its worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip } from './session.mjs';

test('modeling: diagram, calculated field, preview, SQL and deploy', { skip, timeout: 240_000 }, async () => {
  await inBrowser('modeling', async ({ page, shot }) => {
    const projectId = await signedInWithProject(page, 'Modeling journey');
    await page.goto(`${BASE_URL}/projects/${projectId}/setup/connection`);
    await page.locator('[data-sample-dataset="MUSIC"]').click();
    await page.waitForURL(/\/modeling$/, { timeout: 90_000 });

    // Choosing the sample deployed it; the diagram shows every model and relationship.
    const status = page.getByTestId('sync-status');
    await page.getByText('Synced').waitFor({ timeout: 90_000 });
    await page.getByTestId('model-node-Artist').waitFor();
    assert.equal(await page.locator('.react-flow__node').count(), 11);
    assert.equal(await page.locator('.react-flow__edge').count(), 11);
    await page.getByLabel('Edge style').first().click();
    await page.getByTitle('step edges', { exact: true }).click();
    await shot('modeling-diagram');
    // Where each node stands (its place in the diagram, whatever the zoom).
    const places = () => page.locator('.react-flow__node').evaluateAll((nodes) => Object.fromEntries(nodes.map((n) => [n.getAttribute('data-id'), n.style.transform])));
    const before = await places();

    // A calculated field on Artist counting its albums through the relationship.
    await page.getByTestId('model-node-Artist').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('table', { name: 'Columns' }).waitFor();
    await shot('model-drawer');
    await drawer.getByRole('tab', { name: 'Calculated fields' }).click();
    await drawer.getByLabel('Name', { exact: true }).fill('album_count');
    await drawer.getByLabel('Expression', { exact: true }).fill('COUNT(Album.AlbumId)');
    await drawer.getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Calculated field album_count added.').waitFor();
    await drawer.getByRole('table', { name: 'Calculated fields' }).getByText('COUNT(Album.AlbumId)').waitFor();
    await page.getByText('Undeployed changes').waitFor();
    await shot('calculated-field');
    assert.deepEqual(await places(), before, 'an edit moves no node');

    // Its values in the preview, and the SQL the model runs as.
    await drawer.getByRole('tab', { name: 'Preview data' }).click();
    const preview = drawer.getByRole('table', { name: 'Preview data' });
    await preview.getByText('AC/DC').waitFor({ timeout: 30_000 });
    const acdc = preview.getByRole('row').filter({ hasText: 'AC/DC' });
    assert.deepEqual(await acdc.getByRole('cell').allInnerTexts(), ['1', 'AC/DC', '2']);
    await shot('preview-data');
    await drawer.getByRole('tab', { name: 'View SQL' }).click();
    await drawer.getByLabel('SQL').getByText(/GROUP BY/).waitFor();
    await shot('view-sql');
    await page.keyboard.press('Escape');

    // Deploying brings the models back in sync.
    await page.getByRole('button', { name: /Deploy$/ }).click();
    await page.getByText('Deployed.').waitFor({ timeout: 90_000 });
    assert.equal(await status.innerText(), 'Synced');
    await page.getByRole('button', { name: 'Deploy log' }).click();
    await page.getByLabel('Deploy log').getByText(/✓ model Artist/).waitFor();
    await shot('deploy-log');
    const state = await graphql(page.request, 'query($p: ID!) { deployStatus(projectId: $p) { status lastDeploy { status } } }', { p: projectId });
    assert.deepEqual(state.deployStatus, { status: 'SYNCRONIZED', lastDeploy: { status: 'SUCCESS' } });
    await page.keyboard.press('Escape');

    // A node dragged elsewhere stays there after a reload.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const album = page.getByTestId('model-node-Album');
    const box = await album.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + 12);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + 92, { steps: 8 });
    await page.mouse.up();
    const dragged = (await places()).Album;
    assert.notEqual(dragged, before.Album, 'the node moved');
    await page.reload();
    await page.getByTestId('model-node-Album').waitFor();
    assert.equal((await places()).Album, dragged, 'where the user put it');

    // An MDL file with a metric added replaces the models; the metric joins the diagram.
    const exported = await graphql(page.request, 'query($p: ID!) { exportMdl(projectId: $p) }', { p: projectId });
    const mdl = JSON.parse(exported.exportMdl);
    mdl.metrics = [
      {
        name: 'sales_by_month',
        baseObject: 'Invoice',
        dimensions: [{ name: 'BillingCountry', type: 'VARCHAR', kind: { kind: 'source' } }],
        measures: [{ name: 'revenue', type: 'DECIMAL', kind: { kind: 'calculated', expression: 'SUM(Total)' } }],
        timeGrains: [{ name: 'invoiced', refColumn: 'InvoiceDate', dateParts: ['MONTH', 'YEAR'] }],
      },
    ];
    await page.getByRole('button', { name: 'Import MDL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import MDL' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'music-mdl.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mdl)) });
    await dialog.getByText('music-mdl.json').waitFor();
    await dialog.getByRole('button', { name: 'Replace models' }).click();
    await page.getByText('Imported 11 models from music-mdl.json.').waitFor();
    await page.getByTestId('metric-node-sales_by_month').waitFor();
    await page.getByText('Undeployed changes').waitFor();
    await shot('metric-imported');
  });
});
