#!/usr/bin/env node
// A burst of questions at once on a freshly deployed MUSIC sample, each client polling its task
// every 250 ms, as a busy team would: how many finish, how long the last one took, p50/p95.
//
//   node scripts/bench/burst.mjs [N]      (default 200)
//
// Needs a running Quarry (see quarry_client.mjs) started with QUARRY_RATE_LIMIT_PER_MINUTE=0
// (one account polling 200 tasks four times a second is over the per-user limit).
import { FINAL, gql, sampleProject, signIn, sleep } from './quarry_client.mjs';

const N = Number(process.argv[2] ?? 200);
const QUESTIONS = ['How many tracks are there?', 'Total revenue by billing country', 'Top 5 artists by number of tracks', 'How many customers are in Brazil?'];

await signIn();
const p = await sampleProject('MUSIC');
const started = Date.now();
const times = await Promise.all(
  Array.from({ length: N }, async (_, i) => {
    const { createAskingTask } = await gql('mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }', {
      p,
      d: { question: QUESTIONS[i % QUESTIONS.length] },
    });
    for (;;) {
      const { askingTask } = await gql('query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status } }', { p, t: createAskingTask.id });
      if (FINAL.includes(askingTask.status)) return { status: askingTask.status, ms: Date.now() - started };
      await sleep(250);
    }
  }),
);
const ms = times.map((t) => t.ms).sort((a, b) => a - b);
const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
const finished = times.filter((t) => t.status === 'FINISHED').length;
console.log(`${N} asks: ${finished} finished, last after ${(ms[ms.length - 1] / 1000).toFixed(1)} s, p50 ${(at(0.5) / 1000).toFixed(1)} s, p95 ${(at(0.95) / 1000).toFixed(1)} s, ${(N / (ms[ms.length - 1] / 1000)).toFixed(1)} asks/s`);
