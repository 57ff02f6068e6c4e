#!/usr/bin/env node
// A spreadsheet over a generated 1,000,000-row table against the same spreadsheet over a
// 10,000-row table (the baseline), in one project and one run: the first page, a sort, a
// filter and a far page, each timed (p50 of several), computed at the source; then the whole
// 1M-row table exported as CSV and downloaded as a stream, with the peak RSS of quarry-api and
// quarry-worker over that time.
//
//   node scripts/bench/spreadsheet_million.mjs [--rows N] [--repeat R]
//
// Needs a running Quarry (`make run`, see quarry_client.mjs) with QUARRY_RATE_LIMIT_PER_MINUTE=0.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BASE, cookies, deployed, gql, http, parseArgs, signIn, sleep, waitFor } from './quarry_client.mjs';

const args = parseArgs();
const ROWS = Number(args.rows ?? 1_000_000);
const BASELINE_ROWS = 10_000;
const REPEAT = Number(args.repeat ?? 5);

/** `id,category,amount` rows: 50 categories, amounts with cents. */
function table(rows) {
  const lines = ['id,category,amount'];
  for (let i = 1; i <= rows; i++) lines.push(`${i},c${i % 50},${((i * 7919) % 100000) / 100}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function upload(p, name, bytes) {
  const { csrfToken } = await http('/api/auth/csrf');
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'text/csv' }), name);
  const { jobId } = await http(`/api/projects/${p}/csv`, { method: 'POST', form, headers: { 'X-CSRF-Token': csrfToken } });
  await waitFor(`the import of ${name}`, 600, async () => {
    const { csvImportJob } = await gql('query($id: ID!) { csvImportJob(id: $id) { state error } }', { id: jobId });
    if (csvImportJob.state === 'ERROR') throw new Error(`${name}: ${csvImportJob.error}`);
    return csvImportJob.state === 'SUCCESS';
  });
}

const PAGE = 'query($p: ID!, $s: ID!, $d: PageInput!) { spreadsheetPage(projectId: $p, spreadsheetId: $s, data: $d) { rows totalRows } }';
const pct = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

async function timed(p, s, data) {
  const times = [];
  let last;
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    last = (await gql(PAGE, { p, s, d: data })).spreadsheetPage;
    times.push(performance.now() - started);
  }
  return { p50: pct(times, 0.5), rows: last.rows.length, total: last.totalRows };
}

// ------------------------------------------------------------------ process memory

function pids(name) {
  try {
    return execFileSync('pgrep', ['-x', name]).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
function watchMemory() {
  const seen = new Map();
  const sample = () => {
    for (const name of ['quarry-api', 'quarry-worker']) {
      for (const pid of pids(name)) {
        try {
          const now = rss(pid);
          const m = seen.get(pid) ?? { name, first: now, peak: 0 };
          seen.set(pid, { ...m, peak: Math.max(m.peak, now) });
        } catch {
          // the process ended between pgrep and the read
        }
      }
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return [...seen].map(([pid, m]) => `${m.name} ${pid}: ${m.first.toFixed(0)} MB before, peak ${m.peak.toFixed(0)} MB (+${(m.peak - m.first).toFixed(0)} MB)`);
  };
}

// ------------------------------------------------------------------ run

await signIn();
const { createProject } = await gql('mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', { d: { displayName: 'Bench spreadsheet' } });
const p = createProject.id;
let started = Date.now();
await upload(p, 'million.csv', table(ROWS));
await upload(p, 'baseline.csv', table(BASELINE_ROWS));
await gql('mutation($p: ID!) { saveDataSource(projectId: $p, data: {type: CSV, properties: {}}) { type } }', { p });
await gql('mutation($p: ID!, $t: [String!]!) { saveTables(projectId: $p, tables: $t) { id } }', { p, t: ['million', 'baseline'] });
// Saving the relationships (none) ends the setup and starts the deploy.
await gql('mutation($p: ID!) { saveRelations(projectId: $p, relations: []) { id } }', { p });
await deployed(p);
console.log(`${ROWS} + ${BASELINE_ROWS} rows imported and deployed in ${((Date.now() - started) / 1000).toFixed(1)} s; p50 of ${REPEAT} each`);

const sheet = async (name, model) =>
  (await gql('mutation($p: ID!, $n: String!, $q: String!) { createSpreadsheet(projectId: $p, data: {name: $n, sql: $q}) { id } }', { p, n: name, q: `SELECT * FROM "${model}"` }))
    .createSpreadsheet.id;
const big = await sheet('Million', 'million');
const small = await sheet('Baseline', 'baseline');
const cases = [
  ['first page (100 rows)', { page: 1, pageSize: 100 }],
  ['sorted by amount, descending', { page: 1, pageSize: 100, sort: [{ column: 'amount', direction: 'DESCENDING' }] }],
  ['filtered to one category', { page: 1, pageSize: 100, filters: [{ column: 'category', operator: 'EQUALS', value: 'c7' }] }],
  ['the middle page', { page: 0, pageSize: 100 }],
];
for (const [label, data] of cases) {
  const pageOf = (rows) => (data.page === 0 ? { ...data, page: Math.floor(rows / 200) } : data);
  const a = await timed(p, big, pageOf(ROWS));
  const b = await timed(p, small, pageOf(BASELINE_ROWS));
  console.log(`${label}: ${ROWS} rows ${a.p50.toFixed(0)} ms (${a.rows} of ${a.total}), ${BASELINE_ROWS} rows ${b.p50.toFixed(0)} ms (${b.rows} of ${b.total}), ratio ${(a.p50 / b.p50).toFixed(1)}x`);
}

// The whole table as CSV: written by the worker in pages, streamed by the api from the file.
const stop = watchMemory();
started = Date.now();
const { exportSpreadsheet } = await gql('mutation($p: ID!, $s: ID!) { exportSpreadsheet(projectId: $p, spreadsheetId: $s) { id } }', { p, s: big });
let done;
for (;;) {
  ({ spreadsheetExport: done } = await gql('query($p: ID!, $e: ID!) { spreadsheetExport(projectId: $p, exportId: $e) { status rowsWritten bytesWritten downloadUrl error } }', { p, e: exportSpreadsheet.id }));
  if (done.status !== 'RUNNING') break;
  await sleep(250);
}
if (done.status !== 'SUCCEEDED') throw new Error(`export ${done.status}: ${done.error}`);
const written = Date.now() - started;
started = Date.now();
const session = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const response = await fetch(`${BASE}${done.downloadUrl}`, { headers: { cookie: session } });
let bytes = 0;
let lines = 0;
for await (const chunk of response.body) {
  bytes += chunk.length;
  for (const byte of chunk) if (byte === 10) lines++;
}
const downloaded = Date.now() - started;
console.log(`CSV export: ${done.rowsWritten} rows, ${(done.bytesWritten / 1e6).toFixed(1)} MB written in ${(written / 1000).toFixed(1)} s; downloaded ${(bytes / 1e6).toFixed(1)} MB (${lines - 1} rows) in ${(downloaded / 1000).toFixed(1)} s`);
for (const line of stop()) console.log(`  ${line}`);

