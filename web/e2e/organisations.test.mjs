// Browser journeys of organisations: invitations, groups, project access and the activity log;
// and deleting an organisation. Needs a running Quarry (QUARRY_E2E_URL) with its worker, and the
// directory the test SMTP sink writes to (QUARRY_TEST_MAIL_DIR).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { invitationPath, verificationPath, waitForMessageTo } from './mail.mjs';
import { BASE_URL, MAIL_DIR, graphql, inBrowser, signedInWithProject, skip, uniqueSuffix } from './session.mjs';

/**
 * Opens an antd select (given its combobox) and picks the option showing `text`; `search`
 * types it first (long lists render only the options in view).
 */
async function choose(page, combobox, text, { search = false } = {}) {
  // The chosen value covers the combobox: click the select around it.
  await combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]').click();
  if (search) await combobox.fill(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.click();
}

/** The invitation link of the newest e-mail to `email` once it differs from `previous`. */
async function newInvitationLink(email, previous) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const link = invitationPath(await waitForMessageTo(MAIL_DIR, email, { timeoutMs: 60_000 }));
    if (link && link !== previous) return link;
    assert.ok(Date.now() < deadline, `no new invitation e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function orgOf(request) {
  const data = await graphql(request, '{ me { currentOrg { id name } } }');
  return data.me.currentOrg;
}

test('an admin invites two people, gives a group a project role, and the log shows it', { skip, timeout: 300_000 }, async () => {
  assert.ok(MAIL_DIR, 'QUARRY_TEST_MAIL_DIR must name the directory the SMTP sink writes messages to');
  await inBrowser('orgs', async ({ page, shot, newPage }) => {
    const suffix = uniqueSuffix();
    const projectName = `Sales ${suffix.slice(-6)}`;
    const projectId = await signedInWithProject(page, projectName);
    const org = await orgOf(page.request);
    const ann = `ann-${suffix}@example.com`;
    const bo = `bo-${suffix}@example.com`;
    const groupName = `Analysts ${suffix.slice(-4)}`;
    const settings = (section) => `${BASE_URL}/projects/${projectId}/settings/${section}`;

    // Members page: the admin alone, no invitations yet.
    await page.goto(settings('organization/members'));
    await page.getByRole('table', { name: 'Members' }).getByText('Sam Setup').waitFor();
    await page.getByRole('table', { name: 'Pending invitations' }).getByText('No Data', { exact: true }).waitFor();
    await shot('members');

    // Invite Ann as a member with the viewer role on the project: the link is shown once.
    await page.getByRole('button', { name: 'Invite' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to the organization' });
    await invite.getByLabel('E-mail').fill(ann);
    await invite.getByRole('button', { name: 'Add a project role' }).click();
    await choose(page, invite.getByRole('combobox', { name: 'Project 1', exact: true }), projectName);
    await shot('invite-form');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const link = invite.getByTestId('invitation-link');
    await link.waitFor();
    assert.match(await link.innerText(), /\/invitation\?code=/);
    await shot('invite-sent');
    await invite.getByRole('button', { name: 'Done' }).click();

    // Invite Bo with no project role.
    await page.getByRole('button', { name: 'Invite' }).click();
    await invite.getByLabel('E-mail').fill(bo);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByTestId('invitation-link').waitFor();
    await invite.getByRole('button', { name: 'Done' }).click();
    const pending = page.getByRole('table', { name: 'Pending invitations' });
    await pending.getByText(ann).waitFor();
    await pending.getByText(bo).waitFor();
    await pending.getByText(`${projectName} · Viewer`).waitFor();
    await shot('pending-invitations');

    // Sending Bo's again gives a new link (the first one stops working).
    const firstBoLink = await newInvitationLink(bo, null);
    await page.getByRole('button', { name: `Resend invitation to ${bo}` }).click();
    const resent = page.getByRole('dialog', { name: 'Invitation sent again' });
    await resent.getByTestId('invitation-link').waitFor();
    await shot('invitation-resent');
    await resent.getByRole('button', { name: 'Done' }).click();

    // A group, given the contributor role on the project.
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.getByRole('button', { name: 'Create group' }).click();
    const createGroup = page.getByRole('dialog', { name: 'Create group' });
    await createGroup.getByLabel('Group name').fill(groupName);
    await createGroup.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('table', { name: 'Groups' }).getByText(groupName).waitFor();
    await shot('groups');

    await page.goto(settings('project/access-control'));
    await page.getByTestId('my-project-role').waitFor();
    await page.getByRole('button', { name: 'Add group' }).click();
    const addGroup = page.getByRole('dialog', { name: 'Add group' });
    await choose(page, addGroup.getByRole('combobox', { name: 'Group' }), groupName);
    await choose(page, addGroup.getByRole('combobox', { name: 'Role' }), 'Contributor');
    await addGroup.getByRole('button', { name: 'Add group' }).click();
    const access = page.getByRole('table', { name: 'Project access' });
    await access.getByText(groupName).waitFor();
    assert.equal(await access.getByRole('row', { name: new RegExp(groupName) }).getByText('Group', { exact: true }).count(), 1);
    await shot('access-control');

    // Signed in, the admin opening Bo's link is told it is for someone else.
    const boLink = await newInvitationLink(bo, firstBoLink);
    await page.goto(new URL(boLink, `${BASE_URL}/`).toString());
    await page.getByText(`This invitation is for ${bo}.`).waitFor();
    await page.getByRole('button', { name: 'Sign out and switch account' }).waitFor();
    await shot('invitation-other-account');

    // Ann, signed out in a browser of her own, opens her link, signs up from it and joins.
    const annPage = await newPage();
    const annLink = invitationPath(await waitForMessageTo(MAIL_DIR, ann, { timeoutMs: 60_000 }));
    assert.ok(annLink, `no /invitation?code=… link in the e-mail to ${ann}`);
    await annPage.goto(new URL(annLink, `${BASE_URL}/`).toString());
    await annPage.getByRole('heading', { name: `Join ${org.name}` }).waitFor();
    await annPage.getByText(`${projectName} · Viewer`).waitFor();
    await shot('invitation-signed-out', annPage);
    const signUp = annPage.locator('form#invitation-signup');
    assert.equal(await signUp.getByLabel('E-mail').inputValue(), ann);
    await signUp.getByLabel('Name').fill('Ann Invitee');
    await signUp.getByLabel('Password').fill(`Quarry-${randomBytes(6).toString('hex')}`);
    await shot('invitation-signup', annPage);
    await signUp.getByRole('button', { name: 'Create account and join' }).click();
    // A new account gives its privacy consent first; the org is already there.
    await annPage.waitForURL(/\/onboarding\/register$/);
    const onboarding = annPage.locator('form#onboarding');
    await onboarding.getByLabel('I agree to the privacy statement').check();
    assert.equal(await onboarding.getByLabel('Organization name').count(), 0);
    await shot('invitee-onboarding', annPage);
    await onboarding.getByRole('button', { name: 'Continue' }).click();
    await annPage.waitForURL(/\/projects$/);
    await annPage.getByRole('list', { name: 'Projects' }).getByText(projectName).waitFor();
    assert.match(await annPage.getByRole('button', { name: 'Switch organization' }).innerText(), new RegExp(org.name));
    await shot('invitee-projects', annPage);

    // The link is spent once accepted.
    await annPage.goto(new URL(annLink, `${BASE_URL}/`).toString());
    await annPage.getByText('Invitation not found').waitFor();
    await shot('invitation-spent', annPage);

    // Her own role on the project is the invitation's: viewer. Members and groups are read-only for her.
    await annPage.goto(settings('project/access-control'));
    await annPage.getByTestId('my-project-role').getByText('Viewer').waitFor();
    await annPage.getByText("Only the project's owners and organization admins can change who has access.").waitFor();
    await shot('invitee-access-viewer', annPage);
    await annPage.goto(settings('organization/members'));
    await annPage.getByRole('table', { name: 'Members' }).getByText(ann).waitFor();
    assert.equal(await annPage.getByRole('button', { name: 'Invite' }).count(), 0);
    assert.equal(await annPage.getByRole('table', { name: 'Pending invitations' }).count(), 0);
    await shot('invitee-members-read-only', annPage);
    await annPage.goto(settings('organization/activity-log'));
    await annPage.getByText('Only organization admins can see the activity log.').waitFor();
    await shot('invitee-activity-log-refused', annPage);

    // The admin adds Ann to the group now that she has joined.
    await page.goto(settings('organization/members?tab=groups'));
    await page.getByRole('button', { name: `Open group ${groupName}` }).click();
    const drawer = page.getByRole('dialog', { name: `Group: ${groupName}` });
    await drawer.getByText('No Data', { exact: true }).waitFor();
    await shot('group-empty');
    await choose(page, drawer.getByRole('combobox', { name: 'Member to add' }), ann);
    await drawer.getByRole('button', { name: 'Add', exact: true }).click();
    await drawer.getByText('Ann Invitee', { exact: true }).waitFor(); // the list's entry, not the picker's choice
    await shot('group-member-added');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('row', { name: new RegExp(ann) }).getByText(groupName).waitFor();
    await shot('members-with-groups');

    // Through the group, her role on the project is now contributor.
    await annPage.goto(settings('project/access-control'));
    await annPage.getByTestId('my-project-role').getByText('Contributor').waitFor();
    await shot('invitee-access-contributor', annPage);

    // The activity log has the invitations, the acceptance and the group's changes.
    await page.goto(settings('organization/activity-log'));
    const log = page.getByRole('table', { name: 'Activity log' });
    await log.getByText('Invitation accepted').waitFor();
    // Ann's, Bo's and Bo's again.
    assert.equal(await log.getByText('Invitation sent', { exact: true }).count(), 3);
    await log.getByText('Group created').waitFor();
    await log.getByText('Group given project access').waitFor();
    await log.getByText('Added to group').waitFor();
    await shot('activity-log');
    await choose(page, page.getByRole('combobox', { name: 'Event kinds' }), 'Invitation accepted', { search: true });
    await page.keyboard.press('Escape');
    await page.waitForURL(/kinds=INVITATION_ACCEPTED/);
    await page.getByText('1 event').waitFor();
    assert.equal(await log.locator('tbody tr.ant-table-row').count(), 1);
    await log.getByText(ann).first().waitFor();
    await shot('activity-log-filtered');

    // Invited to a second org while signed in, Ann sees it on her project list and accepts there.
    const second = `Second ${suffix.slice(-6)}`;
    const created = await graphql(page.request, 'mutation($d: CreateOrgInput!) { createOrg(data: $d) { id } }', { d: { name: second } });
    await graphql(page.request, 'mutation($d: CreateInvitationInput!) { createAndSendInvitation(data: $d) { id } }', {
      d: { email: ann, role: 'MEMBER', orgId: created.createOrg.id },
    });
    // Her account came from an invitation's link, which proves nothing about her mailbox: the
    // second org's invitation waits until she answers the verification mail.
    await annPage.goto(`${BASE_URL}/projects`);
    await annPage.getByTestId('verify-to-see-invitations').waitFor();
    await shot('invitee-verify-to-see-more', annPage);
    const verify = verificationPath(await waitForMessageTo(MAIL_DIR, ann, { timeoutMs: 60_000, matching: /\/verify-email\?token=/ }));
    assert.ok(verify, `no verification link in the mail to ${ann}`);
    await annPage.goto(new URL(verify, `${BASE_URL}/`).toString());
    await annPage.getByText('Your e-mail address is verified').waitFor();
    await annPage.goto(`${BASE_URL}/projects`);
    const invitations = annPage.getByText('You have an invitation');
    await invitations.waitFor();
    await annPage.getByText(`Join ${second} as member`).waitFor();
    await shot('invitee-pending-invitation', annPage);
    await annPage.getByRole('button', { name: `Accept invitation to ${second}` }).click();
    await annPage.getByText(`You joined ${second}.`).waitFor();
    await annPage.getByRole('button', { name: 'Switch organization' }).getByText(second).waitFor();
    await annPage.getByText('Create your first project').waitFor();
    assert.equal(await invitations.count(), 0);
    await shot('invitee-second-org', annPage);
    await annPage.close();
  });
});

test('deleting an organisation shows its progress and moves on to the next one', { skip, timeout: 300_000 }, async () => {
  await inBrowser('org-delete', async ({ page, shot }) => {
    const suffix = uniqueSuffix();
    await signedInWithProject(page, 'Stays');
    const kept = await orgOf(page.request);
    const doomedName = `Doomed ${suffix.slice(-6)}`;
    await graphql(page.request, 'mutation($d: CreateOrgInput!) { createOrg(data: $d) { id } }', { d: { name: doomedName } });
    const created = await graphql(page.request, 'mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', {
      d: { displayName: 'Doomed project' },
    });
    const projectId = created.createProject.id;

    await page.goto(`${BASE_URL}/projects/${projectId}/settings/organization/danger-zone`);
    await page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete organization' });
    await dialog.getByLabel('Confirmation').fill(doomedName);
    await shot('confirm');
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    // The project list shows how far the deletion is.
    await page.waitForURL(/\/projects$/);
    await page.getByTestId('org-deletion-progress').waitFor();
    await shot('progress');

    // When it is gone the user is in the org they still have, on its project list.
    await page.getByRole('list', { name: 'Projects' }).getByText('Stays').waitFor({ timeout: 120_000 });
    await page.getByText(`${doomedName} was deleted.`).waitFor();
    assert.match(await page.getByRole('button', { name: 'Switch organization' }).innerText(), new RegExp(kept.name));
    await shot('next-org');

    // Deleting the last one leaves no org: onboarding asks for a new one.
    const stays = await graphql(page.request, '{ projects { id } }');
    await page.goto(`${BASE_URL}/projects/${stays.projects[0].id}/settings/organization/danger-zone`);
    await page.getByRole('button', { name: 'Delete organization' }).click();
    await dialog.getByLabel('Confirmation').fill(kept.name);
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    await page.waitForURL(/\/onboarding\/register$/, { timeout: 120_000 });
    await page.locator('form#onboarding').getByLabel('Organization name').waitFor();
    await shot('no-org-onboarding');
  });
});
