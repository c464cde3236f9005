import type { Word } from './shellParse';

/**
 * Commands that run another command: `env FOO=1 npm test`, `sudo rm …`, `timeout 10 make`, `nice -n 5 …`,
 * `xargs rm -rf`. unwrapCommand peels them off so policy sees the command that really runs.
 *
 *   unwrapCommand(words) → {levels, core, elevated, cwdUnknown}
 *     levels      the words at each level, the whole command first and the core last
 *     elevated    'sudo' | 'doas' | … when a level runs as another user
 *     cwdUnknown  a level changes the directory (`env -C dir`)
 * xargs appends an unknown word to the core (its arguments come from stdin).
 */

export interface Unwrapped {
  levels: Word[][];
  core: Word[];
  elevated: string | null;
  cwdUnknown: boolean;
}

interface WrapperSpec {
  /** Options that take the next word as their value. */
  withArg?: string[];
  /** Words to skip after the options (timeout's duration). */
  positional?: number;
  /** Skips NAME=value words after the options (env). */
  assignments?: boolean;
}

const WRAPPERS: Record<string, WrapperSpec> = {
  env: { withArg: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'], assignments: true },
  sudo: { withArg: ['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-U', '--user', '--group', '--host', '--prompt', '--chdir', '--close-from'] },
  doas: { withArg: ['-u', '-C'] },
  pkexec: { withArg: ['--user'] },
  nice: { withArg: ['-n', '--adjustment'] },
  ionice: { withArg: ['-c', '-n', '-p', '--class', '--classdata'] },
  nohup: {},
  time: { withArg: ['-f', '-o', '--format', '--output'] },
  command: {},
  builtin: {},
  exec: { withArg: ['-a'] },
  stdbuf: { withArg: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  timeout: { withArg: ['-s', '-k', '--signal', '--kill-after'], positional: 1 },
  watch: { withArg: ['-n', '--interval', '-d'] },
  xargs: {
    withArg: ['-n', '-L', '-l', '-P', '-s', '-I', '-d', '-E', '-e', '-a', '--max-args', '--max-lines', '--max-procs', '--max-chars', '--replace', '--delimiter', '--eof', '--arg-file'],
  },
};

const ELEVATE = new Set(['sudo', 'doas', 'pkexec', 'su', 'run0']);

export function basename(text: string): string {
  const i = text.lastIndexOf('/');
  return i >= 0 && i < text.length - 1 ? text.slice(i + 1) : text;
}

function skipOptions(words: Word[], from: number, spec: WrapperSpec): number {
  const withArg = new Set(spec.withArg ?? []);
  let i = from;
  while (i < words.length) {
    const t = words[i].text;
    if (t === '--') return i + 1;
    if (!t.startsWith('-') || t === '-') break;
    i += withArg.has(t) ? 2 : 1;
  }
  if (spec.assignments) while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i].text)) i++;
  return Math.min(words.length, i + (spec.positional ?? 0));
}

export function unwrapCommand(words: Word[]): Unwrapped {
  const levels: Word[][] = [words];
  let core = words;
  let elevated: string | null = null;
  let cwdUnknown = false;
  for (let depth = 0; depth < 10 && core.length; depth++) {
    const name = basename(core[0].text);
    if (ELEVATE.has(name)) elevated = elevated ?? name;
    const spec = WRAPPERS[name];
    if (!spec) break;
    if (name === 'env' && core.some((w) => w.text === '-C' || w.text.startsWith('--chdir'))) cwdUnknown = true;
    if (name === 'command' && core.some((w) => w.text === '-v' || w.text === '-V')) {
      core = [];
      break;
    }
    const rest = core.slice(skipOptions(core, 1, spec));
    if (name === 'xargs') {
      core = rest.length ? [...rest, { text: '<stdin>', dynamic: true, glob: false, tilde: false }] : [];
    } else {
      core = rest;
    }
    if (core.length) levels.push(core);
  }
  return { levels, core, elevated, cwdUnknown };
}
