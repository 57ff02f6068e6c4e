// Browser journey: a viewer opens what an owner shared with the project — a thread, a
// dashboard and a spreadsheet — and sees no control that would change them; the same change sent straight to
// the API is refused. The rule lives on the server, which tells the page what the viewer may do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, graphql, inBrowser, signedInWithProject, skip, until } from './session.mjs';

const SYNCED = 'query($p: ID!) { deployStatus(projectId: $p) { status } }';

/** The first error's code of a GraphQL call that is meant to be refused. */
async function refusedCode(request, query, variables) {
  const response = await request.post(`${BASE_URL}/api/graphql`, { data: { query, variables } });
  const body = await response.json();
  assert.ok(body.errors?.length, `expected a refusal, got ${JSON.stringify(body)}`);
  return body.errors[0].extensions?.code;
}

test('a viewer reads a shared thread, dashboard and spreadsheet without edit controls; the API refuses the change too', { skip, timeout: 480_000 }, async () => {
  await inBrowser('viewer', async ({ page, shot, newPage }) => {
    // The owner: MUSIC, a question answered, a folder everyone in the project sees, the thread
    // and a dashboard with its answer in it.
    const projectId = await signedInWithProject(page, 'Viewer journey');
    const owner = page.request;
    await graphql(owner, 'mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }', { p: projectId });
    await until('the sample is deployed', async () => (await graphql(owner, SYNCED, { p: projectId })).deployStatus.status === 'SYNCRONIZED');
    const asked = await graphql(owner, 'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id threadId responseId } }', {
      p: projectId,
      d: { question: 'number of tracks per genre' },
    });
    const { threadId, responseId } = asked.createAskingTask;
    await until('the answer', async () => {
      const { askingTask } = await graphql(owner, 'query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status } }', { p: projectId, t: asked.createAskingTask.id });
      return askingTask.status === 'FINISHED';
    });
    const folder = await graphql(owner, 'mutation($p: ID!) { createFolder(projectId: $p, data: {name: "Team", access: ANYONE_IN_PROJECT}) { id } }', { p: projectId });
    const folderId = folder.createFolder.id;
    await graphql(owner, 'mutation($p: ID!, $i: ID!, $f: ID) { switchFolder(projectId: $p, kind: THREAD, itemId: $i, folderId: $f) }', { p: projectId, i: threadId, f: folderId });
    const board = await graphql(owner, 'mutation($p: ID!, $f: ID) { createDashboard(projectId: $p, data: {name: "Genres", folderId: $f}) { id } }', { p: projectId, f: folderId });
    const dashboardId = board.createDashboard.id;
    await graphql(owner, 'mutation($p: ID!, $d: CreateDashboardItemInput!) { createDashboardItem(projectId: $p, data: $d) { id } }', {
      p: projectId,
      d: { dashboardId, responseId },
    });
    const sheet = await graphql(owner, 'mutation($p: ID!, $d: CreateSpreadsheetInput!) { createSpreadsheet(projectId: $p, data: $d) { id } }', {
      p: projectId,
      d: { name: 'Genre counts', responseId, folderId },
    });
    const spreadsheetId = sheet.createSpreadsheet.id;

    // The viewer: an account of their own, invited as VIEWER of the project, accepting it.
    const viewerPage = await newPage();
    await signedInWithProject(viewerPage, 'Their own');
    const viewer = viewerPage.request;
    const { me } = await graphql(viewer, '{ me { email } }');
    await graphql(owner, 'mutation($d: CreateInvitationInput!) { createAndSendInvitation(data: $d) { id } }', {
      d: { email: me.email, role: 'MEMBER', projects: [{ projectId, role: 'VIEWER' }] },
    });
    const { pendingInvitations } = await graphql(viewer, '{ pendingInvitations { id } }');
    await graphql(viewer, 'mutation($id: ID!) { acceptInvitation(data: {id: $id}) { id } }', { id: pendingInvitations[0].id });

    // The shared thread: the answer, and nothing to ask or change.
    await viewerPage.goto(`${BASE_URL}/projects/${projectId}/home/${threadId}`);
    const response = viewerPage.getByTestId('thread-response').first();
    await response.getByTestId('answer').waitFor({ timeout: 60_000 });
    await viewerPage.getByTestId('read-only-thread').waitFor();
    for (const control of ['Adjust steps', 'Adjust SQL', 'Pin to dashboard', 'Open as spreadsheet']) {
      assert.equal(await response.getByRole('button', { name: control }).count(), 0, `no "${control}" for a viewer`);
    }
    assert.equal(await viewerPage.getByPlaceholder('Ask a follow-up question').count(), 0, 'no follow-up box');
    assert.equal(await response.getByRole('button', { name: /^Remove / }).count(), 0, 'the reading is shown, not editable');
    await shot('viewer-thread', viewerPage);
    // Sent straight to the API, the follow-up is refused, as it is over REST.
    const code = await refusedCode(viewer, 'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }', {
      p: projectId,
      d: { question: 'only rock', threadId },
    });
    assert.equal(code, 'UNAUTHORIZED_ROLE_ACCESS');

    // The shared dashboard: its tile, and no refresh, schedule or menu.
    await viewerPage.goto(`${BASE_URL}/projects/${projectId}/home/dashboard/${dashboardId}`);
    await viewerPage.getByTestId('dashboard-tile').first().waitFor({ timeout: 60_000 });
    for (const control of ['Refresh all', 'Schedule']) {
      assert.equal(await viewerPage.getByRole('button', { name: control }).count(), 0, `no "${control}" for a viewer`);
    }
    await shot('viewer-dashboard', viewerPage);
    const renamed = await refusedCode(viewer, 'mutation($p: ID!, $d: ID!) { updateDashboard(projectId: $p, dashboardId: $d, data: {name: "Mine now"}) { id } }', {
      p: projectId,
      d: dashboardId,
    });
    assert.equal(renamed, 'UNAUTHORIZED_ROLE_ACCESS');

    // The shared spreadsheet: its rows, which can be paged and downloaded, and nothing to
    // save, rearrange, rename or delete.
    await viewerPage.goto(`${BASE_URL}/projects/${projectId}/home/spreadsheets/${spreadsheetId}`);
    await viewerPage.getByTestId('read-only').waitFor({ timeout: 60_000 });
    await viewerPage.getByRole('button', { name: 'Download CSV' }).waitFor();
    for (const control of ['Save view', 'Columns', 'Spreadsheet actions']) {
      assert.equal(await viewerPage.getByRole('button', { name: control }).count(), 0, `no "${control}" for a viewer`);
    }
    await shot('viewer-spreadsheet', viewerPage);
    const sheetRenamed = await refusedCode(viewer, 'mutation($p: ID!, $s: ID!) { updateSpreadsheet(projectId: $p, spreadsheetId: $s, name: "Mine now") { id } }', {
      p: projectId,
      s: spreadsheetId,
    });
    assert.equal(sheetRenamed, 'UNAUTHORIZED_ROLE_ACCESS');
  });
});
