import type { ShellSpec } from './shell';

/**
 * node-pty can lose the last kilobytes of output: when the session leader exits, the kernel hangs the
 * terminal up and discards what the reader has not read yet. So on Unix the user's shell runs under a
 * tiny `sh` wrapper that, after the shell exits, prints a sentinel carrying the exit code and waits
 * until the host answers. Output is read in order, so seeing the sentinel proves nothing is left
 * unread; the host then releases the wrapper and the terminal ends without losing its tail (even when
 * flow control had paused reading at that moment).
 */
export interface ExitSentinel {
  /**
   * The program to spawn instead of the shell. `survive` lists more signals the wrapper outlives
   * (e.g. TERM, so a command can be terminated through its process group and its tail still be read).
   */
  wrap(shell: Pick<ShellSpec, 'file' | 'args'>, survive?: string[]): { file: string; args: string[] };
  /** What the host writes to release the wrapper once the sentinel was seen. */
  readonly release: string;
  /** Feeds pty output; returns the output without the sentinel, and the exit code once it was seen. */
  scan(chunk: string): { output: string; exitCode?: number };
  /** Output held back because it might have been the start of a sentinel (call when no more comes soon). */
  flush(): string;
}

const ESC = '\u001b';
const BEL = '\u0007';

export function createExitSentinel(nonce: string): ExitSentinel {
  if (!/^[A-Za-z0-9]+$/.test(nonce)) throw new Error('nonce must be alphanumeric');
  const prefix = `${ESC}]777;akira-exit;${nonce};`;
  const script = (survive: string[]) => [
    // Caught (not ignored) signals reset to default in the child, so Ctrl+C still reaches the shell's jobs.
    `trap : ${['INT', 'QUIT', 'TSTP', ...survive].join(' ')}`,
    '"$0" "$@"',
    's=$?',
    'stty sane -echo 2>/dev/null',
    `printf '\\033]777;akira-exit;${nonce};%d\\007' "$s"`,
    `while IFS= read -r l; do [ "$l" = "${nonce}" ] && break; done`,
    'exit "$s"',
  ].join('\n');
  let carry = '';
  let done = false;

  return {
    wrap(shell, survive = []) {
      if (survive.some((name) => !/^[A-Z0-9]+$/.test(name))) throw new Error('signal names must be like TERM');
      return { file: '/bin/sh', args: ['-c', script(survive), shell.file, ...shell.args] };
    },
    release: `${nonce}\n`,
    scan(chunk) {
      if (done) return { output: '' };
      const text = carry + chunk;
      carry = '';
      const at = text.indexOf(prefix);
      if (at >= 0) {
        const end = text.indexOf(BEL, at + prefix.length);
        if (end >= 0) {
          const code = Number.parseInt(text.slice(at + prefix.length, end), 10);
          done = true;
          return { output: text.slice(0, at), exitCode: Number.isFinite(code) ? code : 0 };
        }
        if (text.length - at < prefix.length + 12) {
          carry = text.slice(at);
          return { output: text.slice(0, at) };
        }
        return { output: text }; // not a sentinel after all (no BEL in time)
      }
      // Hold back a tail that may be the start of a sentinel split across chunks.
      const esc = text.lastIndexOf(ESC, text.length - 1);
      if (esc >= 0 && text.length - esc < prefix.length && prefix.startsWith(text.slice(esc))) {
        carry = text.slice(esc);
        return { output: text.slice(0, esc) };
      }
      return { output: text };
    },
    flush() {
      const held = carry;
      carry = '';
      return held;
    },
  };
}
