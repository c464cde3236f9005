import { randomBytes } from 'node:crypto';
import type * as nodePty from 'node-pty';
import type { CommandParams, CommandResult, TerminalInfo, TerminalKind } from '../../../shared/contract';
import { AkiraError } from '../errors';
import type { Emit } from '../eventBus';
import type { ExitSentinel } from './exitSentinel';
import { createFlowControl, type FlowControl, type FlowStats } from './flowControl';
import { createOutputCoalescer, type OutputCoalescer } from './outputCoalescer';
import { sessionGroups, signalSession } from './processGroups';
import { spawnProgram, type SpawnSpec } from './ptySpawn';
import { createReplayBuffer, type ReplayBuffer } from './replayBuffer';
import { defaultShell, numberedTitle, type ShellSpec } from './shell';
import { terminalErrors } from '../../../shared/errors';

export interface PtyHostOptions {
  /** Where shells start: the workspace. */
  cwd: string;
  emit: Emit;
  /** The program to run (default: the user's shell). */
  shell?: ShellSpec;
  /** Flow control (flowControl.ts): watermarks in characters, and how long a paused terminal waits for an ack. */
  flow?: { high?: number; low?: number; stallMs?: number };
  /** Between SIGHUP and SIGKILL when a terminal is killed. */
  killGraceMs?: number;
  /** Size of the replay buffer in characters. */
  replayChars?: number;
}

export interface TerminalStats extends FlowStats {
  /** Characters sent as `terminal.onData` so far (the `end` of the last one). */
  sentChars: number;
  /** Characters read from the pty so far (sent or not). */
  receivedChars: number;
  /** The name of the foreground process (e.g. `bash`, `vim`). */
  process: string;
  exited: boolean;
}

export interface PtyHost {
  create(params: CommandParams<'terminal.create'>): CommandResult<'terminal.create'>;
  /** A user shell started in another folder (the caller confines it), e.g. a worktree session's worktree. */
  createAt(cwd: string, params: CommandParams<'terminal.create'>, title?: string): CommandResult<'terminal.create'>;
  write(params: CommandParams<'terminal.write'>): CommandResult<'terminal.write'>;
  resize(params: CommandParams<'terminal.resize'>): CommandResult<'terminal.resize'>;
  ack(params: CommandParams<'terminal.ack'>): CommandResult<'terminal.ack'>;
  kill(params: CommandParams<'terminal.kill'>): CommandResult<'terminal.kill'>;
  list(): CommandResult<'terminal.list'>;
  replay(params: CommandParams<'terminal.replay'>): CommandResult<'terminal.replay'>;
  /** Starts `spec.program` as a terminal tab (announced with `terminal.onCreated`, output as `terminal.onData`). */
  spawn(spec: SpawnSpec): { terminalId: string; pid: number };
  /**
   * Sends `signal` to every process group of a terminal's session (and SIGCONT, so stopped jobs see it),
   * without closing the tab. False when the terminal is unknown or gone.
   */
  signal(terminalId: string, signal: NodeJS.Signals): boolean;
  /** Diagnostics for tests and benchmarks; not part of the contract. */
  stats(terminalId: string): TerminalStats;
  /** Kills every terminal and waits (bounded) until they are gone. */
  dispose(): Promise<void>;
}

interface Terminal {
  id: string;
  title: string;
  kind: TerminalKind;
  spec: SpawnSpec;
  pty: nodePty.IPty;
  coalescer: OutputCoalescer;
  replay: ReplayBuffer;
  flow: FlowControl;
  sentinel: ExitSentinel | null;
  /** The shell's exit code as the sentinel reported it: the shell is gone, its wrapper is finishing. */
  shellExitCode: number | null;
  exited: boolean;
  exitCode: number | null;
  /** Replay offset up to which output went to clients (output of an unattended terminal did not). */
  fedOffset: number;
  sentChars: number;
  carryTimer: NodeJS.Timeout | null;
  killTimer: NodeJS.Timeout | null;
  done: Promise<void>;
}

const MAX_TERMINALS = 64;
const ok = { ok: true as const };
const skipped = '\r\n\u001b[2m[… earlier output skipped while no client was reading …]\u001b[0m\r\n';

/**
 * Input written to a terminal that node-pty has not handed to the kernel yet is dropped when the terminal is killed
 * or exits. node-pty 1.1.0 queues writes and goes on writing to the pty's file descriptor after kill() (its dispose()
 * does not stop a write in flight), so once the descriptor's number is reused the rest of a large paste went to
 * whatever held it then: another terminal or an HTTP connection. Its queue is internal; this reaches into it.
 */
export function dropPendingInput(pty: unknown): void {
  const stream = (pty as { _writeStream?: { _writeQueue?: unknown[] } } | null)?._writeStream;
  if (stream && Array.isArray(stream._writeQueue)) stream._writeQueue.length = 0;
}

export function createPtyHost(options: PtyHostOptions): PtyHost {
  const { cwd, emit } = options;
  const killGraceMs = options.killGraceMs ?? 1500;
  const terminals = new Map<string, Terminal>();
  /** Killed terminals whose process has not exited yet (dispose waits for them too). */
  const dying = new Set<Terminal>();
  let disposed = false;

  function get(terminalId: string): Terminal {
    const t = terminals.get(terminalId);
    if (!t) throw new AkiraError('not_found', terminalErrors.noTerminalClosed(terminalId));
    return t;
  }

  function feed(t: Terminal, text: string) {
    if (!text) return;
    t.spec.onOutput?.(text);
    t.replay.push(text);
    if (!t.flow.attended()) return;
    t.coalescer.push(text);
    t.fedOffset = t.replay.end();
    t.flow.sent(text.length);
  }

  function onPtyData(t: Terminal, chunk: string) {
    if (t.exited) return;
    if (!t.sentinel) return feed(t, chunk);
    const { output, exitCode } = t.sentinel.scan(chunk);
    feed(t, output);
    if (exitCode !== undefined && t.shellExitCode === null) {
      t.shellExitCode = exitCode;
      try {
        t.pty.write(t.sentinel.release);
      } catch {
        // the wrapper is gone already
      }
    }
    if (t.carryTimer) clearTimeout(t.carryTimer);
    t.carryTimer = setTimeout(() => {
      t.carryTimer = null;
      if (t.sentinel && !t.exited) feed(t, t.sentinel.flush());
    }, 30);
  }

  function finish(t: Terminal, exitCode: number, signal: number, resolve: () => void) {
    dropPendingInput(t.pty);
    if (t.carryTimer) clearTimeout(t.carryTimer);
    if (t.killTimer) clearTimeout(t.killTimer);
    if (t.sentinel) feed(t, t.sentinel.flush());
    t.coalescer.flush();
    t.coalescer.dispose();
    t.flow.dispose();
    t.exited = true;
    if (t.shellExitCode !== null) {
      t.exitCode = t.shellExitCode;
    } else {
      t.exitCode = signal > 0 && exitCode === 0 ? 128 + signal : exitCode;
    }
    dying.delete(t);
    emit('terminal.onExit', {
      terminalId: t.id,
      exitCode: t.exitCode,
      signal: t.shellExitCode === null && signal > 0 ? signal : null,
    });
    t.spec.onExit?.(t.exitCode);
    resolve();
  }

  /** The titles of the open shells (a new one is numbered after them: bash, bash 2, …). */
  const shellTitles = () => [...terminals.values()].filter((t) => t.kind === 'shell').map((t) => t.title);

  function info(t: Terminal): TerminalInfo {
    return { terminalId: t.id, title: t.title, pid: t.pty.pid, exited: t.exited, exitCode: t.exitCode, kind: t.kind, ...(t.spec.owner ? { owner: t.spec.owner } : {}) };
  }

  /** SIGHUP to the shell's whole session (stopped jobs get SIGCONT to see it), SIGKILL after a grace period. */
  function signal(t: Terminal) {
    const pid = t.pty.pid;
    const groups = signalSession(pid, 'SIGHUP');
    signalSession(pid, 'SIGCONT', groups);
    t.killTimer = setTimeout(() => {
      t.killTimer = null;
      if (!t.exited) signalSession(pid, 'SIGKILL', [...new Set([...groups, ...sessionGroups(pid)])]);
    }, killGraceMs);
  }

  /** Starts a terminal: the program under the exit wrapper (Unix), wired to replay, batching and flow control. */
  function open(spec: SpawnSpec): Terminal {
    if (disposed) throw new AkiraError('unavailable', terminalErrors.hostClosing);
    if (terminals.size >= MAX_TERMINALS) {
      throw new AkiraError('conflict', terminalErrors.tooMany(MAX_TERMINALS));
    }
    const { pty, sentinel } = spawnProgram(spec, cwd);
    let id = randomBytes(4).toString('hex');
    while (terminals.has(id)) id = randomBytes(4).toString('hex');
    let resolveDone!: () => void;
    const t: Terminal = {
      id,
      title: spec.title,
      kind: spec.kind,
      spec,
      pty,
      sentinel,
      shellExitCode: null,
      exited: false,
      exitCode: null,
      fedOffset: 0,
      sentChars: 0,
      carryTimer: null,
      killTimer: null,
      done: new Promise<void>((resolve) => (resolveDone = resolve)),
      replay: createReplayBuffer(options.replayChars),
      coalescer: createOutputCoalescer({
        onFlush: (data) => {
          t.sentChars += data.length;
          emit('terminal.onData', { terminalId: id, data, end: t.sentChars });
        },
      }),
      flow: createFlowControl({
        ...options.flow,
        attended: !spec.unattended,
        pause: () => pty.pause(),
        resume: () => pty.resume(),
        onState: (state) => emit('terminal.onFlow', { terminalId: id, state }),
      }),
    };
    terminals.set(id, t);
    emit('terminal.onCreated', info(t));
    pty.onData((chunk) => onPtyData(t, chunk));
    // node-pty reports the exit once the pty's output stream closed; with the sentinel nothing is left unread.
    pty.onExit(({ exitCode, signal }) => finish(t, exitCode, signal ?? 0, resolveDone));
    return t;
  }

  return {
    create({ cols = 80, rows = 24 }) {
      const shell = options.shell ?? defaultShell();
      const t = open({ program: shell, title: numberedTitle(shell.title, shellTitles()), kind: 'shell', cols, rows });
      return { terminalId: t.id, title: t.title, pid: t.pty.pid };
    },

    createAt(cwd, { cols = 80, rows = 24 }, title) {
      const shell = options.shell ?? defaultShell();
      const t = open({ program: shell, title: numberedTitle(title ?? shell.title, shellTitles()), kind: 'shell', cols, rows, cwd });
      return { terminalId: t.id, title: t.title, pid: t.pty.pid };
    },

    spawn(spec) {
      const t = open(spec);
      return { terminalId: t.id, pid: t.pty.pid };
    },

    signal(terminalId, name) {
      const t = terminals.get(terminalId);
      if (!t || t.exited) return false;
      const groups = signalSession(t.pty.pid, name);
      signalSession(t.pty.pid, 'SIGCONT', groups);
      return true;
    },

    write({ terminalId, data }) {
      const t = get(terminalId);
      if (t.exited || t.shellExitCode !== null) {
        const code = t.exitCode ?? t.shellExitCode;
        throw new AkiraError('conflict', terminalErrors.exited(terminalId, String(code)));
      }
      t.pty.write(data);
      return ok;
    },

    resize({ terminalId, cols, rows }) {
      const t = get(terminalId);
      if (t.exited) return ok;
      try {
        t.pty.resize(cols, rows);
      } catch {
        // the pty closed meanwhile; the exit event follows
      }
      return ok;
    },

    ack({ terminalId, bytes, upTo }) {
      const t = get(terminalId);
      if (t.exited) return ok;
      if (t.flow.ack({ chars: bytes, upTo })) {
        // An unattended terminal got a reader again: send what it missed (bounded by the replay buffer).
        const missed = t.replay.since(t.fedOffset);
        t.fedOffset = t.replay.end();
        const text = (missed.gap ? skipped : '') + missed.data;
        t.coalescer.push(text);
        t.flow.sent(text.length);
      }
      return ok;
    },

    kill({ terminalId }) {
      const t = get(terminalId);
      terminals.delete(terminalId);
      dropPendingInput(t.pty);
      emit('terminal.onClosed', { terminalId });
      if (t.exited) return ok;
      dying.add(t);
      signal(t);
      return ok;
    },

    list() {
      return { terminals: [...terminals.values()].map(info) };
    },

    replay({ terminalId }) {
      const t = get(terminalId);
      // What is still batched goes out first, so a client that drops live data until its replay
      // answer arrives loses nothing.
      if (!t.exited) t.coalescer.flush();
      const data = t.replay.text();
      if (!t.exited) {
        t.flow.attach();
        t.fedOffset = t.replay.end();
      }
      return { data };
    },

    stats(terminalId) {
      const t = terminals.get(terminalId) ?? [...dying].find((d) => d.id === terminalId);
      if (!t) throw new AkiraError('not_found', terminalErrors.noTerminal(terminalId));
      let foreground = t.title;
      try {
        if (!t.exited) foreground = t.pty.process;
      } catch {
        // the pty closed meanwhile
      }
      return {
        ...t.flow.stats(),
        sentChars: t.sentChars,
        receivedChars: t.replay.end(),
        process: foreground,
        exited: t.exited,
      };
    },

    async dispose() {
      disposed = true;
      const all = [...terminals.values(), ...dying];
      for (const t of terminals.values()) {
        if (!t.exited) {
          dying.add(t);
          signal(t);
        }
      }
      terminals.clear();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, killGraceMs + 2000)));
      await Promise.race([Promise.all(all.map((t) => t.done)), timeout]);
      clearTimeout(timer);
      for (const t of all) {
        if (t.killTimer) clearTimeout(t.killTimer);
        if (t.carryTimer) clearTimeout(t.carryTimer);
        t.coalescer.dispose();
        t.flow.dispose();
      }
    },
  };
}
