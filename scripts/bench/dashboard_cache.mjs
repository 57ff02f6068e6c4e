#!/usr/bin/env node
// A 12-tile dashboard opened from the cache against the same dashboard opened uncached (every
// tile run at the source through the sql worker pool), in one run on one MUSIC project. Each
// open is the web app's query: every tile's data in one GraphQL request. Prints p50 and p95
// of each and the ratio.
//
//   node scripts/bench/dashboard_cache.mjs [--opens N]
//
// Needs a running Quarry (`make run`, see quarry_client.mjs), best with
// QUARRY_RATE_LIMIT_PER_MINUTE=0.
import { FINAL, gql, parseArgs, sampleProject, signIn, sleep } from './quarry_client.mjs';

const args = parseArgs();
const OPENS = Number(args.opens ?? 20);
const QUESTIONS = [
  'number of tracks per genre',
  'how many albums are there',
  'number of albums per artist',
  'how many customers are there',
  'total revenue by billing country',
  'number of customers per country',
  'how many tracks are there',
  'number of invoices per billing country',
  'top 5 artists by number of tracks',
  'number of tracks per media type',
  'how many employees are there',
  'number of invoices per year',
];
const TASK = 'query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status responseId } }';
const OPEN = `query($p: ID!, $d: ID!) { dashboard(projectId: $p, dashboardId: $d) {
  items { id data { cacheHit rows error } } } }`;

async function answered(p, question) {
  const { createAskingTask } = await gql('mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }', { p, d: { question } });
  for (;;) {
    const { askingTask } = await gql(TASK, { p, t: createAskingTask.id });
    if (FINAL.includes(askingTask.status)) {
      if (askingTask.status !== 'FINISHED') throw new Error(`"${question}" ended ${askingTask.status}`);
      return askingTask.responseId;
    }
    await sleep(200);
  }
}

const pct = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

async function opens(p, d, expectHit) {
  const times = [];
  for (let i = 0; i < OPENS; i++) {
    const started = performance.now();
    const { dashboard } = await gql(OPEN, { p, d });
    times.push(performance.now() - started);
    const hits = dashboard.items.filter((t) => t.data.cacheHit).length;
    const errors = dashboard.items.filter((t) => t.data.error).length;
    if (errors || (expectHit ? hits !== dashboard.items.length : hits !== 0)) {
      throw new Error(`open ${i}: ${hits}/${dashboard.items.length} from the cache, ${errors} errors`);
    }
  }
  return times;
}

await signIn();
const p = await sampleProject('MUSIC');
const { createDashboard } = await gql('mutation($p: ID!) { createDashboard(projectId: $p, data: {name: "Bench"}) { id } }', { p });
const d = createDashboard.id;
for (const question of QUESTIONS) {
  const responseId = await answered(p, question);
  await gql('mutation($p: ID!, $d: CreateDashboardItemInput!) { createDashboardItem(projectId: $p, data: $d) { id } }', { p, d: { dashboardId: d, responseId } });
}
console.log(`${QUESTIONS.length} tiles pinned; ${OPENS} opens each way`);

const setCache = (on) => gql('mutation($p: ID!, $d: ID!, $c: Boolean!) { updateDashboard(projectId: $p, dashboardId: $d, data: {cacheEnabled: $c}) { id } }', { p, d, c: on });
await setCache(false);
const uncached = await opens(p, d, false);
await setCache(true);
await gql(OPEN, { p, d }); // fills the cache
const cached = await opens(p, d, true);

const line = (label, t) => `${label}: p50 ${pct(t, 0.5).toFixed(1)} ms, p95 ${pct(t, 0.95).toFixed(1)} ms`;
console.log(line('uncached (every tile run on a worker)', uncached));
console.log(line('from the cache', cached));
console.log(`cached is ${(pct(uncached, 0.5) / pct(cached, 0.5)).toFixed(1)}x faster at p50`);
