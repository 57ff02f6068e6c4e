// Browser journey: sign up → verify the e-mail → sign in → onboarding → create a project.
// Needs a running Quarry (QUARRY_E2E_URL) and the directory the test SMTP sink writes to.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { verificationPath, waitForMessageTo } from './mail.mjs';

const BASE_URL = process.env.QUARRY_E2E_URL?.replace(/\/+$/, '');
const MAIL_DIR = process.env.QUARRY_TEST_MAIL_DIR;
const SHOTS_DIR = process.env.QUARRY_E2E_SHOTS || '/tmp/quarry-shots';
const CHROMIUM = process.env.QUARRY_E2E_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];
const STEP_TIMEOUT_MS = 30_000;

const skip = !BASE_URL
  ? 'QUARRY_E2E_URL is not set: start Quarry and set QUARRY_E2E_URL (and QUARRY_TEST_MAIL_DIR) to run the browser journey'
  : false;

test('a new user signs up, verifies the e-mail, onboards and creates a project', { skip, timeout: 240_000 }, async () => {
  assert.ok(MAIL_DIR, 'QUARRY_TEST_MAIL_DIR must name the directory the SMTP sink writes messages to');
  assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  mkdirSync(SHOTS_DIR, { recursive: true });

  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  let step = 0;
  const shot = async (name) => {
    step += 1;
    await page.waitForTimeout(300); // let antd's enter animations finish
    await page.screenshot({ path: join(SHOTS_DIR, `${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
  };

  const suffix = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const email = `e2e-${suffix}@example.com`;
  const password = `Quarry-${randomBytes(6).toString('hex')}`;
  const projectName = `E2E project ${suffix}`;

  try {
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
  } catch (error) {
    await shot('failure').catch(() => undefined);
    if (consoleErrors.length > 0) console.error(`Browser console errors:\n${consoleErrors.join('\n')}`);
    throw error;
  } finally {
    await browser.close();
  }
});
