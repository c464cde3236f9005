import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runBuilt } from '../../testing/builtCli';
import { tempDir, writeTree } from '../../testing/tempTree';
import { waitFor } from '../../testing/waitFor';

// A TypeScript client of the HTTP API as its users make one: openapi-typescript (its defaults) generates the
// types from the `/api/openapi.json` of a real `akira serve` (the built command), `tsc --strict` checks them with
// tests/api-client/client.ts (openapi-fetch) and contractFit.ts (every command's input, result and every event
// against the contract), and the compiled client runs against that server.
//
// openapi-typescript needs TypeScript 5's JS API, which the top-level typescript 7 (native) has not: the tools
// live in the nested package tests/api-client (its own package-lock.json; CI runs `npm ci --prefix
// tests/api-client`). Without its node_modules the test is skipped and says why. The generated client and its
// tsconfig live in a temp dir.

const toolsDir = join(repoRoot, 'tests', 'api-client');
const bin = (name: string) => join(toolsDir, 'node_modules', '.bin', name);
const installed = ['openapi-typescript', 'tsc'].every((name) => existsSync(bin(name))) && existsSync(join(toolsDir, 'node_modules', 'openapi-fetch'));
if (!installed) {
  console.warn('apiClient.cli.test.ts: skipped, tests/api-client/node_modules is missing (run `npm ci --prefix tests/api-client`).');
}

const SERVING = /^Akira is serving (.+) at (http:\/\/127\.0\.0\.1:(\d+))\/\?token=(\S+)$/m;
const env = { ...process.env, PATH: [dirname(process.execPath), process.env.PATH].join(delimiter), NO_COLOR: '1' };

/** Runs a program to its end: its exit code and output. */
function exec(file: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(file, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

let dir = '';
let project = '';
let origin = '';
let token = '';
let server: ChildProcess | undefined;
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  if (!installed) return;
  const base = await tempDir('akira-api-client-');
  cleanup = base.cleanup;
  dir = join(base.dir, 'client');
  project = join(base.dir, 'project');
  await mkdir(dir);
  await writeTree(project, {
    'notes.md': '# Notes\n\nThe needle is here.\n',
    'src/hay.txt': 'hay\nneedle\nhay\nneedle\n',
    'src/other.txt': 'nothing to find\n',
  });
  const run = runBuilt('akira.cjs', ['serve', 'project', '--headless', '--port', '0'], {
    cwd: base.dir,
    env: { AKIRA_DATA_DIR: join(base.dir, 'data') },
  });
  server = run.child;
  const match = await waitFor(() => SERVING.exec(run.stdout()), `the serving line (stderr: ${run.stderr()})`, 20_000);
  origin = match[2];
  token = match[4];
});

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await cleanup();
});

describe.skipIf(!installed)('a client generated from /api/openapi.json (openapi-typescript, openapi-fetch)', () => {
  it('type-checks with tsc --strict, with every input, result and event of the contract fitting its types', async () => {
    const generated = await exec(bin('openapi-typescript'), [`${origin}/api/openapi.json`, '-o', join(dir, 'schema.ts')], dir);
    expect(generated.code, generated.out).toBe(0);
    for (const file of ['client.ts', 'contractFit.ts']) await copyFile(join(toolsDir, file), join(dir, file));
    await symlink(join(toolsDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    const compilerOptions = {
      strict: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      types: [],
      skipLibCheck: true, // node_modules' own .d.ts; the generated schema.ts is checked
      noEmit: true,
      paths: { 'akira-contract': [join(repoRoot, 'src', 'shared', 'contract.ts')] },
    };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['client.ts', 'contractFit.ts'] }, null, 2));
    const checked = await exec(bin('tsc'), ['-p', 'tsconfig.json', '--strict', '--pretty', 'false'], dir);
    expect(checked.out).toBe('');
    expect(checked.code).toBe(0);
  }, 180_000);

  it('runs against akira serve: params with defaults left out, errors typed, events replayed from 0 without a gap', async () => {
    await writeFile(
      join(dir, 'tsconfig.run.json'),
      JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: false, outDir: 'out' }, files: ['client.ts'] }),
    );
    // tsc emits even when a type is wrong: the first test says so; this one is about what the server answers.
    const compiled = await exec(bin('tsc'), ['-p', 'tsconfig.run.json', '--pretty', 'false'], dir);
    expect(existsSync(join(dir, 'out', 'client.js')), compiled.out).toBe(true);
    await writeFile(
      join(dir, 'main.mjs'),
      "const { run } = await import('./out/client.js');\nconsole.log(JSON.stringify(await run(process.argv[2], process.argv[3])));\n",
    );
    const ran = await exec(process.execPath, ['main.mjs', origin, token], dir);
    expect(ran.code, ran.out).toBe(0);
    const result = JSON.parse(ran.out);

    expect(result.root).toBe(project);
    expect(result.listed).toEqual(['dir:src', 'file:notes.md']);
    expect(result.found[0]).toBe('notes.md');
    expect(result.searchHits.sort()).toEqual(['notes.md:1', 'src/hay.txt:2']);
    expect(result.searchDone).toMatchObject({ files: 2, matches: 3, truncated: false });
    expect(result.errorStatus).toBe(404);
    expect(result.errorCode).toBe('not_found');
    // Everything the server holds, in order, none left out, and no gap: it never let one go.
    expect(result.eventNames).not.toContain('gap');
    expect(result.eventNames).toContain('search.onResults');
    const seqs: number[] = result.eventSeqs;
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
  }, 60_000);
});
