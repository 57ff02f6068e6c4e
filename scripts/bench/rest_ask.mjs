#!/usr/bin/env node
// REST against GraphQL on the same questions, in one run: each question is asked through
// `POST /api/v1/ask` with an API key (the server waits for the answer) and through GraphQL
// `createAskingTask` + polling `askingTask` every 250 ms as the web app does, alternating, on
// one deployed MUSIC project. Prints p50/p95 of each path and their ratio. Then a burst: N
// REST asks at once, each must answer FINISHED exactly once.
//
//   node scripts/bench/rest_ask.mjs [--rounds R] [--burst N]
//
// Needs a running Quarry (`make run`; QUARRY_URL, QUARRY_MAIL_DIR as for quarry_client.mjs)
// started with QUARRY_RATE_LIMIT_PER_MINUTE=0 and an API key limit above the burst
// (QUARRY_API_KEY_RATE_LIMIT_PER_MINUTE, 600 by default).
import { BASE, FINAL, gql, parseArgs, sampleProject, signIn, sleep } from './quarry_client.mjs';

const args = parseArgs();
const ROUNDS = Number(args.rounds ?? 10);
const BURST = Number(args.burst ?? 200);
const QUESTIONS = ['How many tracks are there?', 'Total revenue by billing country', 'Top 5 artists by number of tracks', 'How many customers are in Brazil?'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function restAsk(secret, question) {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/v1/ask`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`REST ask answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, status: body.status, taskId: body.taskId };
}

async function graphqlAsk(projectId, question) {
  const started = performance.now();
  const { createAskingTask } = await gql('mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }', {
    p: projectId,
    d: { question },
  });
  for (;;) {
    const { askingTask } = await gql('query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status } }', { p: projectId, t: createAskingTask.id });
    if (FINAL.includes(askingTask.status)) return { ms: performance.now() - started, status: askingTask.status };
    await sleep(250);
  }
}

await signIn();
const projectId = await sampleProject('MUSIC');
const { createApiKey } = await gql('mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { secret } }', {
  p: projectId,
  d: { name: 'bench', scopes: ['ASK'] },
});
const secret = createApiKey.secret;

// Warm both paths once per question (the first ask of a deploy loads its indexes).
for (const question of QUESTIONS) {
  await restAsk(secret, question);
  await graphqlAsk(projectId, question);
}

const times = { rest: [], graphql: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const question of QUESTIONS) {
    const [first, second] = round % 2 ? ['graphql', 'rest'] : ['rest', 'graphql'];
    for (const path of [first, second]) {
      const result = path === 'rest' ? await restAsk(secret, question) : await graphqlAsk(projectId, question);
      if (result.status !== 'FINISHED') throw new Error(`${path} "${question}" ended ${result.status}`);
      times[path].push(result.ms);
    }
  }
}
const row = (name, values) => `${name.padEnd(8)} n=${values.length}  p50 ${percentile(values, 50).toFixed(0)} ms  p95 ${percentile(values, 95).toFixed(0)} ms`;
console.log(row('REST', times.rest));
console.log(row('GraphQL', times.graphql));
console.log(
  `REST / GraphQL: p50 ${(percentile(times.rest, 50) / percentile(times.graphql, 50)).toFixed(2)}x  p95 ${(percentile(times.rest, 95) / percentile(times.graphql, 95)).toFixed(2)}x`,
);

if (BURST > 0) {
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: BURST }, (_, i) => restAsk(secret, QUESTIONS[i % QUESTIONS.length])));
  const seconds = (performance.now() - started) / 1000;
  const done = results.filter((r) => r.status === 'fulfilled' && r.value.status === 'FINISHED');
  const ids = new Set(done.map((r) => r.value.taskId));
  const failed = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  console.log(
    `burst of ${BURST} REST asks: ${done.length} FINISHED (${ids.size} distinct tasks) in ${seconds.toFixed(1)} s, ${(done.length / seconds).toFixed(2)} asks/s, p95 ${percentile(
      done.map((r) => r.value.ms),
      95,
    ).toFixed(0)} ms`,
  );
  if (failed.length) console.log(`failed: ${failed.length}, first: ${failed[0]}`);
}
