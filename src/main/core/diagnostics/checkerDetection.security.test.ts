import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../../../testing/tempTree';
import { commandEnv } from '../terminal/commandEnv';
import { createDiagnostics } from './diagnosticsService';
import { findOnPath } from './executables';

// Issue 26, item 4: the detected checkers of a cloned repository. A `node_modules/.bin/tsc` the repository ships is its
// own program: it needs approval like a checker its settings name. The Python syntax check runs the machine's python,
// and a `json.py` at the project's root must not be imported by it.

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
});

async function workspace(files: Record<string, string>) {
  const ws = await tempDir('akira-diag-sec-ws-');
  const data = await tempDir('akira-diag-sec-data-');
  cleanups.push(ws.cleanup, data.cleanup);
  await writeTree(ws.dir, files);
  return { root: ws.dir, dataDir: data.dir };
}
const env = () => commandEnv(process.env);

describe("a repository's detected checkers (issue 26)", () => {
  it('a node_modules/.bin/tsc the repository ships awaits approval, then runs', async () => {
    const w = await workspace({
      'tsconfig.json': '{}',
      'node_modules/.bin/tsc': `#!${process.execPath}\nrequire('fs').writeFileSync(require('path').join(process.cwd(), 'tsc-ran'), '');\n`,
    });
    await chmod(join(w.root, 'node_modules/.bin/tsc'), 0o755);
    const d = createDiagnostics({ ...w, env });
    const report = await d.run();
    expect(report.checkers).toMatchObject([{ id: 'tsc', status: 'skipped', reasonWords: { key: 'context.checkerAwaitsApproval' } }]);
    expect(existsSync(join(w.root, 'tsc-ran'))).toBe(false);
    const [tsc] = await d.checkers();
    expect(tsc).toMatchObject({ id: 'tsc', origin: 'detected', needsApproval: true, approved: false });
    await d.approve('tsc', tsc.fingerprint);
    await d.run();
    expect(existsSync(join(w.root, 'tsc-ran'))).toBe(true);
  });

  it("the Python syntax check imports nothing from the project (a json.py at its root is not run)", async (t) => {
    if ((await findOnPath('ruff', env())) || !(await findOnPath('python3', env()))) return t.skip();
    const w = await workspace({
      'json.py': "open('json-ran', 'w').write('x')\n",
      'warnings.py': "open('warnings-ran', 'w').write('x')\n",
      'app.py': 'def f(:\n',
    });
    const report = await createDiagnostics({ ...w, env }).run();
    expect(report.checkers).toMatchObject([{ id: 'python', status: 'ok' }]);
    expect(report.diagnostics.map((x) => x.file)).toEqual(['app.py']);
    expect(existsSync(join(w.root, 'json-ran'))).toBe(false);
    expect(existsSync(join(w.root, 'warnings-ran'))).toBe(false);
  });
});
