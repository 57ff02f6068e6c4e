// A stand-in for the Rust api, for working on the web app alone and for trying the browser
// journey without Postgres, Redis and Temporal: serves dist/, the auth endpoints of
// docs/contracts.md and the GraphQL schema of schema.graphql, all in memory. Verification
// e-mails are written quoted-printable to $QUARRY_TEST_MAIL_DIR, like the SMTP sink does.
// With schema-datasources.graphql it also fakes data sources, sample datasets, setup and CSV
// import (GET /api/config, POST /api/projects/:id/csv): every database "has" the same few
// tables; a host containing "invalid" is refused; a CSV file named broken*.csv fails to import.
// Usage: node scripts/fake-quarry.mjs  (PORT, default 3000)
import { createServer } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { GraphQLError, buildSchema, graphql } from 'graphql';

const web = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const mailDir = process.env.QUARRY_TEST_MAIL_DIR ?? '/tmp/quarry-fake-mail';
const dist = join(web, 'dist');
const schemaFiles = ['schema.graphql', 'schema-datasources.graphql'].filter((name) => existsSync(join(web, name)));
const schema = buildSchema(schemaFiles.map((name) => readFileSync(join(web, name), 'utf8')).join('\n'));
const csvCapMB = Number(process.env.QUARRY_CSV_IMPORT_MAX_FILE_SIZE_MB ?? 40);

const users = new Map(); // id → user
const sessions = new Map(); // token → userId
const tokens = new Map(); // token → { userId, purpose }
const orgs = new Map(); // id → { id, name, createdAt }
const members = []; // { id, orgId, userId, role, enabled, joinedAt }
const projects = new Map(); // id → project
const setups = new Map(); // projectId → { dataSource, tables, models, relationships, schemaChange }
const csvJobs = new Map(); // id → { id, state, progress, error, tableName }

const now = () => new Date().toISOString();
const fail = (code, message) => new GraphQLError(message, { extensions: { code, message, shortMessage: message } });

function cookies(req) {
  return Object.fromEntries((req.headers.cookie ?? '').split(';').filter(Boolean).map((c) => c.trim().split('=')));
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

const restError = (res, status, code, message) => send(res, status, { error: { code, message, shortMessage: message } });

function writeMail(to, subject, path) {
  mkdirSync(mailDir, { recursive: true });
  const link = `http://localhost:${port}${path}`;
  // Quoted-printable with a soft break inside the link, as real mailers produce.
  const html = `<p>Welcome to Quarry.</p><p><a href=3D"${link.replace(/=/g, '=3D')}">Open</a></p>`;
  const body = html.match(/.{1,70}/g).join('=\r\n');
  const message = [`To: ${to}`, `Subject: ${subject}`, 'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable', '', body].join('\r\n');
  writeFileSync(join(mailDir, `${Date.now()}-${randomBytes(3).toString('hex')}.eml`), message);
}

function issueToken(userId, purpose) {
  const token = randomBytes(24).toString('hex');
  tokens.set(token, { userId, purpose });
  return token;
}

const findUserByEmail = (email) => [...users.values()].find((u) => u.email === email.trim().toLowerCase());

async function auth(req, res, path, body) {
  const jar = cookies(req);
  const csrfOk = () => {
    const sent = body.csrfToken ?? req.headers['x-csrf-token'];
    if (!jar['quarry.csrf-token'] || sent !== jar['quarry.csrf-token']) {
      restError(res, 403, 'INVALID_CSRF_TOKEN', 'Invalid CSRF token.');
      return false;
    }
    return true;
  };
  const user = users.get(sessions.get(jar['quarry.session-token']));
  switch (`${req.method} ${path}`) {
    case 'GET csrf': {
      const token = jar['quarry.csrf-token'] ?? randomBytes(32).toString('hex');
      return send(res, 200, { csrfToken: token }, { 'Set-Cookie': `quarry.csrf-token=${token}; Path=/; HttpOnly; SameSite=Lax` });
    }
    case 'GET session':
      return send(res, 200, user ? { user: { id: user.id, email: user.email, name: user.name, image: null, emailVerified: user.emailVerified }, expires: now() } : {});
    case 'POST signup': {
      if (!csrfOk()) return;
      if (!/^[^@\s]+@[^@\s]+$/.test(body.email ?? '') || (body.password ?? '').length < 8) return restError(res, 400, 'INVALID_INPUT', 'Invalid e-mail or password.');
      if (findUserByEmail(body.email)) return restError(res, 409, 'EMAIL_ALREADY_EXISTS', 'An account with this e-mail already exists.');
      const created = { id: randomUUID(), email: body.email.trim().toLowerCase(), name: body.name ?? null, password: body.password,
        emailVerified: false, consentPrivacyStatement: false, currentOrgId: null, currentProjectId: null };
      users.set(created.id, created);
      writeMail(created.email, 'Verify your e-mail', `/verify-email?token=${issueToken(created.id, 'verify')}`);
      return send(res, 201, { ok: true });
    }
    case 'POST verify-email': {
      const entry = tokens.get(body.token);
      if (!entry || entry.purpose !== 'verify') return restError(res, 400, 'INVALID_TOKEN', 'The link is invalid or has expired.');
      const target = users.get(entry.userId);
      if (target.emailVerified) return restError(res, 400, 'EMAIL_ALREADY_VERIFIED', 'The e-mail address is already verified.');
      target.emailVerified = true;
      return send(res, 200, { ok: true, email: target.email });
    }
    case 'POST verify-email/resend': {
      if (!csrfOk()) return;
      const target = findUserByEmail(body.email ?? '');
      if (target && !target.emailVerified) writeMail(target.email, 'Verify your e-mail', `/verify-email?token=${issueToken(target.id, 'verify')}`);
      return send(res, 200, { ok: true });
    }
    case 'POST signin/credentials':
    case 'POST callback/credentials': {
      if (!csrfOk()) return;
      const target = findUserByEmail(body.email ?? '');
      if (!target || target.password !== body.password) return restError(res, 401, 'UNAUTHORIZED_ACCESS', 'Wrong e-mail or password.');
      if (!target.emailVerified) return restError(res, 403, 'EMAIL_NOT_VERIFIED', 'Verify your e-mail address first.');
      const token = randomBytes(24).toString('hex');
      sessions.set(token, target.id);
      return send(res, 200, { ok: true, url: '/projects' }, { 'Set-Cookie': `quarry.session-token=${token}; Path=/; HttpOnly; SameSite=Lax` });
    }
    case 'POST signout':
      if (!csrfOk()) return;
      sessions.delete(jar['quarry.session-token']);
      return send(res, 200, { ok: true }, { 'Set-Cookie': 'quarry.session-token=; Path=/; Max-Age=0' });
    case 'POST reset-password': {
      const entry = tokens.get(body.token);
      if (!entry || entry.purpose !== 'reset') return restError(res, 400, 'INVALID_TOKEN', 'The link is invalid or has expired.');
      users.get(entry.userId).password = body.password;
      return send(res, 200, { ok: true });
    }
    case 'POST _log':
      console.log(`[client ${body.level}] ${body.code}${body.message ? `: ${body.message}` : ''}`);
      return send(res, 204);
    default:
      return restError(res, 404, 'NOT_FOUND', 'Not found.');
  }
}

// GraphQL: plain objects whose function fields graphql-js calls as resolvers.
function orgView(org, user, { withMembers = true, withUsage = true } = {}) {
  const orgMembers = () => members.filter((m) => m.orgId === org.id);
  const orgProjects = () => [...projects.values()].filter((p) => p.orgId === org.id);
  return {
    ...org,
    myRole: orgMembers().find((m) => m.userId === user.id)?.role ?? 'MEMBER',
    projects: () => orgProjects().map((p) => ({ id: p.id, displayName: p.displayName })),
    members: withMembers ? () => orgMembers().map((m) => memberView(m)) : null,
    usage: withUsage ? () => ({ totalMembers: orgMembers().length, totalProjects: orgProjects().length, questionsAsked: 0, totalApiCalls: 0, rowsExported: 0 }) : null,
  };
}

function memberView(member) {
  const u = users.get(member.userId);
  return { ...member, email: u.email, emailVerified: u.emailVerified, picture: null, name: u.name, firstName: u.firstName, lastName: u.lastName };
}

function meView(user, flags = {}) {
  const org = orgs.get(user.currentOrgId);
  const project = projects.get(user.currentProjectId);
  return {
    ...user, picture: null,
    currentOrg: org ? orgView(org, user, flags) : null,
    currentOrgRole: org ? orgView(org, user).myRole : null,
    currentProject: project ?? null,
    currentProjectRole: project ? 'OWNER' : null,
  };
}

function createOrgFor(user, name) {
  const org = { id: randomUUID(), name, createdAt: now() };
  orgs.set(org.id, org);
  members.push({ id: randomUUID(), orgId: org.id, userId: user.id, role: 'ADMIN', enabled: true, joinedAt: now() });
  user.currentOrgId = org.id;
  user.currentProjectId = null;
  return org;
}

function projectOf(user, id) {
  const project = projects.get(id);
  if (!project || !members.some((m) => m.orgId === project.orgId && m.userId === user.id)) throw fail('NOT_FOUND', 'Project not found.');
  return { ...project, myRole: 'OWNER', members: [] };
}

// --- Data sources (issue 3), only as far as the web pages need ---
const column = (name, type = 'text', family = 'TEXT', isPrimaryKey = false) =>
  ({ name, type, family, notNull: isPrimaryKey, isPrimaryKey });
const DATABASE_TABLES = [
  { name: 'customers', schema: 'public', columns: [column('id', 'integer', 'INTEGER', true), column('name'), column('email')] },
  { name: 'orders', schema: 'public', columns: [column('id', 'integer', 'INTEGER', true), column('customer_id', 'integer', 'INTEGER'),
    column('ordered_at', 'timestamp', 'TIMESTAMP'), column('total', 'numeric', 'DECIMAL')] },
  { name: 'order_items', schema: 'public', columns: [column('id', 'integer', 'INTEGER', true), column('order_id', 'integer', 'INTEGER'),
    column('product_id', 'integer', 'INTEGER'), column('quantity', 'integer', 'INTEGER')] },
  { name: 'products', schema: 'public', columns: [column('id', 'integer', 'INTEGER', true), column('title'), column('price', 'numeric', 'DECIMAL')] },
  { name: 'audit_log', schema: 'internal', columns: [column('id', 'integer', 'INTEGER', true), column('message')] },
];
const SAMPLE_DATASETS = [
  { name: 'ECOMMERCE', displayName: 'E-commerce', description: 'Orders, customers, products, payments and reviews of an online shop.' },
  { name: 'HR', displayName: 'Human resources', description: 'Employees, departments, salaries, titles and managers.' },
  { name: 'MUSIC', displayName: 'Music store', description: 'The Chinook store: artists, albums, tracks, customers and invoices.' },
  { name: 'NBA', displayName: 'NBA', description: 'Games, players, teams and box scores.' },
].map((dataset) => ({ ...dataset, questions: [] }));
const SUPPORTED = new Set(['POSTGRES', 'REDSHIFT', 'MYSQL', 'DUCKDB', 'CSV']);
const SECRETS = new Set(['password', 'accessKeyId', 'secretAccessKey', 'credentials']);

const setupOf = (projectId) => {
  if (!setups.has(projectId)) setups.set(projectId, { dataSource: null, tables: [], models: [], relationships: [], schemaChange: null });
  return setups.get(projectId);
};
const withoutSecrets = (properties) => Object.fromEntries(Object.entries(properties ?? {}).filter(([key]) => !SECRETS.has(key)));
const dataSourceView = (source) => source && { type: source.type, properties: withoutSecrets(source.properties), sampleDataset: source.sampleDataset ?? null };

function checkConnection({ type, properties }) {
  if (!SUPPORTED.has(type)) throw fail('NOT_SUPPORTED', `${type} data sources are not yet supported.`);
  if (String(properties?.host ?? properties?.path ?? '').includes('invalid')) {
    throw fail('CONNECTION_REFUSED', `could not translate host name "${properties.host ?? properties.path}" to address`);
  }
}

function modelOf(table) {
  return { id: randomUUID(), referenceName: table.name, sourceTableName: table.schema ? `${table.schema}.${table.name}` : table.name,
    displayName: table.name, description: null, primaryKey: table.columns.find((c) => c.isPrimaryKey)?.name ?? null,
    columns: table.columns.map((c) => ({ id: randomUUID(), referenceName: c.name, displayName: c.name, type: c.type, family: c.family,
      notNull: c.notNull, isPrimaryKey: c.isPrimaryKey, description: null })) };
}

/** `<name>_id` columns point at the model called `<name>s` (foreign keys, as far as a fake goes). */
function recommend(models) {
  return models.flatMap((model) => model.columns.filter((c) => c.referenceName.endsWith('_id')).flatMap((c) => {
    const target = models.find((m) => m.referenceName === `${c.referenceName.slice(0, -3)}s`);
    return target ? [{ fromModel: model.referenceName, fromColumn: c.referenceName, toModel: target.referenceName, toColumn: 'id',
      type: 'MANY_TO_ONE', reason: `Foreign key ${model.referenceName}_${c.referenceName}_fkey` }] : [];
  }));
}

const dataSourceRoot = (user) => ({
  sampleDatasets: () => SAMPLE_DATASETS,
  dataSource: ({ projectId }) => projectOf(user, projectId) && dataSourceView(setupOf(projectId).dataSource),
  listDataSourceTables: ({ projectId }) => projectOf(user, projectId) && setupOf(projectId).tables
    .map((table) => ({ ...table, displayName: table.name })),
  models: ({ projectId }) => projectOf(user, projectId) && setupOf(projectId).models,
  relationships: ({ projectId }) => projectOf(user, projectId) && setupOf(projectId).relationships,
  recommendedRelationships: ({ projectId }) => projectOf(user, projectId) && recommend(setupOf(projectId).models),
  schemaChange: ({ projectId }) => projectOf(user, projectId) && setupOf(projectId).schemaChange,
  csvImportJob: ({ id }) => csvJobs.get(id) ?? (() => { throw fail('NOT_FOUND', 'No such CSV import job.'); })(),
  testDataSourceConnection: ({ projectId, data }) => projectOf(user, projectId) && (checkConnection(data), true),
  saveDataSource: ({ projectId, data }) => {
    projectOf(user, projectId);
    checkConnection(data);
    const setup = setupOf(projectId);
    setup.dataSource = { type: data.type, properties: data.properties };
    if (data.type !== 'CSV') setup.tables = [...DATABASE_TABLES];
    projects.get(projectId).onboardingStatus = 'DATASOURCE_SAVED';
    return dataSourceView(setup.dataSource);
  },
  updateDataSource: ({ projectId, data }) => {
    projectOf(user, projectId);
    checkConnection(data);
    const setup = setupOf(projectId);
    const kept = Object.fromEntries(Object.entries(setup.dataSource?.properties ?? {}).filter(([key]) => SECRETS.has(key)));
    setup.dataSource = { type: data.type, properties: { ...kept, ...data.properties } };
    return dataSourceView(setup.dataSource);
  },
  startSampleDataset: ({ projectId, name }) => {
    projectOf(user, projectId);
    const setup = setupOf(projectId);
    setup.dataSource = { type: 'DUCKDB', properties: {}, sampleDataset: name };
    setup.tables = DATABASE_TABLES.slice(0, 4);
    setup.models = setup.tables.map(modelOf);
    setup.relationships = recommend(setup.models).map((r) => ({ ...r, id: randomUUID(), name: `${r.fromModel}_${r.toModel}` }));
    projects.get(projectId).onboardingStatus = 'WITH_SAMPLE_DATASET';
    return true;
  },
  saveTables: ({ projectId, tables }) => {
    projectOf(user, projectId);
    const setup = setupOf(projectId);
    setup.models = setup.tables.filter((table) => tables.includes(table.name)).map(modelOf);
    return setup.models;
  },
  saveRelations: ({ projectId, relations }) => {
    projectOf(user, projectId);
    const setup = setupOf(projectId);
    setup.relationships = relations.map((r) => ({ ...r, id: randomUUID(), name: `${r.fromModel}_${r.toModel}` }));
    projects.get(projectId).onboardingStatus = 'ONBOARDING_FINISHED';
    return setup.relationships;
  },
  triggerDataSourceDetection: ({ projectId }) => {
    projectOf(user, projectId);
    const setup = setupOf(projectId);
    setup.schemaChange = { addedTables: ['public.refunds'], removedTables: [], addedColumns: ['orders.coupon_code'],
      removedColumns: ['customers.email'], changedColumns: ['orders.total: numeric → double precision'], detectedAt: now() };
    return setup.schemaChange;
  },
  resolveSchemaChange: ({ projectId }) => {
    projectOf(user, projectId);
    const setup = setupOf(projectId);
    setup.schemaChange = { addedTables: [], removedTables: [], addedColumns: [], removedColumns: [], changedColumns: [], detectedAt: now() };
    return true;
  },
});

/** POST /api/projects/:id/csv: stores nothing, runs a job that imports over ~3 s. */
function csvUpload(req, res, projectId, raw) {
  const user = users.get(sessions.get(cookies(req)['quarry.session-token']));
  if (!user) return restError(res, 401, 'UNAUTHORIZED_ACCESS', 'Sign in first.');
  if (!cookies(req)['quarry.csrf-token'] || req.headers['x-csrf-token'] !== cookies(req)['quarry.csrf-token']) {
    return restError(res, 403, 'INVALID_CSRF_TOKEN', 'Invalid CSRF token.');
  }
  projectOf(user, projectId);
  if (raw.length > csvCapMB * 1024 * 1024) return restError(res, 413, 'FILE_TOO_LARGE', `CSV files can be at most ${csvCapMB} MB.`);
  const fileName = /filename="([^"]+)"/.exec(raw.toString('latin1'))?.[1] ?? 'upload.csv';
  const tableName = fileName.replace(/\.csv$/i, '').replace(/\W+/g, '_').toLowerCase();
  const job = { id: randomUUID(), state: 'INIT', progress: 0, error: null, tableName: null };
  csvJobs.set(job.id, job);
  const steps = [
    () => Object.assign(job, { state: 'IMPORTING', progress: 0.2, tableName }),
    () => Object.assign(job, { progress: 0.6 }),
    () => fileName.startsWith('broken')
      ? Object.assign(job, { state: 'ERROR', error: 'line 3, column 2: unterminated quoted field' })
      : Object.assign(job, { state: 'SUCCESS', progress: 1 }) && setupOf(projectId).tables.push({ name: tableName, schema: null,
        columns: [column('id', 'bigint', 'INTEGER'), column('name'), column('amount', 'double', 'FLOAT')] }),
  ];
  steps.forEach((step, index) => setTimeout(step, 800 * (index + 1)));
  send(res, 200, { jobId: job.id });
}

const root = (user) => ({
  ...dataSourceRoot(user),
  me: ({ withUsage, withMembers }) => meView(user, { withUsage, withMembers }),
  orgs: () => members.filter((m) => m.userId === user.id).map((m) => orgView(orgs.get(m.orgId), user)),
  projects: () => [...projects.values()].filter((p) => p.orgId === user.currentOrgId).map((p) => projectOf(user, p.id)),
  project: ({ where }) => projectOf(user, where.id),
  timezones: () => ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z.includes('/'))],
  onboardUser: ({ data }) => {
    const { orgName, ...profile } = data;
    Object.assign(user, profile);
    if (!user.currentOrgId) createOrgFor(user, orgName || `${user.name ?? user.email}'s organization`);
    return meView(user);
  },
  updateMyProfile: ({ data }) => Object.assign(user, data) && meView(user),
  deleteMyAccount: () => users.delete(user.id),
  sendResetPasswordEmail: ({ email }) => {
    const target = findUserByEmail(email);
    if (target) writeMail(target.email, 'Reset your password', `/signin?resetToken=${issueToken(target.id, 'reset')}`);
    return true;
  },
  createOrg: ({ data }) => orgView(createOrgFor(user, data.name), user),
  updateOrg: ({ where, data }) => orgView(Object.assign(orgs.get(where.id), data), user),
  switchCurrentOrg: ({ where }) => Object.assign(user, { currentOrgId: where.id, currentProjectId: null }) && meView(user),
  switchCurrentProject: ({ where }) => projectOf(user, where.id) && Object.assign(user, { currentProjectId: where.id }) && meView(user),
  createOrgMember: ({ data }) => {
    const temporaryPassword = randomBytes(6).toString('hex');
    let target = findUserByEmail(data.email);
    if (!target) {
      target = { id: randomUUID(), email: data.email.toLowerCase(), name: null, password: temporaryPassword, emailVerified: true,
        consentPrivacyStatement: false, firstName: data.firstName, lastName: data.lastName, currentOrgId: user.currentOrgId };
      users.set(target.id, target);
    }
    const member = { id: randomUUID(), orgId: user.currentOrgId, userId: target.id, role: data.role, enabled: true, joinedAt: now() };
    members.push(member);
    return { success: true, temporaryPassword, member: memberView(member) };
  },
  updateOrgMember: ({ where, data }) => memberView(Object.assign(members.find((m) => m.id === where.id), data)),
  deleteOrgMember: ({ where }) => members.splice(members.findIndex((m) => m.id === where.id), 1).length === 1,
  createProject: ({ data }) => {
    if (!user.currentOrgId) throw fail('NOT_FOUND', 'No current organization.');
    const project = { id: randomUUID(), orgId: user.currentOrgId, displayName: data.displayName, language: data.language ?? 'EN',
      timezone: data.timezone ?? 'UTC', onboardingStatus: 'NOT_STARTED', state: 'ACTIVE', createdAt: now() };
    projects.set(project.id, project);
    user.currentProjectId = project.id;
    return projectOf(user, project.id);
  },
  updateProject: ({ where, data }) => Object.assign(projects.get(where.id), data) && projectOf(user, where.id),
  deleteProject: ({ where }) => {
    const project = projects.get(where.id);
    project.state = 'DELETING';
    setTimeout(() => projects.delete(where.id), 6000);
    return projectOf(user, where.id);
  },
  resetProject: ({ where }) => {
    const project = projects.get(where.id);
    project.state = 'RESETTING';
    setTimeout(() => Object.assign(project, { state: 'ACTIVE', onboardingStatus: 'NOT_STARTED' }), 6000);
    return projectOf(user, where.id);
  },
});

const PUBLIC_OPERATIONS = new Set(['SendResetPasswordEmail']);

async function graphqlRequest(req, res, body) {
  const user = users.get(sessions.get(cookies(req)['quarry.session-token']));
  if (!user && !PUBLIC_OPERATIONS.has(body.operationName)) {
    return send(res, 200, { data: null, errors: [{ message: 'Sign in first.', extensions: { code: 'UNAUTHORIZED_ACCESS', message: 'Sign in first.' } }] });
  }
  const result = await graphql({ schema, source: body.query, variableValues: body.variables, operationName: body.operationName,
    rootValue: root(user ?? {}) });
  send(res, 200, result);
}

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

createServer(async (req, res) => {
  const url = new URL(req.url, `http://localhost:${port}`);
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const raw = Buffer.concat(chunks);
  const json = (req.headers['content-type'] ?? '').includes('multipart/') ? null : raw.toString('utf8');
  const body = json ? JSON.parse(json) : {};
  try {
    if (url.pathname.startsWith('/api/auth/')) return await auth(req, res, url.pathname.slice('/api/auth/'.length), body);
    if (url.pathname === '/api/graphql' && req.method === 'POST') return await graphqlRequest(req, res, body);
    if (url.pathname === '/api/config') return send(res, 200, { telemetryKey: '', langfusePublicKey: '', csvImportMaxFileSizeMB: csvCapMB });
    const csv = /^\/api\/projects\/([^/]+)\/csv$/.exec(url.pathname);
    if (csv && req.method === 'POST') return csvUpload(req, res, csv[1], raw);
    if (url.pathname.startsWith('/api/')) return restError(res, 404, 'NOT_FOUND', 'Not found.');
    const file = normalize(join(dist, url.pathname));
    const path = file.startsWith(dist) && existsSync(file) && extname(file) ? file : join(dist, 'index.html');
    res.writeHead(200, { 'Content-Type': MIME[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  } catch (error) {
    console.error(error);
    restError(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error.');
  }
}).listen(port, '127.0.0.1', () => console.log(`fake Quarry on http://localhost:${port}, mail in ${mailDir}`));
