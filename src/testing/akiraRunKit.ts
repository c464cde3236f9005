import type { ChildProcess } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startOpenAiTestServer, type OpenAiTestServer } from './openaiTestServer';
import { runBuilt, type BuiltRun } from './builtCli';
import { tempDir, writeTree } from './tempTree';
import { waitFor } from './waitFor';
import { readLockHolder } from '../main/common/pidLock';
import { LOCK_FILE } from '../main/core/sessions/sessionLock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Tests of the real built `akira run` (bin/akira.cjs) as a child process, its model the scripted
 * OpenAI-compatible server in the test's process (real HTTP, the real openai SDK). Call it at the top of
 * a test file: it starts the server for the file and cleans up after each test (children killed, temp
 * folders removed, the server's script checked to be used up).
 *
 *   const kit = useAkiraRunKit();
 *   const ws = await kit.workspace({'a.txt': 'x'}, settings);
 *   kit.server.enqueue(...);  const run = kit.akiraRun(ws, ['--task', '…', '--json']);
 *   expect(await kit.finished(run)).toBe(0);  run.events()
 */

export interface RunWorkspace {
  root: string;
  dataDir: string;
  /** A folder beside the workspace (for escapes). */
  outside: string;
}

export interface AkiraRun extends BuiltRun {
  /** The --json lines printed so far: each agent.onEvent's data. */
  events: () => { type: string; [key: string]: any }[];
}

export interface AkiraRunKit {
  readonly server: OpenAiTestServer;
  /** Processes the test started that are not the CLI itself (killed after the test). */
  children: ChildProcess[];
  cleanups: (() => Promise<void>)[];
  workspace(files: Record<string, string>, settings?: Record<string, unknown>): Promise<RunWorkspace>;
  akiraRun(ws: RunWorkspace, args: string[], env?: NodeJS.ProcessEnv): AkiraRun;
  finished(run: BuiltRun): Promise<number | null>;
  /** The workspace's only session. */
  sessionDir(root: string): Promise<{ id: string; dir: string }>;
  /**
   * After a kill -9 of `akira run`: waits until the process that held the workspace's sessions is gone too. With a key
   * in its environment `akira` is a launcher (bin/secretEnv.cjs) and Akira its child, which ends itself moments after
   * it sees the launcher gone.
   */
  holdersGone(root: string): Promise<void>;
}

export function useAkiraRunKit(): AkiraRunKit {
  let server: OpenAiTestServer | null = null;
  const cleanups: (() => Promise<void>)[] = [];
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    server = await startOpenAiTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    server!.assertDone();
  });
  return {
    get server() {
      return server!;
    },
    children,
    cleanups,
    async workspace(files, settings = {}) {
      const base = await tempDir('akira-run-');
      cleanups.push(base.cleanup);
      const root = join(base.dir, 'ws');
      const dataDir = join(base.dir, 'data');
      const outside = join(base.dir, 'outside');
      await writeTree(root, files);
      await mkdir(dataDir, { recursive: true });
      await mkdir(outside, { recursive: true });
      await writeFile(join(dataDir, 'settings.json'), JSON.stringify(settings));
      return { root, dataDir, outside };
    },
    akiraRun(ws, args, env = {}) {
      const run = runBuilt('akira.cjs', ['run', '--workspace', ws.root, ...args], {
        cwd: ws.root,
        env: { AKIRA_DATA_DIR: ws.dataDir, OPENAI_BASE_URL: server!.baseURL, AKIRA_MODEL: 'test-model', OPENAI_API_KEY: 'sk-test', ...env },
      });
      children.push(run.child);
      const events = () =>
        run
          .stdout()
          .split('\n')
          .filter((l) => l.startsWith('{"event"'))
          .map((l) => JSON.parse(l).data);
      return { ...run, events };
    },
    async finished(run) {
      const { code } = await run.exited;
      // Output written just before exit may still be in the pipes.
      await new Promise((r) => setTimeout(r, 50));
      return code;
    },
    async holdersGone(root) {
      const dir = join(root, '.akira/sessions');
      const alive = async () => {
        for (const id of await readdir(dir).catch(() => [] as string[])) {
          const pid = readLockHolder(join(dir, id, LOCK_FILE))?.pid;
          if (pid && isAlive(pid)) return true;
        }
        return false;
      };
      await waitFor(async () => !(await alive()), 'the killed run to be gone', 10_000);
    },
    async sessionDir(root) {
      const [id] = await readdir(join(root, '.akira/sessions'));
      return { id, dir: join(root, '.akira/sessions', id) };
    },
  };
}
