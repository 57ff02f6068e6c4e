// Browser journey: an owner creates a session property, gives a group a value, adds a row
// policy on the data-security pages; a member of the group then asks and gets only their
// group's rows, and the owner, with no value, gets none; the member's answer from before the
// policy is withheld from them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE_URL, choose, graphql, inBrowser, signedInWithProject, skip, until } from './session.mjs';

const SYNCED = 'query($p: ID!) { deployStatus(projectId: $p) { status } }';

/** Asks through the API as `request` and returns the first cell of the answer. */
async function firstCell(request, projectId, question) {
  const asked = await graphql(request, 'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id threadId responseId } }', {
    p: projectId,
    d: { question },
  });
  await until(`the answer to "${question}"`, async () => {
    const { askingTask } = await graphql(request, 'query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status } }', { p: projectId, t: asked.createAskingTask.id });
    assert.ok(!['FAILED', 'NO_RESULT', 'STOPPED'].includes(askingTask.status), `"${question}" ended ${askingTask.status}`);
    return askingTask.status === 'FINISHED';
  });
  const data = await graphql(request, 'query($p: ID!, $r: ID!) { previewResponseData(projectId: $p, responseId: $r, limit: 5) { rows } }', {
    p: projectId,
    r: asked.createAskingTask.responseId,
  });
  return { value: Number(data.previewResponseData.rows[0][0]), threadId: asked.createAskingTask.threadId };
}

test('an owner adds a property, a group value and a row policy; a member of the group sees only their rows', { skip, timeout: 480_000 }, async () => {
  await inBrowser('data-security', async ({ page, shot, newPage }) => {
    const projectId = await signedInWithProject(page, 'Secured sales');
    const owner = page.request;
    await graphql(owner, 'mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }', { p: projectId });
    await until('the sample is deployed', async () => (await graphql(owner, SYNCED, { p: projectId })).deployStatus.status === 'SYNCRONIZED');

    // A member of the org, in a group, who may ask in the project.
    const memberPage = await newPage();
    await signedInWithProject(memberPage, 'Their own');
    const member = memberPage.request;
    const { me } = await graphql(member, '{ me { id email } }');
    await graphql(owner, 'mutation($d: CreateInvitationInput!) { createAndSendInvitation(data: $d) { id } }', {
      d: { email: me.email, role: 'MEMBER', projects: [{ projectId, role: 'CONTRIBUTOR' }] },
    });
    const { pendingInvitations } = await graphql(member, '{ pendingInvitations { id } }');
    await graphql(member, 'mutation($id: ID!) { acceptInvitation(data: {id: $id}) { id } }', { id: pendingInvitations[0].id });
    const group = await graphql(owner, 'mutation { createOrgGroup(data: {name: "Sales USA"}) { id } }');
    await graphql(owner, 'mutation($d: OrgGroupMemberInput!) { addOrgGroupMember(data: $d) { id } }', { d: { groupId: group.createOrgGroup.id, userId: me.id } });
    const before = await firstCell(member, projectId, 'How many customers are there?');
    assert.equal(before.value, 59, 'before any policy, every customer');

    // The owner, on the data-security pages: a property of several values…
    await page.goto(`${BASE_URL}/projects/${projectId}/data-security/session-property`);
    await page.getByText('No session properties yet.').waitFor();
    await shot('no-properties');
    await page.getByRole('button', { name: 'Add property' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('country');
    await choose(page, dialog.getByRole('combobox', { name: 'Scope' }), 'Combined');
    await shot('new-property');
    await dialog.getByRole('button', { name: 'Add property' }).click();
    await page.getByText('Session property "country" created.').waitFor();
    // …which the group holds.
    await page.locator('.ant-table-row-expand-icon').first().click();
    await choose(page, page.getByRole('combobox', { name: 'Member, group or API key' }), 'Group: Sales USA', { search: true });
    await page.getByLabel('Value').fill('USA');
    await page.getByRole('button', { name: 'Save value' }).click();
    await page.getByText('Value saved.').waitFor();
    await page.getByRole('cell', { name: 'Group: Sales USA', exact: true }).waitFor();
    await shot('group-value');

    // A row policy: an invalid one is refused with the server's reason, then the right one.
    await page.getByRole('tab', { name: 'Row-level' }).click();
    await page.getByRole('button', { name: 'Add row policy' }).click();
    const policy = page.getByRole('dialog');
    await policy.getByLabel('Name').fill('Own country');
    await choose(page, policy.getByRole('combobox', { name: 'Model' }), 'Customer', { search: true });
    await policy.getByLabel('Rows shown').fill('Country = @region');
    await policy.getByRole('button', { name: 'Add policy' }).click();
    await page.getByText('no session property "region"').waitFor();
    await policy.getByLabel('Rows shown').fill('Country = @country');
    await shot('row-policy');
    await policy.getByRole('button', { name: 'Add policy' }).click();
    await page.getByText('Policy "Own country" created.').waitFor();
    await page.getByRole('cell', { name: 'Country = @country', exact: true }).waitFor();
    await shot('row-policies');

    // Before signing in as them: the owner views the customers as the member.
    await choose(page, page.getByRole('combobox', { name: 'Member' }), me.email, { search: true });
    await choose(page, page.getByRole('combobox', { name: 'Model to view' }), 'Customer');
    await page.getByRole('button', { name: 'View as member' }).click();
    const viewed = page.getByTestId('view-as-rows');
    await viewed.getByText('USA').first().waitFor();
    assert.equal(await viewed.locator('tbody tr.ant-table-row').count(), 13, "the member's 13 customers");
    assert.equal(await viewed.getByText('Brazil').count(), 0);
    await shot('view-as-member');

    // A column policy: e-mail addresses only for askers whose country is the USA.
    await page.getByRole('tab', { name: 'Column-level' }).click();
    await page.getByRole('button', { name: 'Add column policy' }).click();
    const column = page.getByRole('dialog');
    await column.getByLabel('Name').fill('E-mail in the USA');
    await choose(page, column.getByRole('combobox', { name: 'Model' }), 'Customer', { search: true });
    await choose(page, column.getByRole('combobox', { name: 'Column' }), 'Email', { search: true });
    await choose(page, column.getByRole('combobox', { name: 'Session property' }), '@country');
    await column.getByLabel('Value').fill('USA');
    await shot('column-policy');
    await column.getByRole('button', { name: 'Add policy' }).click();
    await page.getByText('Policy "E-mail in the USA" created.').waitFor();
    await page.getByRole('cell', { name: 'Email: @country equals USA' }).waitFor();
    // The member may read the addresses; the owner, with no value, may not.
    await choose(page, page.getByRole('combobox', { name: 'Member' }), me.email, { search: true });
    await page.getByLabel('SQL to view').fill('SELECT "Email" FROM "Customer"');
    await page.getByRole('button', { name: 'View as member' }).click();
    await page.getByTestId('view-as-rows').getByText('@').first().waitFor();
    await shot('column-policies');
    const { me: ownerMe } = await graphql(owner, '{ me { id } }');
    const refused = await owner.post(`${BASE_URL}/api/graphql`, {
      data: { query: 'query($p: ID!, $u: ID!, $s: String!) { viewAsMember(projectId: $p, userId: $u, sql: $s) { rows } }', variables: { p: projectId, u: ownerMe.id, s: 'SELECT "Email" FROM "Customer"' } },
    });
    assert.equal((await refused.json()).errors?.[0]?.message, 'Restricted by policy');

    // The member sees their group's customers; the owner, with no value, none.
    const asked = await firstCell(member, projectId, 'How many customers are there?');
    assert.equal(asked.value, 13, "the group's country only");
    assert.equal((await firstCell(owner, projectId, 'How many customers are there?')).value, 0, 'no value, no rows');
    await memberPage.goto(`${BASE_URL}/projects/${projectId}/home/${asked.threadId}`);
    await memberPage.getByTestId('answer').first().waitFor({ timeout: 60_000 });
    assert.match(await memberPage.getByTestId('answer').first().innerText(), /13/);
    await shot('member-answer', memberPage);
    // Their answer from before the policy (every customer) is no longer shown to them.
    await memberPage.goto(`${BASE_URL}/projects/${projectId}/home/${before.threadId}`);
    await memberPage.getByTestId('withheld').waitFor({ timeout: 60_000 });
    assert.equal(await memberPage.getByText('59', { exact: true }).count(), 0, 'the old count is not shown');
    await shot('withheld-answer', memberPage);

    // The member is no owner: no data-security in their navigation, and the page says why.
    assert.equal(await memberPage.getByRole('link', { name: 'Data security' }).count(), 0);
  });
});
