#!/usr/bin/env node
// A new user's own data, timed through the public API: a multi-table CSV upload (a few
// hundred thousand rows), the relationships Quarry recommends accepted, the deploy (the
// vocabulary, the value index and the retrieval index are built here), then warm asks.
//
//   node scripts/bench/own_data_deploy.mjs CSV_DIR QUESTIONS.json [--rounds N]
//
// QUESTIONS.json is a held-out set's file ([{question, gold_sql}]): the questions asked are
// its first ten the project answers (asked once each to find them, then --rounds times in
// turn, default 60). Baselines from the same run, printed as ratios:
// - deploy / import: the deploy against reading the same files into the project's store;
// - ask p50 / query p50: asking end to end against running the answer's SQL at the source
//   (the task's queryMs), with the engine's share (engineMs).
//
// Needs a running Quarry (see quarry_client.mjs), with QUARRY_RATE_LIMIT_PER_MINUTE=0.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { FINAL, gql, http, parseArgs, signIn, sleep, waitFor } from './quarry_client.mjs';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const csvTable = (file) =>
  basename(file, '.csv').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/^(\d)/, 't_$1');

async function ask(p, question) {
  const started = performance.now();
  const { createAskingTask } = await gql('mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id } }', {
    p,
    d: { question },
  });
  for (;;) {
    const { askingTask } = await gql('query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status engineMs queryMs } }', {
      p,
      t: createAskingTask.id,
    });
    if (FINAL.includes(askingTask.status)) return { ...askingTask, total: performance.now() - started };
    await sleep(10);
  }
}

async function deployStatus(p) {
  const { deployStatus } = await gql('query($p: ID!) { deployStatus(projectId: $p) { status lastDeploy { status error } } }', { p });
  if (deployStatus.lastDeploy?.status === 'FAILED') throw new Error(`deploy failed: ${deployStatus.lastDeploy.error}`);
  return deployStatus.status;
}

async function main() {
  const [csvDir, questionsFile] = process.argv.slice(2).filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
  if (!csvDir || !questionsFile) throw new Error('usage: own_data_deploy.mjs CSV_DIR QUESTIONS.json [--rounds N]');
  const rounds = Number(parseArgs().rounds ?? 60);
  await signIn();
  const { createProject } = await gql('mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', {
    d: { displayName: `Deploy bench ${basename(csvDir)}` },
  });
  const p = createProject.id;

  // Import: every file uploaded and read into the project's store.
  const files = readdirSync(csvDir).filter((f) => f.endsWith('.csv'));
  let rows = 0;
  let bytes = 0;
  const importStarted = performance.now();
  for (const file of files) {
    const { csrfToken } = await http('/api/auth/csrf');
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(csvDir, file))], { type: 'text/csv' }), file);
    bytes += statSync(join(csvDir, file)).size;
    const { jobId } = await http(`/api/projects/${p}/csv`, { method: 'POST', form, headers: { 'X-CSRF-Token': csrfToken } });
    await waitFor(`the import of ${file}`, 300, async () => {
      const { csvImportJob } = await gql('query($id: ID!) { csvImportJob(id: $id) { state error rowCount } }', { id: jobId });
      if (csvImportJob.state === 'ERROR') throw new Error(`${file}: ${csvImportJob.error}`);
      if (csvImportJob.state === 'SUCCESS') rows += csvImportJob.rowCount ?? 0;
      return csvImportJob.state === 'SUCCESS';
    });
  }
  const importMs = performance.now() - importStarted;

  // Models and the recommended relationships; saving them starts the deploy.
  await gql('mutation($p: ID!) { saveDataSource(projectId: $p, data: {type: CSV, properties: {}}) { type } }', { p });
  await gql('mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { id } }', { p, t: files.map(csvTable) });
  const { recommendedRelationships } = await gql(
    'query($p: ID!) { recommendedRelationships(projectId: $p) { fromModel fromColumn toModel toColumn type } }',
    { p },
  );
  const deployStarted = performance.now();
  await gql('mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }', { p, r: recommendedRelationships });
  await waitFor('the deploy', 600, async () => (await deployStatus(p)) === 'SYNCRONIZED');
  const deployMs = performance.now() - deployStarted;

  // The questions the project answers, then warm rounds over them.
  const questions = JSON.parse(readFileSync(questionsFile, 'utf8')).filter((q) => q.gold_sql);
  const answered = [];
  for (const q of questions) {
    if (answered.length >= 10) break;
    if ((await ask(p, q.question)).status === 'FINISHED') answered.push(q.question);
  }
  if (answered.length === 0) throw new Error('the project answered none of the questions');
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const asked = await ask(p, answered[i % answered.length]);
    if (asked.status !== 'FINISHED') throw new Error(`"${answered[i % answered.length]}" ended ${asked.status}`);
    samples.push(asked);
  }
  const p50 = (key) => percentile(samples.map((s) => s[key] ?? 0), 50);

  console.log(`files: ${files.length}, ${rows.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB; relationships accepted: ${recommendedRelationships.length}`);
  console.log(`import ${(importMs / 1000).toFixed(1)} s; deploy ${(deployMs / 1000).toFixed(1)} s; deploy / import ${(deployMs / importMs).toFixed(2)}x`);
  console.log(`questions answered and asked warm: ${answered.length}, ${samples.length} asks`);
  console.log(
    `ask end to end: p50 ${p50('total').toFixed(0)} ms, p95 ${percentile(
      samples.map((s) => s.total),
      95,
    ).toFixed(0)} ms (goal p50 <= 150 ms); engine p50 ${p50('engineMs').toFixed(0)} ms; query at the source p50 ${p50('queryMs').toFixed(0)} ms`,
  );
  console.log(`ask p50 / query p50: ${(p50('total') / Math.max(p50('queryMs'), 1)).toFixed(1)}x`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
