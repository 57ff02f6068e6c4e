// Regenerates the GraphQL types into a scratch folder and fails when they differ from src/gql/.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';

const web = resolve(import.meta.dirname, '..');
const committed = join(web, 'src/gql');
const scratch = mkdtempSync(join(tmpdir(), 'quarry-codegen-'));

const filesOf = (dir) => (existsSync(dir) ? readdirSync(dir).sort() : []);

try {
  execFileSync(join(web, 'node_modules/.bin/graphql-codegen'), ['--config', 'codegen.ts', '--silent'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, QUARRY_CODEGEN_OUT: `${scratch}/` },
  });
  const names = new Set([...filesOf(committed), ...filesOf(scratch)]);
  const changed = [...names].filter((name) => {
    const a = join(committed, name);
    const b = join(scratch, name);
    return !existsSync(a) || !existsSync(b) || readFileSync(a, 'utf8') !== readFileSync(b, 'utf8');
  });
  if (changed.length > 0) {
    console.error(`codegen:check: src/gql is out of date (${changed.join(', ')}). Run \`npm run codegen\`.`);
    process.exitCode = 1;
  } else {
    console.log('codegen:check: src/gql is up to date.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
