#!/usr/bin/env node
// Retrieval of stored SQL pairs, end to end on the MUSIC sample with the local embedding
// model: the 40 business questions of music_questions.json are stored as SQL pairs with
// their SQL; each is then asked again in other words (music_paraphrases.json) and counts
// when the answer's SQL is the pair's (answeredBy SQL_PAIR). Questions close in wording but
// asking something else ("customers in Canada" beside a stored "customers in Brazil") must
// not reuse a pair: those count as wrong reuses.
//
//   node scripts/bench/pair_retrieval.mjs
//
// Needs a running Quarry without an organisation language model (see quarry_client.mjs).
import { readFileSync } from 'node:fs';
import { FINAL, gql, sampleProject, signIn, sleep } from './quarry_client.mjs';

const here = new URL('.', import.meta.url);
const pairs = JSON.parse(readFileSync(new URL('music_questions.json', here)));
const { paraphrases, near_misses: nearMisses } = JSON.parse(readFileSync(new URL('music_paraphrases.json', here)));

async function ask(projectId, question) {
  const { createAskingTask } = await gql(
    'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id responseId } }',
    { p: projectId, d: { question } },
  );
  for (;;) {
    const { askingTask } = await gql('query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status answeredBy } }', {
      p: projectId,
      t: createAskingTask.id,
    });
    if (FINAL.includes(askingTask.status)) {
      const { threadResponse } = await gql('query($p: ID!, $r: ID!) { threadResponse(projectId: $p, responseId: $r) { sql } }', {
        p: projectId,
        r: createAskingTask.responseId,
      });
      return { ...askingTask, sql: threadResponse.sql };
    }
    await sleep(25);
  }
}

async function main() {
  await signIn();
  const projectId = await sampleProject('MUSIC');
  const stored = new Map();
  for (const pair of pairs) {
    const { createSqlPair } = await gql('mutation($p: ID!, $d: CreateSqlPairInput!) { createSqlPair(projectId: $p, data: $d) { sql } }', {
      p: projectId,
      d: { question: pair.question, sql: pair.gold_sql },
    });
    stored.set(String(pair.id), createSqlPair.sql);
  }
  console.log(`stored ${stored.size} SQL pairs`);

  let reused = 0;
  const started = Date.now();
  for (const [id, question] of Object.entries(paraphrases)) {
    const got = await ask(projectId, question);
    const ok = got.answeredBy === 'SQL_PAIR' && got.sql === stored.get(id);
    if (ok) reused += 1;
    console.log(`${ok ? 'ok  ' : 'MISS'} #${id} ${question} — ${got.status} ${got.answeredBy ?? ''}${ok ? '' : ` (${got.sql ?? 'no SQL'})`}`);
  }
  let wrong = 0;
  for (const question of nearMisses) {
    const got = await ask(projectId, question);
    const bad = got.answeredBy === 'SQL_PAIR';
    if (bad) wrong += 1;
    console.log(`${bad ? 'REUSED' : 'ok    '} near miss: ${question} — ${got.status} ${got.answeredBy ?? ''}`);
  }
  const total = Object.keys(paraphrases).length;
  console.log(`paraphrases answered with the pair's SQL: ${reused}/${total} (${((100 * reused) / total).toFixed(1)}%)`);
  console.log(`near misses wrongly answered with a pair: ${wrong}/${nearMisses.length}`);
  console.log(`${((Date.now() - started) / (total + nearMisses.length)).toFixed(0)} ms per question`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
