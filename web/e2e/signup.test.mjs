// Browser journey: sign up → verify the e-mail → sign in → onboarding → create a project.
// Needs a running Quarry (QUARRY_E2E_URL) and the directory the test SMTP sink writes to.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { verificationPath, waitForMessageTo } from './mail.mjs';
import { BASE_URL, MAIL_DIR, inBrowser, skip, uniqueSuffix } from './session.mjs';

test('a new user signs up, verifies the e-mail, onboards and creates a project', { skip, timeout: 240_000 }, async () => {
  assert.ok(MAIL_DIR, 'QUARRY_TEST_MAIL_DIR must name the directory the SMTP sink writes messages to');
  await inBrowser('', async ({ page, shot }) => {
    const suffix = uniqueSuffix();
    const email = `e2e-${suffix}@example.com`;
    const password = `Quarry-${randomBytes(6).toString('hex')}`;
    const projectName = `E2E project ${suffix}`;

    // Sign up.
    await page.goto(`${BASE_URL}/signin`);
    await page.getByRole('tab', { name: 'Create account' }).click();
    const signUp = page.locator('form#signup');
    await signUp.getByLabel('Name').fill('Erin Tester');
    await signUp.getByLabel('E-mail').fill(email);
    await signUp.getByLabel('Password').fill(password);
    await shot('signup-form');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your e-mail to verify your account').waitFor();
    await shot('signup-check-email');

    // Open the verification link of the e-mail.
    const raw = await waitForMessageTo(MAIL_DIR, email, { timeoutMs: 60_000 });
    const link = verificationPath(raw);
    assert.ok(link, `no /verify-email?token=… link in the e-mail to ${email}`);
    await page.goto(new URL(link, `${BASE_URL}/`).toString());
    await page.getByText('Your e-mail address is verified').waitFor();
    await shot('email-verified');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/signin/);

    // Sign in.
    const signIn = page.locator('form#signin');
    await signIn.getByLabel('E-mail').fill(email);
    await signIn.getByLabel('Password').fill(password);
    await shot('signin-form');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/onboarding\/register/);

    // Onboarding: the name of the sign-up fills first and last name.
    const onboarding = page.locator('form#onboarding');
    await onboarding.getByLabel('Organization name').waitFor();
    await onboarding.getByLabel('Organization name').fill(`E2E org ${suffix}`);
    await onboarding.getByLabel('I agree to the privacy statement').check();
    await shot('onboarding');
    await onboarding.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/projects$/);
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await shot('projects');

    // Create a project: it opens on its data source setup.
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await dialog.getByLabel('Display name').fill(projectName);
    await shot('create-project');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/projects\/[^/]+\/setup\/connection$/);
    await page.getByRole('heading', { name: 'Connect a data source' }).waitFor();
    assert.match(await page.title(), /Connect a data source/);
    await shot('setup-connection');
  });
});
