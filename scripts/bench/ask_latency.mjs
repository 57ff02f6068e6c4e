#!/usr/bin/env node
// Ask latency end to end on the MUSIC sample: createAskingTask → polling → FINISHED, as a
// client sees it, and where the time goes — the engine (understanding + answer), the query
// at the source, and the rest (Temporal scheduling of the workflow and its activities, the
// state writes, the api and polling).
//
//   node scripts/bench/ask_latency.mjs [ROUNDS]      (default 60)
//
// Needs a running Quarry (see quarry_client.mjs). Polls every 10 ms. The baseline printed
// beside it is the query alone at the source (the task's query_ms): the ratio says how
// much asking costs on top of running the answer's SQL.
import { FINAL, gql, sampleProject, signIn, sleep } from './quarry_client.mjs';

const QUESTIONS = [
  'total revenue by country',
  'how many tracks by genre',
  'average unit price of tracks by media type',
  'total revenue by year',
  'how many customers are there?',
  'top 5 billing cities by revenue',
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  const rounds = Number(process.argv[2] ?? 60);
  await signIn();
  const p = await sampleProject('MUSIC');
  const samples = [];
  for (let i = 0; i < rounds + 5; i++) {
    const started = performance.now();
    const { createAskingTask } = await gql(
      'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }',
      { p, d: { question: QUESTIONS[i % QUESTIONS.length] } },
    );
    let task;
    for (;;) {
      ({ askingTask: task } = await gql('query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status engineMs queryMs } }', { p, t: createAskingTask.id }));
      if (FINAL.includes(task.status)) break;
      await sleep(10);
    }
    const total = performance.now() - started;
    if (task.status !== 'FINISHED') throw new Error(`"${QUESTIONS[i % QUESTIONS.length]}" ended ${task.status}`);
    // The first rounds warm connections and caches.
    if (i >= 5) samples.push({ total, engine: task.engineMs ?? 0, query: task.queryMs ?? 0 });
  }
  const totals = samples.map((s) => s.total);
  const sum = (key) => samples.reduce((acc, s) => acc + s[key], 0);
  const all = sum('total');
  const engine = sum('engine');
  const query = sum('query');
  const p50 = percentile(totals, 50);
  const p95 = percentile(totals, 95);
  const queryP50 = percentile(samples.map((s) => s.query), 50);
  console.log(`rounds: ${samples.length}`);
  console.log(`ask end to end: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (goal p50 < 300 ms)`);
  console.log(`baseline, the query alone: p50 ${queryP50.toFixed(0)} ms; end to end / query: ${(p50 / Math.max(queryP50, 1)).toFixed(1)}x`);
  console.log(
    `share of the time: engine ${((100 * engine) / all).toFixed(1)}%, query ${((100 * query) / all).toFixed(1)}%, ` +
      `Temporal + state writes + api + polling ${((100 * (all - engine - query)) / all).toFixed(1)}%`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
