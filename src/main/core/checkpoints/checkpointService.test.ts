import { readFile, readdir, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckpointService } from './checkpointService';
import { storeKey } from './storeLayout';
import { makeEnv, gitIn, type TestEnv } from '../../../testing/checkpointWorkspace';
import { waitFor } from '../../../testing/waitFor';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

describe('checkpoint service', () => {
  it('creates checkpoints, lists them newest first and reports changes against the previous one', async () => {
    env = await makeEnv({ 'a.txt': 'one\n', 'src/b.ts': 'export const b = 1;\n' });
    const first = await env.service.create({ label: 'first' });
    expect(first.label).toBe('first');
    expect(first.origin).toBe('manual');
    expect(first.filesChanged).toBe(2);
    expect(first.scan).toBe('walk');

    await env.write('a.txt', 'one\ntwo\n');
    await env.write('src/c.ts', 'new\n');
    const second = await env.service.create({ label: 'second' });
    expect(second.filesChanged).toBe(2);
    expect(second.insertions).toBe(2);
    expect(second.deletions).toBe(0);
    expect(second.hashed).toBe(2); // only the changed files were read (the others are old and unchanged)

    const { checkpoints, total } = await env.service.list();
    expect(total).toBe(2);
    expect(checkpoints.map((c) => c.id)).toEqual([second.id, first.id]);
    const page = await env.service.list({ offset: 1, limit: 1 });
    expect(page.checkpoints.map((c) => c.id)).toEqual([first.id]);

    const details = await env.service.get(second.id);
    expect(details.previousId).toBe(first.id);
    expect(details.files.map((f) => [f.path, f.status]).sort()).toEqual([
      ['a.txt', 'modified'],
      ['src/c.ts', 'added'],
    ]);
    const at = await env.service.fileAt(first.id, 'a.txt');
    expect(at.text).toBe('one\n');
    expect((await env.service.fileAt(first.id, 'src/c.ts')).exists).toBe(false);
    expect((await env.service.get(second.id.slice(0, 12))).id).toBe(second.id);
    await expect(env.service.get('nope-nope')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('writes snapshots with more file commands than one write to fast-import holds (5,000 added, then 4,500 deleted)', { timeout: 60_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5000; i++) files[`d${i % 50}/f${i}.txt`] = `file ${i}\n`;
    env = await makeEnv(files);
    const first = await env.service.create({ label: 'many' });
    expect(first.filesChanged).toBe(5000);
    expect((await env.service.fileAt(first.id, 'd7/f4957.txt')).text).toBe('file 4957\n');
    for (let d = 0; d < 45; d++) await rm(join(env.root, `d${d}`), { recursive: true });
    await env.write('d49/f49.txt', 'changed\n');
    const second = await env.service.create({ label: 'most deleted' });
    const details = await env.service.get(second.id);
    expect(details.files.filter((f) => f.status === 'deleted')).toHaveLength(4500);
    expect(details.files.filter((f) => f.status === 'modified').map((f) => f.path)).toEqual(['d49/f49.txt']);
    expect((await env.service.fileAt(second.id, 'd46/f46.txt')).text).toBe('file 46\n');
    expect((await env.service.fileAt(second.id, 'd3/f3.txt')).exists).toBe(false);
  });

  it('checkpoints an empty workspace, then its first file, and restores back to empty', async () => {
    env = await makeEnv({});
    const empty = await env.service.create({ label: 'empty' });
    expect(empty.filesChanged).toBe(0);
    await env.write('first.txt', 'hello\n');
    const one = await env.service.create({ label: 'one file' });
    expect(one.filesChanged).toBe(1);
    const restored = await env.service.restore(empty.id);
    expect(restored.deleted).toEqual(['first.txt']);
    await expect(readFile(join(env.root, 'first.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps its store outside the workspace, keyed by the real path, and never touches the user repository', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    gitIn(env.root, 'init', '-q');
    gitIn(env.root, 'add', '-A');
    gitIn(env.root, 'commit', '-q', '-m', 'user commit');
    const headBefore = gitIn(env.root, 'rev-parse', 'HEAD');
    const indexBefore = await readFile(join(env.root, '.git', 'index'));
    await env.write('a.txt', 'changed\n');
    const cp = await env.service.create({ label: 'x' });
    await env.write('a.txt', 'again\n');
    await env.service.restore(cp.id);
    expect(await env.read('a.txt')).toBe('changed\n');
    expect(gitIn(env.root, 'rev-parse', 'HEAD')).toBe(headBefore);
    expect(await readFile(join(env.root, '.git', 'index'))).toEqual(indexBefore);
    expect(gitIn(env.root, 'branch', '--list')).toBe('* main\n');
    expect(gitIn(env.root, 'stash', 'list')).toBe('');
    expect(env.service.storeDir).toBe(join(env.dataDir, 'checkpoints', storeKey(env.root)));
    expect((await readFile(join(env.service.storeDir, 'workspace.txt'), 'utf8')).trim()).toBe(env.root);
  });

  it('writes readable metadata under .akira and never captures .akira', async () => {
    env = await makeEnv({ 'a.txt': 'x\n', '.akira/settings.json': '{}' });
    await env.service.create({ label: 'by hand' });
    await env.write('a.txt', 'y\n');
    const cp = await env.service.create({ label: 'agent step', origin: 'agent', sessionId: 's-1', todoId: 't2' });
    // Numbered after the manual one (one numbering for the workspace), kept under its session's folder.
    expect(cp.metadataPath).toBe('.akira/checkpoints/s-1/2.md');
    const md = await env.read('.akira/checkpoints/s-1/2.md');
    expect(md).toMatch(/^---\ncheckpointId: "[0-9a-z]+"\nsessionId: "s-1"\ntodoId: "t2"\nlabel: "agent step"\norigin: agent\n/);
    expect(md).toContain(`commit: "${cp.commit}"`);
    expect(md).toContain('filesChanged:\n  - "a.txt"');
    expect(await env.read('.akira/checkpoints/manual/1.md')).toContain('label: "by hand"');
    const details = await env.service.get(cp.id);
    expect(details.files.map((f) => f.path)).toEqual(['a.txt']);
    const all = await env.service.diff(null, cp.id);
    expect(all.files.some((f) => f.path.startsWith('.akira'))).toBe(false);
    await expect(env.service.create({ sessionId: '../x' })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('diffs any two checkpoints and a checkpoint with now', async () => {
    env = await makeEnv({ 'a.txt': '1\n2\n3\n' });
    const a = await env.service.create({ label: 'a' });
    await env.write('a.txt', '1\n3\n');
    const b = await env.service.create({ label: 'b' });
    await env.write('n.txt', 'new\n');
    const ab = await env.service.diff(a.id, b.id);
    expect(ab.files).toEqual([{ path: 'a.txt', status: 'modified', insertions: 0, deletions: 1, oldMode: 0o100644, newMode: 0o100644 }]);
    const now = await env.service.diff(a.id, 'now');
    expect(now.to).toBe('now');
    expect(now.files.map((f) => f.path).sort()).toEqual(['a.txt', 'n.txt']);
    expect((await env.service.list()).total).toBe(2); // "now" is not a checkpoint
  });

  it('skipIfUnchanged answers the latest checkpoint when nothing changed', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const a = await env.service.create({});
    const again = await env.service.create({ skipIfUnchanged: true });
    expect(again.unchanged).toBe(true);
    expect(again.id).toBe(a.id);
    expect((await env.service.list()).total).toBe(1);
  });

  it('validates options: retention days 1–3650', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    for (const retentionDays of [0, 3651, 1.5]) {
      await expect(createCheckpointService({ root: env.root, dataDir: env.dataDir, options: { retentionDays } })).rejects.toMatchObject({
        code: 'bad_request',
      });
    }
    await expect(env.service.prune({ retentionDays: 0 })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('prunes oldest first but never the newest nor protected checkpoints, and frees space', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      await env.write('a.txt', `${i}\n`.repeat(1000 + i));
      ids.push((await env.service.create({ label: `cp${i}` })).id);
    }
    const result = await env.service.prune({ retentionDays: 1, maxStoreBytes: 1024 * 1024, protect: [ids[1]] });
    expect(result.removed).toEqual([]); // all young, store small
    // Backdate by rewriting the list, as time passing would (once the service is idle: it holds the
    // store's lock for a moment after each operation, and nothing may change the store meanwhile).
    await env.service.whenIdle();
    const listPath = join(env.service.storeDir, 'checkpoints.jsonl');
    const lines = (await readFile(listPath, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    for (const l of lines) l.createdAt = '2000-01-01T00:00:00.000Z';
    await writeFile(listPath, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const pruned = await env.service.prune({ retentionDays: 1, protect: [ids[1]] });
    expect(pruned.removed.sort()).toEqual([ids[0], ids[2]].sort());
    expect((await env.service.list()).checkpoints.map((c) => c.id)).toEqual([ids[3], ids[1]]);
    await expect(env.service.get(ids[0])).rejects.toMatchObject({ code: 'not_found' });
    const refs = gitIn(env.service.storeDir, '--git-dir=git', 'for-each-ref', '--format=%(refname)', 'refs/akira/cp/');
    expect(refs.trim().split('\n').sort()).toEqual([`refs/akira/cp/${ids[1]}`, `refs/akira/cp/${ids[3]}`].sort());
    // The survivors still restore.
    await env.service.restore(ids[1]);
    expect(await env.read('a.txt')).toBe('1\n'.repeat(1001));
    expect(pruned.usage.checkpoints).toBe(2);
    expect(pruned.usage.diskBytes).toBeGreaterThan(0);
  });

  it('reports first-checkpoint progress and the store usage', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) files[`d${i % 30}/f${i}.txt`] = `file ${i}\n`;
    env = await makeEnv(files);
    await env.service.create({ label: 'first' });
    const progress = env.events.filter((e) => e.name === 'checkpoints.onProgress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((e) => (e.data as { phase: string }).phase === 'scanning')).toBe(true);
    expect(env.events.some((e) => e.name === 'checkpoints.onChanged')).toBe(true);
    const usage = await env.service.usage();
    expect(usage.checkpoints).toBe(1);
    expect(usage.bytes).toBeGreaterThan(0);
  });

  it('survives a new service instance (another process): state comes from disk and stays incremental', async () => {
    env = await makeEnv({ 'a.txt': 'x\n', 'b.txt': 'y\n' });
    const a = await env.service.create({ label: 'a' });
    const other = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    await env.write('b.txt', 'changed\n');
    const hourAgo = new Date(Date.now() - 3600_000);
    await utimes(join(env.root, 'b.txt'), hourAgo, hourAgo); // not "racy": the next scan may trust its stat data
    const b = await other.create({ label: 'b' });
    expect(b.hashed).toBe(1);
    await other.dispose();
    const { checkpoints } = await env.service.list();
    expect(checkpoints.map((c) => c.id)).toEqual([b.id, a.id]);
    await env.write('a.txt', 'z\n');
    const c = await env.service.create({ label: 'c' });
    expect(c.hashed).toBe(1);
    expect((await env.service.get(c.id)).files.map((f) => f.path)).toEqual(['a.txt']);
  });

  it('a new service with its stat pool preloaded (big tree) sees edits made after the preload, and only those', { timeout: 60_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4200; i++) files[`d${i % 40}/f${i}.txt`] = `${i}\n`;
    env = await makeEnv(files);
    await env.service.create({ label: 'base' });
    await env.service.create({ label: 'walked twice: the walk state is saved' });
    const other = await createCheckpointService({ root: env.root, dataDir: env.dataDir, options: { preloadStatPool: true } });
    try {
      await other.whenIdle(); // the preload has run
      await env.write('d3/f3.txt', 'edited after the preload\n');
      await rm(join(env.root, 'd7/f7.txt'));
      const cp = await other.create({ label: 'after' });
      expect(cp.scan).toBe('walk');
      expect((await other.get(cp.id)).files.map((f) => `${f.status} ${f.path}`).sort()).toEqual(['deleted d7/f7.txt', 'modified d3/f3.txt']);
      expect((await other.fileAt(cp.id, 'd3/f3.txt')).text).toBe('edited after the preload\n');
    } finally {
      await other.dispose();
    }
  });

  it('rebuilds a lost stat cache without losing changes', async () => {
    env = await makeEnv({ 'a.txt': 'x\n', 'b.txt': 'y\n' });
    await env.service.create({ label: 'a' });
    await env.service.dispose();
    await rm(join(env.service.storeDir, 'statcache'));
    await rm(join(env.service.storeDir, 'statcache.log'), { force: true });
    const again = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    env.service = again;
    await env.write('b.txt', 'changed\n');
    await unlink(join(env.root, 'a.txt'));
    const b = await again.create({ label: 'b' });
    expect((await again.get(b.id)).files.map((f) => [f.path, f.status]).sort()).toEqual([
      ['a.txt', 'deleted'],
      ['b.txt', 'modified'],
    ]);
    expect((await readdir(join(again.storeDir))).includes('statcache')).toBe(true);
    expect((await stat(join(again.storeDir, 'statcache'))).size).toBeGreaterThan(0);
  });

  it('waits for another process holding the store, while reads keep answering', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' }, { lockTimeoutMs: 30_000 });
    const first = await env.service.create({ label: 'first' });
    const lockPath = join(env.service.storeDir, 'lock');
    await env.service.whenIdle();
    await writeFile(lockPath, `${process.pid} ${hostname()}\n`, { flag: 'wx' }); // "another process" (alive) holds it
    let created = false;
    const pending = env.service.create({ label: 'second' }).then((r) => {
      created = true;
      return r;
    });
    const listed = await env.service.list();
    expect(listed.checkpoints.map((c) => c.id)).toEqual([first.id]);
    expect((await env.service.get(first.id)).id).toBe(first.id);
    expect(created).toBe(false);
    await rm(lockPath);
    expect((await pending).label).toBe('second');

    await env.service.whenIdle();
    const impatient = await createCheckpointService({ root: env.root, dataDir: env.dataDir, options: { lockTimeoutMs: 200 } });
    await impatient.whenIdle();
    await writeFile(lockPath, `${process.pid} ${hostname()}\n`, { flag: 'wx' });
    await expect(impatient.create({})).rejects.toMatchObject({ code: 'conflict' });
    await rm(lockPath);
    await impatient.dispose();
  });

  it('opens at once while another process holds the store: reads answer, a write says at once whom it waits for', async () => {
    env = await makeEnv({ 'a.txt': 'x\n' }, { lockTimeoutMs: 30_000 });
    const first = await env.service.create({ label: 'first' });
    await env.service.whenIdle();
    const lockPath = join(env.service.storeDir, 'lock');
    await writeFile(lockPath, `${process.pid} ${hostname()} other\n`, { flag: 'wx' }); // "another process" (alive) holds it
    const events: { name: string; data: any }[] = [];
    const opened = Date.now();
    const second = await createCheckpointService({ root: env.root, dataDir: env.dataDir, emit: (name, data) => events.push({ name, data }) });
    try {
      expect(Date.now() - opened).toBeLessThan(5000); // it used to wait for the lock (60 s by default)
      expect((await second.list()).checkpoints.map((c) => c.id)).toEqual([first.id]);
      expect((await second.get('latest')).id).toBe(first.id);
      expect((await second.fileAt(first.id, 'a.txt')).text).toBe('x\n');
      expect((await second.diff(null, first.id)).files.map((f) => f.path)).toEqual(['a.txt']);
      const pending = second.create({ label: 'second' });
      const waiting = await waitFor(() => events.find((e) => e.name === 'checkpoints.onWaiting'), 'checkpoints.onWaiting', 2000);
      expect(waiting.data).toMatchObject({ operation: 'create', pid: process.pid, since: expect.any(Number) });
      expect(waiting.data.message).toMatch(new RegExp(`waiting for process ${process.pid} \\(.+\\) since`));
      await rm(lockPath);
      expect((await pending).label).toBe('second');
    } finally {
      await second.dispose();
    }
  });

  it('notices .gitignore changes between walks (also in a new process) and follows them', async () => {
    env = await makeEnv({ '.gitignore': '*.log\n', 'a.txt': 'a\n', 'debug.log': 'log\n', 'secret.txt': 's\n' });
    await env.service.create({ label: 'one' });
    const two = await env.service.create({ label: 'two' }); // a walk with a baseline
    expect((await env.service.diff(null, two.id)).files.map((f) => f.path).sort()).toEqual(['.gitignore', 'a.txt', 'secret.txt']);
    await env.write('.gitignore', 'secret.txt\n');
    const three = await env.service.create({ label: 'three' });
    expect((await env.service.get(three.id)).files.map((f) => [f.path, f.status]).sort()).toEqual([
      ['.gitignore', 'modified'],
      ['debug.log', 'added'],
      ['secret.txt', 'deleted'],
    ]);
    expect(await env.read('secret.txt')).toBe('s\n'); // only no longer captured
    await env.service.dispose();
    await env.write('.gitignore', '');
    const again = await createCheckpointService({ root: env.root, dataDir: env.dataDir });
    env.service = again;
    const four = await again.create({ label: 'four' });
    expect((await again.get(four.id)).files.map((f) => [f.path, f.status]).sort()).toEqual([
      ['.gitignore', 'modified'],
      ['secret.txt', 'added'],
    ]);
  });
});
