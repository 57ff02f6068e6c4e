#!/usr/bin/env node
// Load on the real stack: N questions asked at once on a freshly deployed MUSIC sample (no
// warm-up), each client polling its task every 250 ms; then the same burst again on the warm
// project. Prints, per round: how many finished and failed, throughput, the p50/p95 of an
// ask end to end and of one poll request, where an ask's time went (waiting for a worker vs
// understanding vs the query, from the task's own timings), and the peak memory of every
// quarry-worker and quarry-api process on the machine.
//
//   node scripts/bench/ask_load.mjs [--asks N] [--rounds R] [--poll-ms MS]
//                                   [--kill-worker-after S]   kill -9 the newest quarry-worker S s into round 1
//                                   [--soak-minutes M --rate R] a steady R asks/s for M minutes instead
//
// Needs a running Quarry (`make run`, see quarry_client.mjs) started with
// QUARRY_RATE_LIMIT_PER_MINUTE=0: one account polling 200 tasks four times a second is over
// the per-user limit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BASE, FINAL, gql, sampleProject, signIn, sleep } from './quarry_client.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((a) => a.trim().split(/\s+/))
    .map(([k, v]) => [k, v ?? 'true']),
);
const N = Number(args.asks ?? 200);
const ROUNDS = Number(args.rounds ?? 2);
const POLL_MS = Number(args['poll-ms'] ?? 250);
const KILL_AFTER = args['kill-worker-after'] ? Number(args['kill-worker-after']) : null;
const QUESTIONS = ['How many tracks are there?', 'Total revenue by billing country', 'Top 5 artists by number of tracks', 'How many customers are in Brazil?'];
const TASK = `query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status engineMs queryMs createdAt finishedAt threadId } }`;
const THREAD = `query($p: ID!, $t: ID!) { thread(projectId: $p, threadId: $t) { responses { id sql answerStatus } } }`;

// ------------------------------------------------------------------ process memory

function pids(name) {
  try {
    return execFileSync('pgrep', ['-x', name]).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
const peaks = new Map(); // pid -> { name, peakKb, firstKb, lastKb }
function sampleMemory() {
  for (const name of ['quarry-worker', 'quarry-api']) {
    for (const pid of pids(name)) {
      try {
        const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
        const seen = peaks.get(pid) ?? { name, peakKb: 0, firstKb: rss };
        peaks.set(pid, { ...seen, peakKb: Math.max(seen.peakKb, rss), lastKb: rss });
      } catch {
        // the process ended between pgrep and the read
      }
    }
  }
}
const sampler = setInterval(sampleMemory, 500);

// ------------------------------------------------------------------ one ask

const pollTimes = [];
async function timedGql(query, variables) {
  const started = performance.now();
  const data = await gql(query, variables);
  pollTimes.push(performance.now() - started);
  return data;
}

async function askAndWait(p, question, t0) {
  const asked = Date.now();
  const { createAskingTask } = await gql('mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }', { p, d: { question } });
  for (;;) {
    const { askingTask } = await timedGql(TASK, { p, t: createAskingTask.id });
    if (FINAL.includes(askingTask.status)) return { ...askingTask, askedAt: asked - t0, doneAt: Date.now() - t0, ms: Date.now() - asked };
    await sleep(POLL_MS);
  }
}

const pct = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

function report(label, results, wallMs) {
  const finished = results.filter((r) => r.status === 'FINISHED').length;
  const failed = results.filter((r) => r.status !== 'FINISHED');
  const engine = results.map((r) => r.engineMs ?? 0);
  const query = results.map((r) => r.queryMs ?? 0);
  const inTask = results.map((r) => new Date(r.finishedAt) - new Date(r.createdAt));
  const waiting = results.map((r, i) => inTask[i] - engine[i] - query[i]);
  console.log(`\n${label}: ${results.length} asks, ${finished} FINISHED, ${failed.length} not (${[...new Set(failed.map((r) => r.status))].join(', ') || '-'})`);
  console.log(`  throughput ${(results.length / (wallMs / 1000)).toFixed(2)} asks/s (last answer after ${s(wallMs)})`);
  console.log(`  ask end to end: p50 ${s(pct(results.map((r) => r.ms), 0.5))}, p95 ${s(pct(results.map((r) => r.ms), 0.95))}`);
  console.log(`  where the time went (median per ask): in the task ${s(pct(inTask, 0.5))} = understanding ${pct(engine, 0.5)} ms + query ${pct(query, 0.5)} ms + waiting for a worker and Temporal ${s(pct(waiting, 0.5))}`);
}

// ------------------------------------------------------------------ the api's own timings

// Cumulative bucket counts of one histogram series from the api's /metrics: le -> count.
async function buckets(name, labels) {
  const text = await (await fetch(`${BASE}/metrics`)).text();
  const found = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_bucket{`) || !labels.every((l) => line.includes(l))) continue;
    const le = /le="([^"]+)"/.exec(line)[1];
    found.set(le, (found.get(le) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return found;
}

// The q-quantile of what was observed between two readings: the upper bound of the bucket it
// falls in (so "under 25 ms" reads as 25).
function quantile(before, after, q) {
  const bounds = [...after.keys()].filter((le) => le !== '+Inf').sort((a, b) => Number(a) - Number(b));
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  for (const le of bounds) {
    if ((after.get(le) ?? 0) - (before.get(le) ?? 0) >= q * total) return `${Number(le) * 1000} ms`;
  }
  return 'over the largest bucket';
}

const SERVER = [
  ['the poll resolver (askingTask)', 'quarry_graphql_field_seconds', ['field="askingTask"']],
  ['every GraphQL request, session to response', 'quarry_graphql_request_seconds', []],
];
async function serverTimings() {
  return Promise.all(SERVER.map(([, name, labels]) => buckets(name, labels)));
}

function reportPolls(label, before, after) {
  console.log(`  poll request at the client (${pollTimes.length} in ${label}): p50 ${pct(pollTimes, 0.5).toFixed(1)} ms, p95 ${pct(pollTimes, 0.95).toFixed(1)} ms, p99 ${pct(pollTimes, 0.99).toFixed(1)} ms`);
  SERVER.forEach(([what], i) => console.log(`  at the api, ${what}: p50 ≤ ${quantile(before[i], after[i], 0.5)}, p95 ≤ ${quantile(before[i], after[i], 0.95)}`));
  pollTimes.length = 0;
}

function reportMemory() {
  sampleMemory();
  for (const [pid, m] of peaks) {
    console.log(`  ${m.name} ${pid}: peak ${(m.peakKb / 1024).toFixed(0)} MB (first seen ${(m.firstKb / 1024).toFixed(0)} MB, last ${(m.lastKb / 1024).toFixed(0)} MB)`);
  }
}

// Each ask answered exactly once: its thread holds one response, with SQL and a finished
// answer (a step retried after the kill must not add or duplicate a response).
async function checkAnsweredOnce(p, results) {
  const asksPerThread = new Map();
  for (const r of results) asksPerThread.set(r.threadId, (asksPerThread.get(r.threadId) ?? 0) + 1);
  let answered = 0;
  const problems = [];
  for (const [threadId, asks] of asksPerThread) {
    const { thread } = await gql(THREAD, { p, t: threadId });
    const done = thread.responses.filter((x) => x.sql && x.answerStatus === 'FINISHED').length;
    answered += Math.min(done, asks);
    if (thread.responses.length !== asks || done !== asks) problems.push(`${threadId}: ${asks} asks, ${thread.responses.length} responses, ${done} answered`);
  }
  console.log(`  answered exactly once: ${answered}/${results.length}, ${problems.length} threads otherwise${problems.length ? ` (${problems.slice(0, 5).join('; ')})` : ''}`);
}

// ------------------------------------------------------------------ rounds

await signIn();
const deployStarted = Date.now();
const p = await sampleProject('MUSIC');
console.log(`MUSIC deployed in ${s(Date.now() - deployStarted)}; ${N} asks per round, polling every ${POLL_MS} ms`);

if (args['soak-minutes']) {
  const rate = Number(args.rate ?? 2);
  const until = Date.now() + Number(args['soak-minutes']) * 60_000;
  const soakBefore = await serverTimings();
  // Memory each minute: flat is the goal.
  const minute = setInterval(() => {
    sampleMemory();
    const now = [...peaks].map(([pid, m]) => `${m.name} ${pid} ${(m.lastKb / 1024).toFixed(0)} MB`).join(', ');
    console.log(`  ${new Date().toISOString().slice(11, 19)} ${running.length} asked; ${now}`);
  }, 60_000);
  const t0 = Date.now();
  const running = [];
  let next = Date.now();
  while (Date.now() < until) {
    running.push(askAndWait(p, QUESTIONS[running.length % QUESTIONS.length], t0));
    next += 1000 / rate;
    await sleep(Math.max(0, next - Date.now()));
  }
  clearInterval(minute);
  const results = await Promise.all(running);
  report(`soak at ${rate} asks/s for ${args['soak-minutes']} min`, results, Date.now() - t0);
  reportPolls('the soak', soakBefore, await serverTimings());
} else {
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await serverTimings();
    const t0 = Date.now();
    let killed = null;
    if (round === 1 && KILL_AFTER !== null) {
      setTimeout(() => {
        const workers = pids('quarry-worker');
        killed = workers[workers.length - 1];
        if (killed) process.kill(killed, 'SIGKILL');
        console.log(`  killed quarry-worker ${killed} with SIGKILL after ${KILL_AFTER} s (of ${workers.length})`);
      }, KILL_AFTER * 1000);
    }
    const results = await Promise.all(Array.from({ length: N }, (_, i) => askAndWait(p, QUESTIONS[i % QUESTIONS.length], t0)));
    report(round === 1 ? 'round 1 (freshly deployed, no warm-up)' : `round ${round} (warm)`, results, Math.max(...results.map((r) => r.doneAt)));
    reportPolls(`round ${round}`, before, await serverTimings());
    if (killed !== null || KILL_AFTER !== null) await checkAnsweredOnce(p, results);
  }
}
clearInterval(sampler);
console.log('\nmemory (every quarry process seen):');
reportMemory();
