import { GIT_GLOBAL_WITH_VALUE, gitSubcommand } from './destructiveCommands';
import type { Word } from './shellParse';

/**
 * git's options that an allow-list entry such as `git diff` or `git log` does not cover (asWritten.ts): with them a
 * read-only git command writes files, reads any file or runs programs.
 *
 *   gitOptionProblem(['-c', 'core.pager=x', 'log']) → {option: '-c', why: 'config'}
 *   gitWriteTargets(['diff', '--output=.git/config']) → [the word '.git/config']
 *
 * `why` says it in the policy catalog (`policy.optionNotCovered`): `writes` a file, `readsAny` file (outside the
 * repository), `runs` programs, sets `config` (which names programs: core.pager, core.fsmonitor, diff.external…).
 * Options match exactly, as `--name`, `--name=value` or a short option inside a cluster (`-vo file`); git does not
 * take abbreviations of these (checked with git 2.39: `--outp`, `--no-ind` are refused or ambiguous).
 */

export type OptionWhy = 'writes' | 'readsAny' | 'runs' | 'config';

/** Before the subcommand. */
const GLOBAL: Record<string, OptionWhy> = { '-c': 'config', '--config-env': 'config', '--exec-path': 'runs' };

/** After the subcommand: for every subcommand ('*') and for some. */
const OPTIONS: Record<string, Record<string, OptionWhy>> = {
  '*': {
    '--output': 'writes',
    '--no-index': 'readsAny',
    '--ext-diff': 'runs',
    '--textconv': 'runs',
    '--upload-pack': 'runs',
    '--receive-pack': 'runs',
    '--exec': 'runs',
    '--template': 'runs',
    '--open-files-in-pager': 'runs',
  },
  archive: { '-o': 'writes', '--remote': 'runs' },
  'format-patch': { '-o': 'writes', '--output-directory': 'writes' },
  grep: { '-O': 'runs' },
  clone: { '-c': 'config', '--config': 'config', '-u': 'runs' },
  rebase: { '-x': 'runs' },
  difftool: { '-x': 'runs', '--extcmd': 'runs', '-t': 'runs', '--tool': 'runs' },
};

/** Subcommands whose next word runs a program: `git submodule foreach …`, `git bisect run …`. */
const RUNS: Record<string, string> = { submodule: 'foreach', bisect: 'run' };

/** Options whose value writes a file. */
const WRITES = ['--output', '-o', '--output-directory'];

/** git's options that name the repository folder itself (their `.git` value is git's normal use). */
export const GIT_DIR_OPTIONS = ['--git-dir'];

function matchOption(text: string, table: Record<string, OptionWhy>): string | null {
  if (text.startsWith('--')) {
    const name = text.split('=')[0];
    return Object.hasOwn(table, name) ? name : null;
  }
  if (text.startsWith('-') && text.length > 1) {
    for (const c of text.slice(1)) if (Object.hasOwn(table, `-${c}`)) return `-${c}`;
  }
  return null;
}

/** The first option in `rest` (git's words after `git`) that the allow list does not cover, with why. */
export function gitOptionProblem(rest: Word[]): { option: string; why: OptionWhy } | null {
  for (let i = 0; i < rest.length && rest[i].text.startsWith('-'); i += GIT_GLOBAL_WITH_VALUE.includes(rest[i].text) ? 2 : 1) {
    const name = rest[i].text.startsWith('--') ? rest[i].text.split('=')[0] : rest[i].text;
    if (Object.hasOwn(GLOBAL, name)) return { option: name, why: GLOBAL[name] };
  }
  const git = gitSubcommand(rest);
  if (!git) return null;
  if (RUNS[git.sub] && git.args.some((w) => w.text === RUNS[git.sub])) return { option: `${git.sub} ${RUNS[git.sub]}`, why: 'runs' };
  const tables = [OPTIONS['*'], OPTIONS[git.sub] ?? {}];
  for (const w of git.args) {
    if (w.text === '--') break;
    for (const table of tables) {
      const option = matchOption(w.text, table);
      if (option) return { option, why: table[option] };
    }
  }
  return null;
}

/** The words git is told to write to (`--output=<file>`, `--output <file>`, `-o <file>`…). */
export function gitWriteTargets(rest: Word[]): Word[] {
  const git = gitSubcommand(rest);
  if (!git) return [];
  const out: Word[] = [];
  git.args.forEach((w, i) => {
    const name = w.text.split('=')[0];
    if (!WRITES.includes(name)) return;
    if (w.text.includes('=')) out.push({ ...w, text: w.text.slice(name.length + 1) });
    else if (git.args[i + 1]) out.push(git.args[i + 1]);
  });
  return out;
}
