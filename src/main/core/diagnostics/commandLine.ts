/**
 * A checker's command line, split into a program and its arguments without a shell, and the reverse
 * (one quoted line for people and the command policy).
 *
 *   splitCommandLine(`mypy --config "my cfg.ini" .`) → ['mypy', '--config', 'my cfg.ini', '.']
 *   quoteCommandLine(['ruff', 'check', 'a b.py'])     → `ruff check 'a b.py'`
 *
 * Quoting rules (a small part of POSIX sh's): words are separated by blanks; '…' keeps everything
 * literally; "…" keeps everything but `\"`, `\\`, `\$` and `` \` ``, which drop the backslash; outside
 * quotes a backslash keeps the next character. Nothing is expanded, so whatever a shell would do is
 * refused with the reason (`CommandLineError`) instead of being passed on literally: pipes, `;` and `&`,
 * redirections, `$` and backquotes, `( )`, globs (`*`, `?`), a leading `~`, `VAR=value` prefixes, newlines.
 */

export class CommandLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandLineError';
  }
}

const REFUSED: Record<string, string> = {
  '|': 'pipes (|) are not supported',
  '&': '& and && are not supported',
  ';': '; is not supported (one command per checker)',
  '<': 'redirections (<) are not supported',
  '>': 'redirections (>) are not supported',
  '$': '$ (variables, substitutions) is not expanded',
  '`': 'backquotes (command substitution) are not supported',
  '(': 'parentheses (subshells) are not supported',
  ')': 'parentheses (subshells) are not supported',
  '*': 'globs (*) are not expanded; name the files or folders',
  '?': 'globs (?) are not expanded; name the files or folders',
  '\n': 'a command is one line',
  '\r': 'a command is one line',
};

/** Splits `line` into words (see the module doc); throws `CommandLineError` saying what is not supported. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const refuse = (why: string): never => {
    throw new CommandLineError(`Cannot run "${line.length > 120 ? `${line.slice(0, 120)}…` : line}" without a shell: ${why}.`);
  };
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    if (c === '\0') refuse('it contains a NUL byte');
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) refuse('a single quote is not closed');
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      for (;;) {
        if (i >= line.length) refuse('a double quote is not closed');
        const d = line[i];
        if (d === '"') break;
        if (d === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) {
          word += line[i + 1];
          i += 2;
          continue;
        }
        if (d === '$' || d === '`') refuse(REFUSED[d]);
        if (d === '\n' || d === '\r' || d === '\0') refuse(d === '\0' ? 'it contains a NUL byte' : REFUSED[d]);
        word += d;
        i++;
      }
      inWord = true;
      i++;
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= line.length) refuse('it ends with a backslash');
      if (line[i + 1] === '\n' || line[i + 1] === '\r') refuse(REFUSED['\n']);
      word += line[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    if (REFUSED[c]) refuse(REFUSED[c]);
    if (c === '~' && !inWord) refuse('~ is not expanded; write the path out');
    word += c;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  if (words.length === 0) refuse('it is empty');
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) refuse('VAR=value prefixes are not supported');
  return words;
}

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word as `splitCommandLine` (and a POSIX shell) reads it back: bare when plain, else in single quotes. */
export function quoteArg(word: string): string {
  if (PLAIN.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The words as one line (see `quoteArg`). */
export function quoteCommandLine(words: readonly string[]): string {
  return words.map(quoteArg).join(' ');
}
