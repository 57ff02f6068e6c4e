// The REST API (/api/v1) against its own served OpenAPI document: a client generated from
// GET /api/v1/openapi.json by @hey-api/openapi-ts (with zod validators of every request and
// answer) asks, follows up, polls, runs SQL and manages knowledge on the MUSIC sample; a
// Server-Sent Events client reads stream/ask; refusals, and the API history's redaction, are
// checked with plain fetch. Set up through the api only (no browser). Needs a running
// Quarry (QUARRY_E2E_URL) with its worker and QUARRY_TEST_MAIL_DIR.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { generatedRestClient } from './restClient.mjs';
import { BASE_URL, graphql, signedInWithProject, skip } from './session.mjs';

const ALL_SCOPES = ['ASK', 'RUN_SQL', 'KNOWLEDGE', 'MODELS_READ'];
// IDLE: the task is recorded and its workflow not yet picked up (PRODUCT.md §4, state 0).
const STATE_ORDER = ['IDLE', 'UNDERSTANDING', 'SEARCHING', 'PLANNING', 'GENERATING', 'CORRECTING', 'FINISHED'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function eventually(what, probe, { timeoutMs = 60_000, everyMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    last = await probe();
    if (last) return last;
    if (Date.now() > deadline) assert.fail(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** The data of a generated SDK call that succeeded with `status`; its error body otherwise. */
function answered(result, status = 200) {
  assert.equal(
    result.response?.status,
    status,
    `${result.request?.method} ${result.request?.url} answered ${result.response?.status}: ${JSON.stringify(result.error ?? result.data)}`,
  );
  return result.data;
}

/** A plain call of /api/v1, for what the generated client is not for (refusals). */
async function raw(path, { secret, method = 'POST', body, authorization } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (authorization !== undefined) headers.Authorization = authorization;
  else if (secret) headers.Authorization = `Bearer ${secret}`;
  const response = await fetch(`${BASE_URL}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}

/** The generated zod schema of the document's ErrorBody (set once the client is generated). */
let errorBodySchema;

/**
 * A refusal: the status, and an error body `{error: {code, message, shortMessage}}` with
 * `code`, as the document's ErrorBody describes it.
 */
function assertRefused(result, status, code, what) {
  const shown = JSON.stringify(result.body);
  assert.equal(result.status, status, `${what}: answered ${result.status} ${shown}`);
  const checked = errorBodySchema.safeParse(result.body);
  assert.ok(checked.success, `${what}: the error body is the document's ErrorBody: ${shown} ${checked.error?.message}`);
  assert.equal(typeof result.body?.error, 'object', `${what}: the error body is {error: …}: ${shown}`);
  assert.equal(result.body.error.code, code, `${what}: ${shown}`);
  assert.ok(typeof result.body.error.message === 'string' && result.body.error.message.length > 0, `${what}: a message: ${shown}`);
  assert.ok(typeof result.body.error.shortMessage === 'string' && result.body.error.shortMessage.length > 0, `${what}: a short message: ${shown}`);
}

/**
 * Asks over `POST /api/v1/stream/ask` and reads the Server-Sent Events with
 * eventsource-parser. `onEvent(event, controller)` sees each event as it comes and may abort.
 * Returns the events read (`{event, data}`, data parsed) and whether the read was aborted.
 */
async function streamAsk(secret, body, onEvent = () => undefined) {
  const controller = new AbortController();
  const response = await fetch(`${BASE_URL}/api/v1/stream/ask`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  assert.equal(response.status, 200, `stream/ask answered ${response.status}: ${response.ok ? '' : await response.text()}`);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = [];
  try {
    const stream = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
    for await (const message of stream) {
      const event = { event: message.event ?? 'message', data: JSON.parse(message.data) };
      events.push(event);
      onEvent(event, controller);
      if (controller.signal.aborted) break;
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { events, aborted: controller.signal.aborted };
}

function assertStatesInOrder(states, what) {
  let at = -1;
  for (const status of states) {
    const index = STATE_ORDER.indexOf(status);
    assert.ok(index >= 0, `${what}: ${status} is not a state of an answering task (${states.join(' → ')})`);
    assert.ok(index > at, `${what}: the states go backwards or repeat (${states.join(' → ')})`);
    at = index;
  }
}

const historyQuery = `query($p: ID!, $f: ApiHistoryFilter, $o: Int, $l: Int) {
  apiHistory(projectId: $p, filter: $f, offset: $o, limit: $l) {
    items { id callType method path statusCode threadId apiKeyId keyPrefix requestBody responseBody }
    total
  }
}`;

describe('REST API /api/v1 through a client generated from its OpenAPI document', { skip }, () => {
  let request;
  let rest;
  let projectId;
  let otherProjectId;
  let key;
  let api;
  const secrets = [];

  const createKey = async (name, scopes, extra = {}) => {
    const created = await graphql(
      request,
      'mutation($p: ID!, $d: CreateApiKeyInput!) { createApiKey(projectId: $p, data: $d) { key { id prefix } secret } }',
      { p: projectId, d: { name, scopes, ...extra } },
    );
    const { key: made, secret } = created.createApiKey;
    assert.ok(secret.startsWith(made.prefix), `the secret starts with its prefix ${made.prefix}`);
    secrets.push(secret);
    return { id: made.id, prefix: made.prefix, secret };
  };

  const history = async (filter = {}) => {
    const items = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await graphql(request, historyQuery, { p: projectId, f: filter, o: offset, l: 100 })).apiHistory;
      items.push(...page.items);
      if (page.items.length === 0 || items.length >= page.total) return items;
    }
  };

  before(async () => {
    const { request: playwrightRequest } = await import('playwright-core');
    request = await playwrightRequest.newContext();
    // signedInWithProject only uses the page's request context: a browser is not needed.
    projectId = await signedInWithProject({ request }, 'REST API journey');
    await graphql(request, 'mutation($p: ID!) { startSampleDataset(projectId: $p, name: MUSIC) }', { p: projectId });
    await eventually(
      'the MUSIC sample is deployed',
      async () => {
        const { deployStatus } = await graphql(request, 'query($p: ID!) { deployStatus(projectId: $p) { status lastDeploy { status error } } }', {
          p: projectId,
        });
        assert.notEqual(deployStatus.lastDeploy?.status, 'FAILED', `deploy failed: ${deployStatus.lastDeploy?.error}`);
        return deployStatus.status === 'SYNCRONIZED';
      },
      { timeoutMs: 120_000, everyMs: 1000 },
    );
    otherProjectId = (await graphql(request, 'mutation($d: CreateProjectInput!) { createProject(data: $d) { id } }', { d: { displayName: 'REST API other' } }))
      .createProject.id;
    key = await createKey('REST journey', ALL_SCOPES);
    rest = await generatedRestClient(BASE_URL);
    errorBodySchema = rest.schemas.zErrorBody;
    api = rest.keyed(key.secret);
  }, { timeout: 240_000 });

  after(async () => {
    await rest?.dispose();
    await request?.dispose();
  });

  test('the served document is OpenAPI 3.1 with a bearer scheme and every operation', () => {
    const { document } = rest;
    assert.match(document.openapi, /^3\.1\./);
    const schemes = Object.values(document.components?.securitySchemes ?? {});
    assert.ok(schemes.some((s) => s.type === 'http' && s.scheme?.toLowerCase() === 'bearer'), JSON.stringify(schemes));
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const expected of [
      'POST /api/v1/ask',
      'GET /api/v1/asks/{taskId}',
      'POST /api/v1/stream/ask',
      'POST /api/v1/generate_sql',
      'POST /api/v1/generate_summary',
      'POST /api/v1/generate_chart',
      'GET /api/v1/threads/{threadId}',
      'POST /api/v1/run_sql',
      'GET /api/v1/models',
      'GET /api/v1/knowledge/sql_pairs',
      'POST /api/v1/knowledge/sql_pairs',
      'PUT /api/v1/knowledge/sql_pairs/{id}',
      'DELETE /api/v1/knowledge/sql_pairs/{id}',
      'GET /api/v1/knowledge/instructions',
      'POST /api/v1/knowledge/instructions',
      'PUT /api/v1/knowledge/instructions/{id}',
      'DELETE /api/v1/knowledge/instructions/{id}',
    ]) {
      assert.ok(operations.includes(expected), `${expected} is documented (documented: ${operations.join(', ')})`);
    }
    // zod lets unknown request fields through: the fields the journey sends are documented.
    const properties = (name) => Object.keys(document.components.schemas[name]?.properties ?? {}).sort();
    assert.deepEqual(properties('AskRequest'), ['async', 'projectId', 'question', 'threadId']);
    assert.deepEqual(properties('RunSqlRequest'), ['limit', 'projectId', 'sql']);
    assert.deepEqual(properties('QuestionSqlRequest'), ['projectId', 'question', 'sql']);
    assert.deepEqual(properties('ErrorDetail'), ['code', 'message', 'shortMessage']);
    const stream = document.paths['/api/v1/stream/ask'].post.responses['200'];
    assert.ok(stream?.content?.['text/event-stream'], `stream/ask is documented as text/event-stream: ${JSON.stringify(stream)}`);
    for (const name of ['ask', 'getAsk', 'getThread', 'runSql', 'models', 'generateSql', 'generateSummary', 'generateChart', 'listSqlPairs', 'createSqlPair', 'updateSqlPair', 'deleteSqlPair', 'listInstructions', 'createInstruction', 'updateInstruction', 'deleteInstruction']) {
      assert.equal(typeof rest.sdk[name], 'function', `the generator made ${name}() (made: ${Object.keys(rest.sdk).join(', ')})`);
    }
  });

  test('models, then SQL over them', async () => {
    const models = answered(await api.models());
    assert.match(models.deployId, UUID);
    const names = (models.manifest.models ?? []).map((m) => m.name);
    for (const table of ['Genre', 'Track', 'Album', 'Artist', 'Invoice']) assert.ok(names.includes(table), `model ${table} in ${names.join(', ')}`);

    const genres = answered(await api.runSql({ body: { sql: 'SELECT "Name" FROM "Genre" ORDER BY 1', limit: 100 } }));
    assert.deepEqual(genres.columns.map((c) => c.name), ['Name']);
    const genreNames = genres.rows.map((r) => r[0]);
    assert.ok(genreNames.includes('Rock'), `Rock in ${genreNames.join(', ')}`);
    assert.deepEqual(genreNames, [...genreNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), 'ORDER BY 1');
    assert.equal(genres.truncated, false);

    const limited = answered(await api.runSql({ body: { sql: 'SELECT "Name" FROM "Track"', limit: 5 } }));
    assert.equal(limited.rows.length, 5);
    assert.equal(limited.truncated, true);

    const count = answered(await api.runSql({ body: { sql: 'SELECT COUNT(*) AS tracks FROM "Track"' } }));
    assert.equal(Number(count.rows[0][0]), 3503);
  });

  test('ask, a follow-up in its thread, the thread', async () => {
    const first = answered(await api.ask({ body: { question: 'how many tracks are there' } }));
    assert.equal(first.status, 'FINISHED', JSON.stringify(first));
    assert.equal(first.error ?? null, null);
    assert.match(first.taskId, UUID);
    assert.match(first.threadId, UUID);
    assert.match(first.responseId, UUID);
    assert.match(first.sql ?? '', /"Track"/);
    assert.ok(first.rows.flat().some((v) => Number(v) === 3503), `3503 in ${JSON.stringify(first.rows)}`);
    assert.ok(first.summary, 'a written answer');
    assert.equal(first.columns.length, first.rows[0].length);

    const followUp = answered(await api.ask({ body: { question: 'only for the Rock genre', threadId: first.threadId } }));
    assert.equal(followUp.threadId, first.threadId, 'the follow-up is in the same thread');
    assert.notEqual(followUp.responseId, first.responseId);
    assert.equal(followUp.status, 'FINISHED', JSON.stringify(followUp));
    const rock = followUp.rows.flat().map(Number).find((v) => Number.isFinite(v));
    assert.ok(rock > 0 && rock < 3503, `the Rock tracks (${JSON.stringify(followUp.rows)}) are some of all 3503`);

    const thread = answered(await api.getThread({ path: { threadId: first.threadId } }));
    assert.equal(thread.id, first.threadId);
    assert.equal(thread.projectId, projectId);
    assert.deepEqual(thread.responses.map((r) => r.question), ['how many tracks are there', 'only for the Rock genre']);
    assert.deepEqual(thread.responses.map((r) => r.responseId), [first.responseId, followUp.responseId]);
    assert.deepEqual(thread.responses.map((r) => r.status), ['FINISHED', 'FINISHED']);
    assert.equal(thread.responses[0].sql, first.sql);
  });

  test('an asynchronous ask answers 202, then is polled until FINISHED', async () => {
    const started = answered(await api.ask({ body: { question: 'list the genres', async: true } }), 202);
    assert.match(started.taskId, UUID);
    assert.notEqual(started.status, 'FINISHED');
    const done = await eventually('the task finishes', async () => {
      const polled = answered(await api.getAsk({ path: { taskId: started.taskId } }));
      assert.equal(polled.taskId, started.taskId);
      assert.ok(!['FAILED', 'STOPPED', 'NO_RESULT'].includes(polled.status), JSON.stringify(polled));
      return polled.status === 'FINISHED' && polled;
    });
    assert.equal(done.threadId, started.threadId);
    assert.ok(done.rows.flat().includes('Rock'), `Rock in ${JSON.stringify(done.rows)}`);
  });

  test('generate_sql, generate_summary and generate_chart', async () => {
    const generated = answered(await api.generateSql({ body: { question: 'how many tracks are there' } }));
    assert.equal(generated.status, 'FINISHED', JSON.stringify(generated));
    assert.match(generated.sql ?? '', /"Track"/);
    const rerun = answered(await api.runSql({ body: { sql: generated.sql } }));
    assert.ok(rerun.rows.flat().some((v) => Number(v) === 3503), `the generated SQL counts 3503: ${JSON.stringify(rerun.rows)}`);

    const summary = answered(
      await api.generateSummary({ body: { question: 'how many tracks are there', sql: 'SELECT COUNT(*) AS tracks FROM "Track"' } }),
    );
    assert.equal(summary.status, 'FINISHED', JSON.stringify(summary));
    assert.match(summary.summary ?? '', /3,?503/);

    const chart = answered(
      await api.generateChart({
        body: { question: 'total revenue by country', sql: 'SELECT "BillingCountry", SUM("Total") AS revenue FROM "Invoice" GROUP BY 1 ORDER BY 2 DESC' },
      }),
    );
    assert.equal(chart.status, 'FINISHED', JSON.stringify(chart));
    assert.ok(chart.chart, `a chart: ${JSON.stringify(chart)}`);
    assert.equal(chart.chart.chartType, 'BAR', JSON.stringify(chart.chart));
    assert.equal(chart.chart.x, 'BillingCountry');
    assert.equal(chart.chart.y, 'revenue');
  });

  test('knowledge: SQL pairs and instructions, created, listed, updated, deleted', async () => {
    const pair = answered(
      await api.createSqlPair({ body: { question: 'How many tracks are there?', sql: 'SELECT COUNT(*) AS tracks FROM "Track"' } }),
      201,
    );
    assert.match(pair.id, UUID);
    assert.equal(pair.question, 'How many tracks are there?');
    assert.ok(answered(await api.listSqlPairs()).some((p) => p.id === pair.id && p.sql === 'SELECT COUNT(*) AS tracks FROM "Track"'));
    const updated = answered(await api.updateSqlPair({ path: { id: pair.id }, body: { question: 'How many tracks does the store have?' } }));
    assert.equal(updated.question, 'How many tracks does the store have?');
    assert.equal(updated.sql, pair.sql, 'what is not sent stays');
    const refused = await raw('/knowledge/sql_pairs', { secret: key.secret, body: { question: 'Clients?', sql: 'SELECT * FROM "Clients"' } });
    assert.equal(refused.status, 400, `SQL over no model is refused: ${JSON.stringify(refused.body)}`);
    answered(await api.deleteSqlPair({ path: { id: pair.id } }), 204);
    assert.ok(!answered(await api.listSqlPairs()).some((p) => p.id === pair.id), 'the pair is gone');

    const instruction = answered(
      await api.createInstruction({ body: { instruction: 'Revenue always means the sum of Invoice.Total.', isGlobal: true, questions: [] } }),
      201,
    );
    assert.equal(instruction.isGlobal, true);
    assert.ok(answered(await api.listInstructions()).some((i) => i.id === instruction.id));
    const narrowed = answered(
      await api.updateInstruction({
        path: { id: instruction.id },
        body: { instruction: 'Revenue means the sum of Invoice.Total.', isGlobal: false, questions: ['What is the revenue?'] },
      }),
    );
    assert.equal(narrowed.instruction, 'Revenue means the sum of Invoice.Total.');
    assert.equal(narrowed.isGlobal, false);
    assert.deepEqual(narrowed.questions, ['What is the revenue?']);
    answered(await api.deleteInstruction({ path: { id: instruction.id } }), 204);
    assert.ok(!answered(await api.listInstructions()).some((i) => i.id === instruction.id), 'the instruction is gone');
  });

  test('stream/ask: state events in order, then the answer', async () => {
    const { events } = await streamAsk(key.secret, { question: 'how many tracks are there' });
    assert.ok(events.length >= 2, JSON.stringify(events));
    const answer = events.at(-1);
    assert.equal(answer.event, 'answer', `the last event is the answer: ${events.map((e) => e.event).join(', ')}`);
    const states = events.slice(0, -1);
    assert.ok(states.length > 0 && states.every((e) => e.event === 'state'), `state events before the answer: ${JSON.stringify(events)}`);
    assert.ok(states.every((e) => e.data.taskId === answer.data.taskId), 'every state names the task');
    assertStatesInOrder(states.map((e) => e.data.status), 'stream/ask');
    assert.equal(states.at(-1).data.status, 'FINISHED');
    assert.equal(answer.data.status, 'FINISHED');
    assert.ok(answer.data.rows.flat().some((v) => Number(v) === 3503), JSON.stringify(answer.data.rows));
    // The answer event is an AskResult, as the document says: its schema, and no field more.
    const checked = rest.schemas.zAskResult.safeParse(answer.data);
    assert.ok(checked.success, `the answer event is an AskResult: ${checked.error?.message}`);
    assert.deepEqual(Object.keys(answer.data).sort(), Object.keys(rest.document.components.schemas.AskResult.properties).sort());

    const recorded = await eventually('the stream is in the API history', async () =>
      (await history({ callType: 'STREAM_ASK' })).find((row) => row.responseBody?.taskId === answer.data.taskId),
    );
    assert.equal(recorded.statusCode, 200);
    assert.equal(recorded.threadId, answer.data.threadId);
    assert.equal(recorded.requestBody.question, 'how many tracks are there');
  });

  test('stream/ask: a dropped connection does not stop the ask; its answer is in the history', async () => {
    const { events, aborted } = await streamAsk(key.secret, { question: 'which genre has the most tracks' }, (event, controller) => {
      if (event.event === 'state') controller.abort();
    });
    assert.equal(aborted, true);
    assert.equal(events.length, 1);
    const taskId = events[0].data.taskId;
    assert.match(taskId, UUID);
    const recorded = await eventually(
      'the dropped stream is in the API history, FINISHED',
      async () => (await history({ callType: 'STREAM_ASK' })).find((row) => row.responseBody?.taskId === taskId && row.responseBody?.status === 'FINISHED'),
      { timeoutMs: 90_000, everyMs: 1000 },
    );
    assert.equal(recorded.callType, 'STREAM_ASK');
    assert.ok(recorded.responseBody.rows.flat().includes('Rock'), `Rock has the most tracks: ${JSON.stringify(recorded.responseBody.rows)}`);
  });

  test('refusals: no key, a wrong key, a revoked key, an expired key', async () => {
    assertRefused(await raw('/models', { method: 'GET' }), 401, 'UNAUTHORIZED_ACCESS', 'no Authorization');
    assertRefused(await raw('/models', { method: 'GET', authorization: 'Basic dXNlcjpwYXNz' }), 401, 'UNAUTHORIZED_ACCESS', 'not a bearer');
    assertRefused(await raw('/models', { method: 'GET', authorization: 'Bearer qk_notakey_0123456789abcdef' }), 401, 'UNAUTHORIZED_ACCESS', 'an unknown key');
    assertRefused(
      await raw('/models', { method: 'GET', authorization: `Bearer ${key.secret.slice(0, -2)}${key.secret.endsWith('aa') ? 'bb' : 'aa'}` }),
      401,
      'UNAUTHORIZED_ACCESS',
      'a known prefix with a wrong secret',
    );

    const revoked = await createKey('to revoke', ['MODELS_READ']);
    assert.equal((await raw('/models', { method: 'GET', secret: revoked.secret })).status, 200, 'the key works before it is revoked');
    await graphql(request, 'mutation($p: ID!, $k: ID!) { revokeApiKey(projectId: $p, keyId: $k) { id active } }', { p: projectId, k: revoked.id });
    assertRefused(await raw('/models', { method: 'GET', secret: revoked.secret }), 401, 'UNAUTHORIZED_ACCESS', 'a revoked key');

    const expiresAt = new Date(Date.now() + 3000);
    const expiring = await createKey('expiring', ['MODELS_READ'], { expiresAt: expiresAt.toISOString() });
    assert.equal((await raw('/models', { method: 'GET', secret: expiring.secret })).status, 200, 'the key works before it expires');
    await sleep(Math.max(0, expiresAt.getTime() - Date.now()) + 1000);
    assertRefused(await raw('/models', { method: 'GET', secret: expiring.secret }), 401, 'UNAUTHORIZED_ACCESS', 'an expired key');
  });

  test('refusals: a missing scope, another project, a statement that is not a SELECT', async () => {
    const askOnly = await createKey('ask only', ['ASK']);
    assertRefused(await raw('/run_sql', { secret: askOnly.secret, body: { sql: 'SELECT 1' } }), 403, 'UNAUTHORIZED_ROLE_ACCESS', 'run_sql without RUN_SQL');
    assertRefused(await raw('/models', { method: 'GET', secret: askOnly.secret }), 403, 'UNAUTHORIZED_ROLE_ACCESS', 'models without MODELS_READ');
    assertRefused(
      await raw('/run_sql', { secret: key.secret, body: { sql: 'SELECT "Name" FROM "Genre"', projectId: otherProjectId } }),
      404,
      'NOT_FOUND',
      'a project key naming another project',
    );
    assertRefused(
      await raw('/ask', { secret: key.secret, body: { question: 'how many tracks are there', projectId: otherProjectId } }),
      404,
      'NOT_FOUND',
      'asking in another project',
    );
    assertRefused(await raw('/run_sql', { secret: key.secret, body: { sql: 'DELETE FROM "Track"' } }), 400, 'NON_SQL_QUERY', 'DELETE');
    const stillThere = answered(await api.runSql({ body: { sql: 'SELECT COUNT(*) FROM "Track"' } }));
    assert.equal(Number(stillThere.rows[0][0]), 3503, 'nothing was deleted');
  });

  test('the API history never holds a secret, even one sent inside a question', async () => {
    const asked = answered(await api.ask({ body: { question: `why is ${key.secret} not working` } }));
    const recorded = await eventually('the ask is in the history', async () =>
      (await history({ callType: 'ASK' })).find((row) => row.responseBody?.taskId === asked.taskId),
    );
    assert.equal(recorded.requestBody.question, 'why is [REDACTED] not working');
    const everything = JSON.stringify(await history());
    assert.ok(secrets.length >= 4, `${secrets.length} keys made`);
    for (const secret of secrets) assert.ok(!everything.includes(secret), `the secret ${secret.slice(0, 12)}… is not in the history`);
    for (const type of ['ASK', 'STREAM_ASK', 'GET_ASK', 'GET_THREAD', 'RUN_SQL', 'GET_MODELS', 'GENERATE_SQL', 'GENERATE_SUMMARY', 'GENERATE_CHART', 'CREATE_SQL_PAIR', 'DELETE_INSTRUCTION']) {
      assert.ok(everything.includes(`"callType":"${type}"`), `a ${type} call is in the history`);
    }
  });
});
