// What the browser journeys share: Chromium via playwright-core, numbered screenshots, and a
// ready account (signed up, verified by mail, onboarded with an org, with a project) made
// through the api so a journey starts where it is about.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { verificationPath, waitForMessageTo } from './mail.mjs';

export const BASE_URL = process.env.QUARRY_E2E_URL?.replace(/\/+$/, '');
export const MAIL_DIR = process.env.QUARRY_TEST_MAIL_DIR;
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

export const skip = !BASE_URL
  ? 'QUARRY_E2E_URL is not set: start Quarry and set QUARRY_E2E_URL (and QUARRY_TEST_MAIL_DIR) to run the browser journeys'
  : false;

export function uniqueSuffix() {
  return `${Date.now()}-${randomBytes(4).toString('hex')}`;
}

/**
 * Runs `journey({page, shot, newPage})` in a fresh Chromium page; on failure takes a last
 * screenshot and prints the browser console errors. Screenshots are named
 * `<prefix>-NN-<name>.png`; `shot(name, other)` takes one of another page. `newPage()` opens
 * a page in a context of its own (its own cookies: a second person).
 */
export async function inBrowser(prefix, journey) {
  assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const consoleErrors = [];
  const newPage = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const opened = await context.newPage();
    opened.setDefaultTimeout(STEP_TIMEOUT_MS);
    // QUARRY_E2E_TRACE=1: every navigation, console line and API call with its time, to read a flaky journey by.
    if (process.env.QUARRY_E2E_TRACE) {
      const t0 = Date.now();
      opened.on('framenavigated', (f) => f === opened.mainFrame() && console.log(Date.now() - t0, 'NAV', f.url()));
      opened.on('console', (m) => console.log(Date.now() - t0, 'CONSOLE', m.type(), m.text()));
      opened.on('request', (r) => r.url().includes('/api/') && console.log(Date.now() - t0, 'REQ', r.method(), r.url(), (r.postData() ?? '').slice(0, 80)));
      opened.on('response', (r) => r.url().includes('/api/') && console.log(Date.now() - t0, 'RES', r.status(), r.url()));
    }
    opened.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    return opened;
  };
  const page = await newPage();
  let step = 0;
  const shot = async (name, target = page) => {
    step += 1;
    await target.waitForTimeout(300); // let antd's enter animations finish
    const file = prefix ? `${prefix}-${String(step).padStart(2, '0')}-${name}.png` : `${String(step).padStart(2, '0')}-${name}.png`;
    await target.screenshot({ path: join(SHOTS_DIR, file), fullPage: true });
  };
  try {
    await journey({ page, shot, newPage });
  } catch (error) {
    await shot('failure').catch(() => undefined);
    if (consoleErrors.length > 0) console.error(`Browser console errors:\n${consoleErrors.join('\n')}`);
    throw error;
  } finally {
    await browser.close();
  }
}

async function postJson(request, path, body, csrf) {
  const response = await request.post(`${BASE_URL}${path}`, {
    data: body,
    headers: csrf ? { 'X-CSRF-Token': csrf } : undefined,
  });
  const text = await response.text();
  assert.ok(response.ok(), `POST ${path} answered ${response.status()}: ${text}`);
  return text ? JSON.parse(text) : {};
}

/** Polls `check` every half second until it returns something truthy, which it returns. */
export async function until(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    assert.ok(Date.now() < deadline, `${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function graphql(request, query, variables = {}) {
  const body = await postJson(request, '/api/graphql', { query, variables });
  assert.ok(!body.errors, `GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * A verified, signed-in, onboarded user with an org and a new project, in the page's
 * browser context (the page's request context shares its cookies). Returns the project id.
 */
export async function signedInWithProject(page, projectName) {
  assert.ok(MAIL_DIR, 'QUARRY_TEST_MAIL_DIR must name the directory the SMTP sink writes messages to');
  const request = page.request;
  const suffix = uniqueSuffix();
  const email = `e2e-${suffix}@example.com`;
  const password = `Quarry-${randomBytes(6).toString('hex')}`;
  const { csrfToken } = await (await request.get(`${BASE_URL}/api/auth/csrf`)).json();
  await postJson(request, '/api/auth/signup', { email, password, name: 'Sam Setup', csrfToken });
  const link = verificationPath(await waitForMessageTo(MAIL_DIR, email, { timeoutMs: 60_000 }));
  assert.ok(link, `no verification link in the e-mail to ${email}`);
  const token = new URL(link, BASE_URL).searchParams.get('token');
  await postJson(request, '/api/auth/verify-email', { token });
  await postJson(request, '/api/auth/callback/credentials', { email, password, csrfToken });
  // The session cookie reaches the context's cookie store with the response; the journey goes
  // on once a request carries it (a clear failure here, not an "unauthorized" further on).
  await until(
    'the session cookie is in use',
    async () => (await (await request.get(`${BASE_URL}/api/auth/session`)).json()).user?.email === email,
    10_000,
  );
  await graphql(
    request,
    'mutation($d: OnboardUserInput!) { onboardUser(data: $d) { id } }',
    { d: { consentPrivacyStatement: true, firstName: 'Sam', lastName: 'Setup', orgName: `E2E org ${suffix}` } },
  );
  const created = await graphql(request, 'mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', {
    d: { displayName: projectName },
  });
  return created.createProject.id;
}

/** Opens an antd select (given its combobox) and picks the option showing `text`, typing it first when `search`. */
export async function choose(page, combobox, text, { search = false } = {}) {
  await combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]').click();
  if (search) await combobox.fill(text);
  // A click that lands while the dropdown is still opening (its animation, on a loaded
  // machine) is lost: the option is clicked again until it is chosen (the dropdown closed on
  // it, or, in a select of several, the option marked selected).
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  const chosen = async () =>
    (await page.locator('.ant-select-dropdown:visible').count()) === 0 ||
    ((await option.getAttribute('class').catch(() => '')) ?? '').includes('ant-select-item-option-selected');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await option.click();
    for (let waited = 0; waited < 2_000; waited += 100) {
      if (await chosen()) return;
      await page.waitForTimeout(100);
    }
  }
  throw new Error(`the option "${text}" could not be chosen`);
}
