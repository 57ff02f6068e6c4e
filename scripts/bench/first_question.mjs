#!/usr/bin/env node
// The first question after a deploy against the warm ones (issue 14, "First answer fast"):
// a fresh project on a sample dataset, deployed; then the first question is timed
// (createAskingTask → polling → an end state), then WARM more, and the ratio of the first to
// the warm median is printed. The goal is a first answer within 2x of a warm one, which
// needs the retrieval index embedded by the deploy rather than by the first question.
//
//   node scripts/bench/first_question.mjs [DATASET] [WARM]      (default MUSIC 10)
//
// Needs a running Quarry (see quarry_client.mjs); with no organisation language model the
// local embedding model does retrieval. Polls every 10 ms.
import { FINAL, deployed, gql, signIn, sleep } from './quarry_client.mjs';

const QUESTIONS = {
  MUSIC: ['total revenue by country', 'how many tracks by genre', 'average unit price by media type', 'total revenue by year', 'how many customers are there?'],
  HR: ['how many employees are there?', 'average salary by department', 'how many employees by title'],
  NBA: ['how many teams are there?', 'average points by season', 'how many games by season'],
  ECOMMERCE: ['how many orders are there?', 'total payment value by payment type', 'how many customers by state'],
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function asked(p, question) {
  const started = performance.now();
  const { createAskingTask } = await gql(
    'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }',
    { p, d: { question } },
  );
  let task;
  for (;;) {
    ({ askingTask: task } = await gql('query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status } }', { p, t: createAskingTask.id }));
    if (FINAL.includes(task.status)) break;
    await sleep(10);
  }
  if (task.status === 'FAILED') throw new Error(`"${question}" failed`);
  return { ms: performance.now() - started, status: task.status };
}

async function main() {
  const dataset = (process.argv[2] ?? 'MUSIC').toUpperCase();
  const warm = Number(process.argv[3] ?? 10);
  const questions = QUESTIONS[dataset];
  if (!questions) throw new Error(`no questions for ${dataset}; one of ${Object.keys(QUESTIONS).join(', ')}`);
  await signIn();

  const deployStarted = performance.now();
  const { createProject } = await gql('mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', { d: { displayName: `First question ${dataset}` } });
  const p = createProject.id;
  await gql(`mutation($p: ID!) { startSampleDataset(projectId: $p, name: ${dataset}) }`, { p });
  await deployed(p);
  const deployMs = performance.now() - deployStarted;

  const first = await asked(p, questions[0]);
  const warmMs = [];
  for (let i = 1; i <= warm; i++) warmMs.push((await asked(p, questions[i % questions.length])).ms);
  const warmMedian = median(warmMs);
  const ratio = first.ms / warmMedian;
  console.log(`dataset: ${dataset}; sample picked to deployed: ${(deployMs / 1000).toFixed(1)} s`);
  console.log(`first question: ${first.ms.toFixed(0)} ms (${first.status})`);
  console.log(`warm (${warmMs.length}): median ${warmMedian.toFixed(0)} ms, min ${Math.min(...warmMs).toFixed(0)} ms, max ${Math.max(...warmMs).toFixed(0)} ms`);
  console.log(`first / warm median: ${ratio.toFixed(2)}x (goal ≤ 2x: ${ratio <= 2 ? 'met' : 'not met'})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
