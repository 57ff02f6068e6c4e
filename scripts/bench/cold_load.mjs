#!/usr/bin/env node
// How long the home and thread pages take to show their content with a cold browser cache
// (issue 32: "within 2 s on the release build"), against the 404 page as the baseline in the
// same run (the same server, browser and bundle; a page with no data to load).
//
//   node scripts/bench/cold_load.mjs [RUNS]      (default 5)
//
// Needs a running Quarry (see quarry_client.mjs) and Chromium. Each run opens a new browser
// context (an empty cache) signed in with the session's cookie, loads the page and stops the
// clock when its content is visible: the home page's question box and the sidebar's thread,
// the thread page's written answer. The web bundle is the production build `make run` serves.
import { BASE, cookies, gql, sampleProject, signIn, sleep } from './quarry_client.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const CHROMIUM = process.env.QUARRY_E2E_CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function answeredThread(projectId, question) {
  const { createThread } = await gql('mutation($p: ID!, $d: CreateThreadInput!) { createThread(projectId: $p, data: $d) { id } }', {
    p: projectId,
    d: { question },
  });
  for (let i = 0; i < 600; i += 1) {
    const { thread } = await gql('query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { responses { answer } } }', {
      p: projectId,
      t: createThread.id,
    });
    if (thread.responses[0]?.answer) return createThread.id;
    await sleep(100);
  }
  throw new Error(`"${question}" was not answered within 60 s`);
}

/** Milliseconds from navigation to `ready` visible, in a fresh context (cold cache). */
async function coldLoad(browser, path, ready) {
  const host = new URL(BASE).hostname;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([...cookies].map(([name, value]) => ({ name, value, domain: host, path: '/' })));
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${BASE}${path}`);
  await ready(page).waitFor({ timeout: 30_000 });
  const ms = performance.now() - started;
  await context.close();
  return ms;
}

const { chromium } = await import('../../web/node_modules/playwright-core/index.mjs');
await signIn();
const projectId = await sampleProject('MUSIC');
const threadId = await answeredThread(projectId, 'total revenue by country');
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
const pages = {
  'not found (baseline)': [`/error/not-found`, (page) => page.getByText('Go to projects').first()],
  home: [`/projects/${projectId}/home`, (page) => page.getByText('total revenue by country').first()],
  thread: [`/projects/${projectId}/home/${threadId}`, (page) => page.getByTestId('answer').first()],
};
const times = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
// One warm-up load each (the server's own caches), not counted.
for (const [path, ready] of Object.values(pages)) await coldLoad(browser, path, ready);
for (let run = 0; run < RUNS; run += 1) {
  for (const [name, [path, ready]] of Object.entries(pages)) times[name].push(await coldLoad(browser, path, ready));
}
await browser.close();

const baseline = median(times['not found (baseline)']);
console.log(`cold loads, ${RUNS} runs each, median (min–max), against ${BASE}`);
for (const [name, values] of Object.entries(times)) {
  const m = median(values);
  console.log(
    `${name.padEnd(20)} ${m.toFixed(0).padStart(6)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})  ${(m / baseline).toFixed(2)}× the 404 page`,
  );
}
