import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { AkiraError } from '../errors';
import { checkpointErrors } from '../../../shared/errors';

/**
 * A long-lived git process spoken to over stdin/stdout (fast-import, `update-ref --stdin`,
 * `diff-tree --stdin`): writes honour back-pressure, replies are read in order by parsers that say
 * how many bytes a complete reply takes. When the process exits or cannot start, every pending and
 * later read fails with what it wrote on stderr; its owner (storeSession.ts) starts a new one.
 * An idle pipe does not keep Node running (a CLI that forgets to dispose still exits); one with a
 * reply or a write outstanding does.
 */

/** Bytes taken by the complete reply at the start of `buf`, or -1 while it is incomplete. */
export type ReplyParser = (buf: Buffer) => number;

export interface GitPipe {
  readonly name: string;
  readonly alive: boolean;
  write(chunk: string | Buffer): Promise<void>;
  /** Bytes queued on stdin that the process has not taken yet. */
  readonly pending: number;
  read(parse: ReplyParser): Promise<Buffer>;
  readLine(): Promise<string>;
  /** Ends stdin (after `last`) and resolves when the process has exited. */
  end(last?: string): Promise<{ code: number | null; stderr: string }>;
  kill(): void;
}

const STDERR_KEEP = 4096;

export const lineParser: ReplyParser = (buf) => {
  const nl = buf.indexOf(10);
  return nl === -1 ? -1 : nl + 1;
};

export function openGitPipe(name: string, child: ChildProcessWithoutNullStreams): GitPipe {
  let alive = true;
  let stdout: Buffer = Buffer.alloc(0);
  let stderr = '';
  let failure: AkiraError | null = null;
  const waiting: { parse: ReplyParser; resolve: (b: Buffer) => void; reject: (e: Error) => void }[] = [];

  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const finish = (code: number | null, why?: string) => {
      if (!alive) return;
      alive = false;
      const text = (why ?? stderr).trim().slice(-2000);
      failure = new AkiraError('internal', checkpointErrors.gitStopped(name, String(code ?? 'signal'), text));
      for (const w of waiting.splice(0)) w.reject(failure);
      resolve({ code, stderr });
    };
    child.on('error', (e) => finish(-1, e.message));
    child.on('close', (code) => finish(code));
  });

  child.stdin.on('error', () => undefined); // a dead process: reported through `close`
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString('utf8')).slice(-STDERR_KEEP);
  });
  child.stdout.on('data', (c: Buffer) => {
    stdout = stdout.length ? Buffer.concat([stdout, c]) : c;
    drain();
  });

  function drain() {
    while (waiting.length) {
      const n = waiting[0].parse(stdout);
      if (n < 0) return;
      const reply = stdout.subarray(0, n);
      stdout = stdout.subarray(n);
      waiting.shift()!.resolve(reply);
    }
    hold(false);
  }

  let held = true;
  let drained: Promise<void> | null = null;
  function hold(busy: boolean) {
    const want = busy || waiting.length > 0 || child.stdin.writableLength > 0;
    if (want === held || !alive) return;
    held = want;
    for (const h of [child, child.stdin, child.stdout, child.stderr] as { ref?(): void; unref?(): void }[]) {
      if (want) h.ref?.();
      else h.unref?.();
    }
  }
  child.stdin.on('drain', () => hold(false));
  hold(false);

  const pipe: GitPipe = {
    name,
    get alive() {
      return alive;
    },
    get pending() {
      return child.stdin.writableLength;
    },
    async write(chunk) {
      if (!alive) throw failure!;
      hold(true);
      if (child.stdin.write(chunk)) return;
      // One wait for 'drain' however many writes are queued behind it.
      drained ??= new Promise<void>((resolve) => child.stdin.once('drain', resolve)).finally(() => (drained = null));
      await Promise.race([drained, exited.then(() => Promise.reject(failure))]);
    },
    read(parse) {
      if (!alive && !stdout.length) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiting.push({ parse, resolve, reject });
        hold(true);
        drain();
        if (!alive) for (const w of waiting.splice(0)) w.reject(failure!);
      });
    },
    async readLine() {
      return (await pipe.read(lineParser)).toString('utf8').replace(/\n$/, '');
    },
    async end(last) {
      hold(true);
      if (alive) child.stdin.end(last ?? '');
      return exited;
    },
    kill() {
      if (alive) child.kill();
    },
  };
  return pipe;
}
