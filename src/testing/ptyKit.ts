import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventData } from '../shared/contract';
import { waitFor } from './waitFor';
import { createEventBus } from '../main/core/eventBus';
import { createPtyHost, type PtyHostOptions } from '../main/core/terminal/ptyHost';

/**
 * Test support for the pty host: a real host on a real event bus, with what it emitted collected per
 * terminal and a client that acks every chunk (setAutoAck(false) for one that does not; `bus` for others).
 */

/**
 * bash without the machine's rc files: a test must neither wait on the user's shell start-up nor break it (a
 * shell killed during pyenv's rehash in ~/.bashrc leaves a lock that makes every later interactive shell wait).
 */
export const TEST_SHELL = process.platform === 'win32' ? undefined : { file: '/bin/bash', args: ['--norc', '--noprofile'], title: 'bash' };

/** A host on a real event bus, with everything it emitted collected per terminal. */
export function setup(options: Partial<PtyHostOptions> = {}) {
  const bus = createEventBus();
  const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'akira-pty-')));
  const host = createPtyHost({ cwd, emit: bus.emit, ...(TEST_SHELL ? { shell: TEST_SHELL } : {}), ...options });
  const output = new Map<string, string>();
  const chunks = new Map<string, string[]>();
  const exits = new Map<string, EventData<'terminal.onExit'>>();
  const order: string[] = [];
  let autoAck = true;
  bus.on('terminal.onData', ({ terminalId, data }) => {
    output.set(terminalId, (output.get(terminalId) ?? '') + data);
    let list = chunks.get(terminalId);
    if (!list) chunks.set(terminalId, (list = []));
    list.push(data);
    order.push(`data:${terminalId}`);
    // (the last output of a killed terminal arrives after it was forgotten: nothing to ack then)
    if (autoAck && host.list().terminals.some((t) => t.terminalId === terminalId)) {
      host.ack({ terminalId, bytes: data.length });
    }
  });
  bus.on('terminal.onExit', (e) => {
    exits.set(e.terminalId, e);
    order.push(`exit:${e.terminalId}`);
  });
  const text = (id: string) => output.get(id) ?? '';
  return {
    host,
    bus,
    cwd,
    text,
    chunks: (id: string) => chunks.get(id) ?? [],
    exits,
    order,
    setAutoAck: (on: boolean) => (autoAck = on),
    /** Where the output ends now, for `expectOutput(…, from)`. */
    mark: (id: string) => chunks.get(id)?.length ?? 0,
    /** Waits until the terminal's output (from the mark `from` on) matches; looks only at what is new. */
    expectOutput: (id: string, pattern: RegExp, from = 0, timeoutMs?: number) => {
      let next = from;
      let tail = '';
      return waitFor(
        () => {
          const list = chunks.get(id) ?? [];
          const window = tail + list.slice(next).join('');
          next = list.length;
          tail = window.slice(-512);
          return pattern.exec(window);
        },
        `${pattern} in terminal output`,
        timeoutMs,
      );
    },
    cleanup: async () => {
      await host.dispose();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}

export type Setup = ReturnType<typeof setup>;
