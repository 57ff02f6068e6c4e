// A session on Quarry's public API for the bench scripts: sign-in (or sign-up through the
// dev SMTP sink), GraphQL, and waiting for deploys.
import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { verificationPath, waitForMessageTo } from '../../web/e2e/mail.mjs';

export const BASE = (process.env.QUARRY_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const MAIL_DIR = process.env.QUARRY_MAIL_DIR ?? join(homedir(), '.local/share/quarry/dev/mail');
export const FINAL = ['FINISHED', 'FAILED', 'STOPPED', 'NO_RESULT', 'DEPLOY_FAILED'];

// ------------------------------------------------------------------ HTTP with a session

export const cookies = new Map();
export async function http(path, { method = 'GET', json, form, headers = {} } = {}) {
  const init = { method, headers: { ...headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    init.headers['content-type'] = 'application/json';
  }
  if (form) init.body = form;
  const response = await fetch(`${BASE}${path}`, init);
  for (const cookie of response.headers.getSetCookie?.() ?? []) {
    const [pair] = cookie.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const text = await response.text();
  const body = text ? JSON.parse(text) : {};
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return body;
}

export async function gql(query, variables = {}) {
  const body = await http('/api/graphql', { method: 'POST', json: { query, variables } });
  if (body.errors) {
    const error = new Error(body.errors.map((e) => e.message).join('; '));
    error.code = body.errors[0]?.extensions?.code;
    throw error;
  }
  return body.data;
}

/** `--name value` and `--flag` arguments, by name. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv
      .join(' ')
      .split('--')
      .filter(Boolean)
      .map((a) => a.trim().split(/\s+/))
      .map(([k, v]) => [k, v ?? 'true']),
  );
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function signIn() {
  const { csrfToken } = await http('/api/auth/csrf');
  let email = process.env.QUARRY_BENCH_EMAIL;
  let password = process.env.QUARRY_BENCH_PASSWORD;
  const fresh = !email;
  if (fresh) {
    const suffix = `${Date.now()}-${randomBytes(3).toString('hex')}`;
    email = `bench-${suffix}@example.com`;
    password = `Bench-${randomBytes(6).toString('hex')}`;
    await http('/api/auth/signup', { method: 'POST', json: { email, password, name: 'Bench', csrfToken } });
    const link = verificationPath(await waitForMessageTo(MAIL_DIR, email, { timeoutMs: 60_000 }));
    await http('/api/auth/verify-email', { method: 'POST', json: { token: new URL(link, BASE).searchParams.get('token') } });
  }
  await http('/api/auth/callback/credentials', { method: 'POST', json: { email, password, csrfToken } });
  if (fresh) {
    await gql('mutation($d: OnboardUserInput!) { onboardUser(data: $d) { id } }', {
      d: { consentPrivacyStatement: true, firstName: 'Bench', lastName: 'Mark', orgName: `Bench ${Date.now()}` },
    });
  }
}

export async function waitFor(what, seconds, check) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const done = await check();
    if (done) return done;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${seconds} s`);
    await sleep(250);
  }
}

export async function deployed(projectId) {
  return waitFor('the deploy', 300, async () => {
    const { deployStatus } = await gql('query($p: ID!) { deployStatus(projectId: $p) { status lastDeploy { status error } } }', { p: projectId });
    if (deployStatus.lastDeploy?.status === 'FAILED') throw new Error(`deploy failed: ${deployStatus.lastDeploy.error}`);
    return deployStatus.status === 'SYNCRONIZED';
  });
}

/** A new project on a sample dataset, deployed. */
export async function sampleProject(dataset) {
  const { createProject } = await gql('mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', { d: { displayName: `Bench ${dataset}` } });
  await gql(`mutation($p: ID!) { startSampleDataset(projectId: $p, name: ${dataset}) }`, { p: createProject.id });
  await deployed(createProject.id);
  return createProject.id;
}
