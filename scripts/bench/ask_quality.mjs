#!/usr/bin/env node
// Execution accuracy of asking, through Quarry's public API.
//
//   node scripts/bench/ask_quality.mjs QUESTIONS.json [--only DB,DB] [--limit N] [--csv DIR] [--teach]
//
// QUESTIONS.json is shaped like Spider's dev.json: [{id, db_id, question, gold_sql}]. A db_id
// that names a sample dataset (MUSIC, ECOMMERCE, HR, NBA) becomes a project on that sample;
// any other names a Spider database under <questions dir>/databases/<db_id>, whose CSV files
// are uploaded, made models (one per table) with relationships from tables.json's foreign
// keys, and deployed. Each question is asked as a user would (createAskingTask, polling the
// task); the gold SQL runs through the same project (as SQL over the models); the two results
// are compared as multisets of rows (in order when the gold SQL orders). Prints a line per
// question and ends with `accuracy: N/M`.
//
// Categories: correct; not understood (no SQL, the honest failure); confidently wrong (SQL
// whose rows are not the gold rows: the worst outcome); failed; gold SQL does not run.
// A question may instead carry `"gold_sql": null, "unplaceable": "<phrase>"`: the phrase is
// something the data cannot answer. Then correct means no SQL and a reply that names the
// phrase ("could not place …"); no SQL without naming it is "refused without naming it";
// any SQL is confidently wrong.
//
// `--teach`: after the first pass, each question refused as not understood is taught as a
// user would, one click per refused phrase: of the candidates its answer offers, the one the
// gold SQL reads (its column, else its model, named in the gold SQL) is taught through
// `teachTerm` (a column the gold SQL compares only with a literal does not count: that is
// a value, which a term cannot teach); a phrase whose candidates the gold SQL does not read
// is left untaught. Then
// every question is asked again and the second pass is reported beside the first.
//
// Needs a running Quarry: QUARRY_URL (default http://localhost:3000) and either
// QUARRY_BENCH_EMAIL/QUARRY_BENCH_PASSWORD of a verified account, or QUARRY_MAIL_DIR (the
// dev SMTP sink's directory, default ~/.local/share/quarry/dev/mail) to sign one up.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { FINAL, deployed, gql, http, sampleProject, signIn, waitFor } from './quarry_client.mjs';

const SAMPLES = ['MUSIC', 'ECOMMERCE', 'HR', 'NBA'];
const CONCURRENCY = Number(process.env.QUARRY_BENCH_CONCURRENCY ?? 4);

// ------------------------------------------------------------------ projects

const csvTable = (file) =>
  basename(file, '.csv').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').replace(/^(\d)/, 't_$1');

/** A deployed project answering questions about `db`. With `csvDir` (a held-out set), its
 *  CSV files are uploaded and the relationships Quarry recommends are accepted as they are:
 *  zero configuration. */
async function projectFor(db, spiderDir, schemas, csvDir) {
  if (SAMPLES.includes(db)) return sampleProject(db);
  const { createProject } = await gql('mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', { d: { displayName: `Bench ${db}` } });
  const p = createProject.id;
  const dir = csvDir ?? join(spiderDir, 'databases', db);
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv'));
  for (const file of files) {
    const { csrfToken } = await http('/api/auth/csrf');
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(dir, file))], { type: 'text/csv' }), file);
    const { jobId } = await http(`/api/projects/${p}/csv`, { method: 'POST', form, headers: { 'X-CSRF-Token': csrfToken } });
    await waitFor(`the import of ${file}`, 120, async () => {
      const { csvImportJob } = await gql('query($id: ID!) { csvImportJob(id: $id) { state error } }', { id: jobId });
      if (csvImportJob.state === 'ERROR') throw new Error(`${file}: ${csvImportJob.error}`);
      return csvImportJob.state === 'SUCCESS';
    });
  }
  await gql('mutation($p: ID!) { saveDataSource(projectId: $p, data: {type: CSV, properties: {}}) { type } }', { p });
  const tables = files.map(csvTable);
  await gql('mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { id } }', { p, t: tables });
  if (csvDir) {
    const { recommendedRelationships } = await gql(
      'query($p: ID!) { recommendedRelationships(projectId: $p) { fromModel fromColumn toModel toColumn type reason } }',
      { p },
    );
    for (const r of recommendedRelationships) console.error(`  ${db}: recommended ${r.fromModel}.${r.fromColumn} -> ${r.toModel}.${r.toColumn} (${r.reason})`);
    const r = recommendedRelationships.map(({ reason, ...relation }) => relation);
    await gql('mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }', { p, r });
    await deployed(p);
    return p;
  }
  const schema = schemas.find((s) => s.db_id === db);
  const relations = [];
  const seen = new Set();
  for (const [from, to] of schema?.foreign_keys ?? []) {
    const [ft, fc] = schema.column_names_original[from];
    const [tt, tc] = schema.column_names_original[to];
    const fromModel = schema.table_names_original[ft].toLowerCase();
    const toModel = schema.table_names_original[tt].toLowerCase();
    const key = `${fromModel}.${fc}>${toModel}.${tc}`;
    if (seen.has(key) || !tables.includes(fromModel) || !tables.includes(toModel)) continue;
    seen.add(key);
    relations.push({ fromModel, fromColumn: fc, toModel, toColumn: tc, type: 'MANY_TO_ONE' });
  }
  try {
    await gql('mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }', { p, r: relations });
  } catch (error) {
    // A foreign key whose columns differ in case or type from the CSV's: go on without them.
    console.error(`  ${db}: relationships not saved (${error.message}); deploying without them`);
    await gql('mutation($p: ID!, $r: [RelationInput!]!) { saveRelations(projectId: $p, relations: $r) { id } }', { p, r: [] });
  }
  await deployed(p);
  return p;
}

// ------------------------------------------------------------------ asking and comparing

const TASK =
  'query($p: ID!, $t: ID!) { askingTask(projectId: $p, taskId: $t) { status responseId threadId understood error { message } teachOffers { phrase candidates { model column } } } }';

async function settled(p, taskId) {
  return waitFor('the asking task', 120, async () => {
    const { askingTask } = await gql(TASK, { p, t: taskId });
    return FINAL.includes(askingTask.status) ? askingTask : null;
  });
}

async function rowsOf(p, responseId) {
  const rows = [];
  for (let offset = 0; ; offset += 500) {
    const { previewResponseData } = await gql(
      'query($p: ID!, $r: ID!, $o: Int) { previewResponseData(projectId: $p, responseId: $r, offset: $o, limit: 500) { rows total } }',
      { p, r: responseId, o: offset },
    );
    rows.push(...previewResponseData.rows);
    if (rows.length >= previewResponseData.total || previewResponseData.rows.length === 0) return rows;
  }
}

/** Spider's gold SQL is SQLite's, which reads double-quoted strings as text: they become
 *  strings here too. (Sample datasets' question files are written for the models, with
 *  double-quoted identifiers.) */
function fromSqlite(sql) {
  return sql.replace(/"([^"]*)"/g, (_, s) => `'${s.replace(/'/g, "''")}'`);
}

function normal(value) {
  if (value === null || value === undefined) return 'null';
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isNaN(n)) return String(Math.round(n * 1000) / 1000);
  return String(value).trim();
}

/**
 * Rows equal as multisets (as sequences when ordered), columns compared as sorted cells. The
 * answer may show more columns than the gold SQL (a team by city and nickname where the gold
 * shows the nickname): each gold column must then be one of the answer's columns, with the
 * same values row by row.
 */
function sameResult(got, gold, ordered) {
  if (got.length !== gold.length) return `${got.length} rows, expected ${gold.length}`;
  const width = gold[0]?.length ?? 0;
  for (const columns of projections(got, gold, width)) {
    const projected = got.map((row) => columns.map((c) => row[c]));
    if (sameCells(projected, gold, ordered) === null) return null;
  }
  return sameCells(got, gold, ordered);
}

/** Ways to pick one distinct answer column per gold column with the same values (at most 50). */
function projections(got, gold, width) {
  const gotWidth = got[0]?.length ?? 0;
  if (gotWidth <= width || width === 0) return [];
  const values = (rows, c) => rows.map((r) => normal(r[c])).sort().join('\u0001');
  const candidates = [...Array(width).keys()].map((j) => [...Array(gotWidth).keys()].filter((i) => values(got, i) === values(gold, j)));
  const out = [];
  const pick = (j, chosen) => {
    if (out.length >= 50) return;
    if (j === width) return void out.push([...chosen]);
    for (const i of candidates[j]) if (!chosen.includes(i)) pick(j + 1, [...chosen, i]);
  };
  pick(0, []);
  return out;
}

function sameCells(got, gold, ordered) {
  const key = (row) => row.map(normal).sort().join('\u0001');
  const a = got.map(key);
  const b = gold.map(key);
  if (!ordered) {
    a.sort();
    b.sort();
  }
  const at = a.findIndex((k, i) => k !== b[i]);
  return at === -1 ? null : `row ${at} differs: [${a[at]?.replaceAll('\u0001', ', ')}] vs [${b[at]?.replaceAll('\u0001', ', ')}]`;
}

/** Small words that name nothing: a reply that says only these has not named the phrase. */
const STOP = new Set(['a', 'an', 'the', 'of', 'for', 'by', 'in', 'on', 'at', 'to', 'and', 'or', 'with', 'who', 'that', 'their', 'our']);

/** Whether the reply names the unplaceable phrase: one of its words, as a whole word. */
function names(asked, phrase) {
  const reply = new Set([asked.error?.message, asked.understood].filter(Boolean).join(' ').toLowerCase().split(/[^a-z0-9]+/));
  const words = phrase.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2 && !STOP.has(w));
  return words.some((w) => reply.has(w));
}

async function judge(p, q, csvDir) {
  const { createAskingTask: task } = await gql(
    'mutation($p: ID!, $d: AskingTaskInput!) { createAskingTask(projectId: $p, data: $d) { id threadId } }',
    { p, d: { question: q.question } },
  );
  const asked = await settled(p, task.id);
  if (q.gold_sql === null) {
    if (asked.status === 'FINISHED') return { category: 'confidently wrong', detail: `answered with SQL, ignoring "${q.unplaceable}"` };
    if (asked.status !== 'NO_RESULT') return { category: 'failed', detail: asked.error?.message ?? asked.status };
    return names(asked, q.unplaceable) ? { category: 'correct' } : { category: 'refused without naming it', detail: q.unplaceable };
  }
  let gold;
  try {
    const { createThreadResponse } = await gql(
      'mutation($p: ID!, $t: ID!, $d: ThreadResponseInput!) { createThreadResponse(projectId: $p, threadId: $t, data: $d) { id askingTask { id } } }',
      { p, t: task.threadId, d: { question: `gold ${q.id}`, sql: SAMPLES.includes(q.db_id) || csvDir ? q.gold_sql : fromSqlite(q.gold_sql) } },
    );
    const ran = await settled(p, createThreadResponse.askingTask.id);
    if (ran.status !== 'FINISHED') return { category: 'gold SQL does not run', detail: ran.error?.message ?? ran.status };
    gold = await rowsOf(p, createThreadResponse.id);
  } catch (error) {
    return { category: 'gold SQL does not run', detail: error.message };
  }
  if (asked.status === 'NO_RESULT') return { category: 'not understood', detail: asked.error?.message, offers: asked.teachOffers };
  if (asked.status !== 'FINISHED') return { category: 'failed', detail: asked.error?.message ?? asked.status };
  const got = await rowsOf(p, asked.responseId);
  const difference = sameResult(got, gold, /order\s+by/i.test(q.gold_sql));
  return difference ? { category: 'confidently wrong', detail: difference } : { category: 'correct' };
}

// ------------------------------------------------------------------ teaching

/** Whether `sql` names `name` as a whole identifier (quoted or not, any case). */
function reads(sql, name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}([^A-Za-z0-9_]|$)`, 'i').test(sql);
}

/** The gold SQL without its comparisons of a column with a literal (`yearID = 2019`,
 *  `lgID = 'AL'`): a column read only there is a condition the question states as a value,
 *  not what a refused word means. */
function withoutLiteralFilters(sql) {
  return sql.replace(/[A-Za-z_."]+\s*(=|<>|!=|>=|<=|>|<)\s*('[^']*'|-?\d+(\.\d+)?)/g, ' ');
}

/** The candidate a user who knows what they meant would click: the one the gold SQL reads
 *  (beyond comparisons with literals). */
function meant(offer, goldSql) {
  const read = withoutLiteralFilters(goldSql);
  const columns = offer.candidates.filter((c) => c.column && reads(read, c.column) && reads(goldSql, c.model));
  if (columns.length > 0) return columns[0];
  return offer.candidates.find((c) => !c.column && reads(goldSql, c.model)) ?? null;
}

/** Teaches the refused phrases of a first pass; returns [taught, left untaught]. */
async function teach(p, refused) {
  let taught = 0;
  let untaught = 0;
  const done = new Set();
  for (const { q, offers } of refused) {
    for (const offer of offers ?? []) {
      const choice = meant(offer, q.gold_sql);
      const key = `${offer.phrase}\u0001${choice?.model}\u0001${choice?.column ?? ''}`;
      if (!choice) {
        untaught += 1;
        console.log(`  untaught ${q.id}: "${offer.phrase}" (offered ${offer.candidates.map((c) => c.column ?? c.model).join(', ')})`);
        continue;
      }
      if (done.has(key)) continue;
      done.add(key);
      try {
        await gql('mutation($p: ID!, $d: TermInput!) { teachTerm(projectId: $p, data: $d) { phrase } }', {
          p,
          d: { phrase: offer.phrase, model: choice.model, column: choice.column ?? null },
        });
        taught += 1;
        console.log(`  taught ${q.id}: "${offer.phrase}" as ${choice.model}${choice.column ? `.${choice.column}` : ''}`);
      } catch (error) {
        untaught += 1;
        console.log(`  not taught ${q.id}: "${offer.phrase}": ${error.message}`);
      }
    }
    if ((offers ?? []).length === 0) untaught += 1;
  }
  return [taught, untaught];
}

// ------------------------------------------------------------------ main

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith('--') && !['--only', '--limit', '--csv'].includes(args[i - 1]));
  if (!file) throw new Error('usage: ask_quality.mjs QUESTIONS.json [--only DB,DB] [--limit N] [--csv DIR] [--teach]');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
  const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
  // `--csv DIR`: a held-out set (scripts/bench/heldout), its tables as CSV files in DIR.
  const csvDir = args.includes('--csv') ? args[args.indexOf('--csv') + 1] : undefined;
  let questions = JSON.parse(readFileSync(file, 'utf8')).filter((q) => !only || only.includes(q.db_id));
  questions = questions.slice(0, limit);
  const spiderDir = existsSync(join(dirname(file), 'databases')) ? dirname(file) : join(dirname(new URL(import.meta.url).pathname), '../../../shared/benchmarks/spider-dev');
  const schemas = existsSync(join(spiderDir, 'tables.json')) ? JSON.parse(readFileSync(join(spiderDir, 'tables.json'), 'utf8')) : [];
  await signIn();
  const byDb = new Map();
  for (const q of questions) byDb.set(q.db_id, [...(byDb.get(q.db_id) ?? []), q]);
  const projects = new Map();
  for (const db of byDb.keys()) {
    try {
      projects.set(db, await projectFor(db, spiderDir, schemas, csvDir));
    } catch (error) {
      projects.set(db, error);
    }
  }
  const first = await pass(byDb, projects, csvDir);
  summarise('zero configuration', first, questions.length);
  if (!args.includes('--teach')) return;
  let taught = 0;
  let untaught = 0;
  for (const [db, list] of byDb) {
    const p = projects.get(db);
    if (p instanceof Error) continue;
    const refused = list.flatMap((q) => (first.verdicts.get(q.id)?.category === 'not understood' ? [{ q, offers: first.verdicts.get(q.id).offers }] : []));
    const [t, u] = await teach(p, refused);
    taught += t;
    untaught += u;
  }
  console.log(`taught ${taught} phrases; ${untaught} refused phrases had no candidate the gold SQL reads`);
  summarise('after teaching', await pass(byDb, projects, csvDir), questions.length);
}

/** Asks every question once; prints a line per question. */
async function pass(byDb, projects, csvDir) {
  const counts = {};
  const verdicts = new Map();
  let correct = 0;
  for (const [db, list] of byDb) {
    const p = projects.get(db);
    if (p instanceof Error) {
      for (const q of list) {
        counts['database not loaded'] = (counts['database not loaded'] ?? 0) + 1;
        console.log(`FAIL ${q.id} ${db}: database not loaded: ${p.message}`);
      }
      continue;
    }
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const q = list[next++];
        let verdict;
        try {
          verdict = await judge(p, q, csvDir);
        } catch (error) {
          verdict = { category: 'error', detail: error.message };
        }
        verdicts.set(q.id, verdict);
        counts[verdict.category] = (counts[verdict.category] ?? 0) + 1;
        if (verdict.category === 'correct') correct += 1;
        console.log(`${verdict.category === 'correct' ? 'PASS' : 'FAIL'} ${q.id} ${db}: ${q.question}${verdict.detail ? ` — ${verdict.category}: ${verdict.detail}` : ''}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }
  return { counts, verdicts, correct };
}

function summarise(title, { counts, correct }, total) {
  console.log(`${title}:`);
  console.log('categories:', Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', '));
  const share = (n) => `${((100 * n) / Math.max(total, 1)).toFixed(1)}%`;
  const wrong = counts['confidently wrong'] ?? 0;
  const notUnderstood = (counts['not understood'] ?? 0) + (counts['refused without naming it'] ?? 0);
  console.log(`correct ${correct} (${share(correct)}), not understood ${notUnderstood} (${share(notUnderstood)}), confidently wrong ${wrong} (${share(wrong)})`);
  console.log(`accuracy: ${correct}/${total}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
