import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import * as nodePty from 'node-pty';
import type { TerminalKind, TerminalOwner } from '../../../shared/contract';
import { terminalErrors } from '../../../shared/errors';
import { AkiraError } from '../errors';
import { createExitSentinel, type ExitSentinel } from './exitSentinel';
import { terminalEnv, type ShellSpec } from './shell';

/** A terminal running one program instead of the user's shell (see `PtyHost.spawn`); for the command runner. */
export interface SpawnSpec {
  /** The program and its arguments, e.g. `bash -c <command>`. */
  program: Pick<ShellSpec, 'file' | 'args'>;
  /** The tab's title (e.g. the command). */
  title: string;
  kind: TerminalKind;
  /** The agent session (and TODO) a command tab runs for: told to the UI so tabs can be told apart. */
  owner?: TerminalOwner;
  /** Where it starts (default: the host's cwd); the caller confines it. */
  cwd?: string;
  /** The environment the program inherits (default: Akira's own, process.env); the agent's commands pass a scrubbed one (commandEnv.ts). */
  baseEnv?: NodeJS.ProcessEnv;
  /** Variables set on top of the terminal environment. */
  env?: Record<string, string>;
  cols?: number;
  rows?: number;
  /**
   * Start without a reader: output goes to the replay buffer (and `onOutput`) but not out as
   * `terminal.onData` until a client attaches (replay or ack). For faces where no one watches the tab.
   */
  unattended?: boolean;
  /** Signals the exit wrapper outlives, so `signal()` can end the program without losing its tail (Unix). */
  survive?: NodeJS.Signals[];
  /** Every piece of output in order (sentinel removed), whether or not a client is reading. */
  onOutput?(text: string): void;
  /** After the last `onOutput`: the program's exit code (128 + n when a signal ended it). */
  onExit?(exitCode: number): void;
}

/**
 * Starts `spec.program` in a new pty (in `spec.cwd`, else `cwd`), under the exit wrapper where there is a /bin/sh
 * (Unix): the sentinel that reads the exit code out of the output comes with it, null elsewhere.
 */
export function spawnProgram(spec: SpawnSpec, cwd: string): { pty: nodePty.IPty; sentinel: ExitSentinel | null } {
  const useSentinel = process.platform !== 'win32' && existsSync('/bin/sh');
  const sentinel = useSentinel ? createExitSentinel(randomBytes(12).toString('hex')) : null;
  const program = sentinel ? sentinel.wrap(spec.program, spec.survive?.map((n) => n.replace(/^SIG/, ''))) : spec.program;
  try {
    const pty = nodePty.spawn(program.file, program.args, {
      name: 'xterm-256color',
      cols: spec.cols ?? 80,
      rows: spec.rows ?? 24,
      cwd: spec.cwd ?? cwd,
      env: { ...terminalEnv(spec.baseEnv), ...spec.env },
      encoding: 'utf8',
    });
    return { pty, sentinel };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new AkiraError('internal', terminalErrors.cannotStart(spec.program.file, reason));
  }
}
