import { createHash } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readFile, readdir, readlink, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createCheckpointService, type CheckpointService } from '../main/core/checkpoints/checkpointService';
import type { CheckpointOptions } from '../main/core/checkpoints/types';
import { gitCli } from './gitCli';

/** Test helpers: real temp workspaces and data folders, real git. */

export interface TestEnv {
  root: string;
  dataDir: string;
  events: { name: string; data: unknown }[];
  service: CheckpointService;
  write(rel: string, content: string | Buffer, mode?: number): Promise<void>;
  read(rel: string): Promise<string>;
  cleanup(): Promise<void>;
}

export async function makeEnv(files: Record<string, string | Buffer> = {}, options: CheckpointOptions = {}): Promise<TestEnv> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'akira-cp-ws-')));
  const dataDir = await realpath(await mkdtemp(join(tmpdir(), 'akira-cp-data-')));
  const write = async (rel: string, content: string | Buffer, mode?: number) => {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content, mode === undefined ? undefined : { mode });
  };
  // Initial files are an hour old, as in a real project (recent ones are re-read as "racy").
  const old = new Date(Date.now() - 3600_000);
  for (const [rel, content] of Object.entries(files)) {
    await write(rel, content);
    await utimes(join(root, rel), old, old);
  }
  const events: TestEnv['events'] = [];
  const service = await createCheckpointService({
    root,
    dataDir,
    emit: (name, data) => events.push({ name, data }),
    options,
  });
  return {
    root,
    dataDir,
    events,
    service,
    write,
    read: (rel) => readFile(join(root, rel), 'utf8'),
    async cleanup() {
      await service.dispose().catch(() => undefined);
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The git CLI in `dir` as a person runs it (see src/testing/gitCli.ts). */
export const gitIn = gitCli;

export interface NodeState {
  kind: 'file' | 'link' | 'dir';
  exec?: boolean;
  /** sha256 of the content (files) or the link target (links). */
  hash?: string;
}

/** Everything under `dir` (every file, link and folder, ignored or not), keyed by relative path. */
export async function treeState(dir: string, skip: (rel: string) => boolean = () => false): Promise<Map<string, NodeState>> {
  const out = new Map<string, NodeState>();
  async function visit(abs: string, rel: string) {
    const entries = await readdir(abs, { withFileTypes: true });
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (skip(childRel)) continue;
      const childAbs = join(abs, e.name);
      const st = await lstat(childAbs);
      if (st.isSymbolicLink()) {
        out.set(childRel, { kind: 'link', hash: createHash('sha256').update(await readlink(childAbs)).digest('hex') });
      } else if (st.isDirectory()) {
        out.set(childRel, { kind: 'dir' });
        await visit(childAbs, childRel);
      } else {
        const hash = createHash('sha256').update(await readFile(childAbs)).digest('hex');
        out.set(childRel, { kind: 'file', exec: (st.mode & 0o100) !== 0, hash });
      }
    }
  }
  await visit(dir, '');
  return out;
}

/** The files (and links) of a tree state, without folders. */
export function filesOf(state: Map<string, NodeState>): Map<string, NodeState> {
  return new Map([...state].filter(([, s]) => s.kind !== 'dir'));
}
