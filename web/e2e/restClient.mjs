// The REST API's client, generated at test time by @hey-api/openapi-ts from the OpenAPI
// document the server serves (GET /api/v1/openapi.json), so the document cannot drift from
// the server unnoticed: every request is checked against the document's request schema and
// every answer against its response schema (zod validators generated from the same document)
// before the journey sees it. The generated TypeScript is transpiled with `typescript` into
// ES modules in a temporary directory and imported from there.
import { createClient as generateClient } from '@hey-api/openapi-ts';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

async function* typeScriptFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/**
 * Where an import of the generated code leads once it is JavaScript: a relative import
 * (`./client`, `../core/auth.gen`) to the `.mjs` file or folder index it names, a package
 * (`zod`) to the copy installed next to this module (the temporary directory has no
 * node_modules of its own).
 */
function resolveSpecifier(specifier, fromFile) {
  if (!specifier.startsWith('.')) return import.meta.resolve(specifier);
  const base = join(dirname(fromFile), specifier);
  if (existsSync(`${base}.ts`)) return specifier.endsWith('.ts') ? specifier.replace(/\.ts$/, '.mjs') : `${specifier}.mjs`;
  if (existsSync(join(base, 'index.ts'))) return `${specifier.replace(/\/$/, '')}/index.mjs`;
  throw new Error(`the generated ${fromFile} imports ${specifier}, which was not generated`);
}

/** Transpiles every generated `.ts` file next to itself as `.mjs`, imports rewritten. */
async function transpile(dir) {
  for await (const file of typeScriptFiles(dir)) {
    const { outputText, diagnostics } = ts.transpileModule(await readFile(file, 'utf8'), {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    });
    if (diagnostics?.length) {
      throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(diagnostics[0].messageText, '\n')}`);
    }
    const rewritten = outputText.replace(
      /(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"']+)\2/g,
      (_, keyword, quote, specifier) => `${keyword}${quote}${resolveSpecifier(specifier, file)}${quote}`,
    );
    await writeFile(file.replace(/\.ts$/, '.mjs'), rewritten);
  }
}

/**
 * Generates the client for the document at `${baseUrl}/api/v1/openapi.json` (or the one in
 * `documentFile`, to try the generator without a server). Returns the
 * document, the generated SDK module (`sdk.operation({ client, body, path, query })`), the
 * generated zod schemas (`schemas.zAskResult`…), a `keyed(secret)` that gives the SDK's
 * operations, each call on a client of its own sending `Authorization: Bearer <secret>`,
 * and `dispose()` to remove the generated files.
 */
export async function generatedRestClient(baseUrl, { documentFile } = {}) {
  let document;
  if (documentFile) {
    document = JSON.parse(await readFile(documentFile, 'utf8'));
  } else {
    const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
    if (!response.ok) throw new Error(`GET /api/v1/openapi.json answered ${response.status}: ${await response.text()}`);
    document = await response.json();
  }
  const dir = await mkdtemp(join(tmpdir(), 'quarry-rest-client-'));
  const output = join(dir, 'generated');
  await mkdir(output);
  await generateClient({
    input: structuredClone(document),
    output,
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', 'zod', { name: '@hey-api/sdk', validator: true }],
    logs: { level: 'silent', file: false },
  });
  await transpile(output);
  const importGenerated = (path) => import(pathToFileURL(join(output, ...path.split('/'))).href);
  const sdk = await importGenerated('sdk.gen.mjs');
  const schemas = await importGenerated('zod.gen.mjs');
  const { createClient, createConfig } = await importGenerated('client/index.mjs');
  const operations = Object.entries(sdk).filter(([, value]) => typeof value === 'function');

  /** The SDK's operations, each call on a client of its own that sends the key. */
  const keyed = (secret) =>
    Object.fromEntries(
      operations.map(([name, operation]) => [
        name,
        async (options = {}) => {
          const client = createClient(createConfig({ baseUrl, auth: secret }));
          let answer;
          client.interceptors.response.use(async (response) => {
            answer = `${response.status} ${await response.clone().text()}`;
            return response;
          });
          try {
            return await operation({ ...options, client });
          } catch (error) {
            if (!Array.isArray(error?.issues)) throw error;
            // A zod validator generated from the document refused the request or the answer.
            const issues = error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
            if (error.issues.length > 5) issues.push(`and ${error.issues.length - 5} more`);
            const what = answer === undefined ? `the request ${JSON.stringify(options.body ?? options.path ?? options.query ?? {})}` : `the answer ${answer.slice(0, 3000)}`;
            throw new Error(`${name}(): ${what} does not match the OpenAPI document: ${issues.join('; ')}`, { cause: error });
          }
        },
      ]),
    );
  return {
    document,
    sdk,
    schemas,
    keyed,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
