/**
 * A small POSIX-shell parser for command policy: enough structure to see every command a line runs.
 *
 *   parseShell(text) → ShellList   (throws ShellSyntaxError on unterminated quotes, unmatched parens…)
 *
 * A list is pipelines joined by `&&`, `||`, `;`, `&` or newlines; a pipeline is commands joined by `|`;
 * a command is a simple command (assignments, words, redirects) or a `( … )` / `{ …; }` group. Command
 * substitutions (`$( … )`, backticks, also inside double quotes) and process substitutions (`<( … )`)
 * are parsed too and attached to the command whose words hold them. Words carry their unquoted text and
 * whether the shell would change it at run time (`dynamic`: $VAR, $( … )), glob it (`glob`) or expand a
 * leading `~` (`tilde`). Here-document bodies are skipped (noted when they run substitutions).
 */

export interface Word {
  text: string;
  dynamic: boolean;
  glob: boolean;
  tilde: boolean;
}

export interface Redirect {
  op: string;
  target: Word | null;
}

export interface SimpleCommand {
  kind: 'command';
  assignments: Word[];
  words: Word[];
  redirects: Redirect[];
  /** Command and process substitutions in the words, assignments and redirects. */
  substitutions: ShellList[];
  /** An unquoted here-document whose body runs `$( … )` or backticks. */
  heredocRuns: boolean;
  source: string;
}

export interface Group {
  kind: 'group';
  /** `( … )` runs in a subshell; `{ …; }` in the current shell. */
  subshell: boolean;
  body: ShellList;
}

export interface Pipeline {
  commands: (SimpleCommand | Group)[];
}

export interface ShellList {
  /** `op` is the operator after the pipeline: '&&' | '||' | ';' | '&' | '\n' | null at the end. */
  items: { pipeline: Pipeline; op: string | null }[];
}

export class ShellSyntaxError extends Error {}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

export function parseShell(text: string): ShellList {
  const p = new ShellParser(text);
  const list = p.parseList(null);
  if (p.pos < text.length) throw new ShellSyntaxError(`unexpected "${text[p.pos]}" at character ${p.pos}`);
  return list;
}

class ShellParser {
  pos = 0;
  private pendingHeredocs: { delim: string; strip: boolean; expand: boolean; cmd: SimpleCommand }[] = [];

  constructor(readonly src: string) {}

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r') this.pos++;
      else if (c === '\\' && this.src[this.pos + 1] === '\n') this.pos += 2;
      else if (c === '#') while (this.pos < this.src.length && this.peek() !== '\n') this.pos++;
      else return;
    }
  }

  private newline(): void {
    this.pos++;
    const pending = this.pendingHeredocs;
    this.pendingHeredocs = [];
    for (const h of pending) {
      const lines: string[] = [];
      while (this.pos < this.src.length) {
        const end = this.src.indexOf('\n', this.pos);
        const line = this.src.slice(this.pos, end < 0 ? this.src.length : end);
        this.pos = end < 0 ? this.src.length : end + 1;
        if ((h.strip ? line.replace(/^\t+/, '') : line) === h.delim) break;
        lines.push(line);
      }
      if (h.expand && /\$\(|`/.test(lines.join('\n'))) h.cmd.heredocRuns = true;
    }
  }

  parseList(terminator: ')' | '}' | null): ShellList {
    const items: ShellList['items'] = [];
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (c === undefined || (terminator && c === terminator) || c === ')') break;
      if (c === '\n') {
        this.newline();
        continue;
      }
      if (c === ';' || (c === '&' && this.src[this.pos + 1] !== '>')) {
        if (items.length && items[items.length - 1].op === null) items[items.length - 1].op = c;
        else if (c === '&' || this.src[this.pos + 1] === ';') throw new ShellSyntaxError(`unexpected "${c}" at character ${this.pos}`);
        this.pos++;
        continue;
      }
      const before = this.pos;
      const pipeline = this.parsePipeline(terminator);
      if (this.pos === before) throw new ShellSyntaxError(`unexpected "${this.src[this.pos]}" at character ${this.pos}`);
      this.skipBlanks();
      let op: string | null = null;
      const two = this.src.slice(this.pos, this.pos + 2);
      if (two === '&&' || two === '||') {
        op = two;
        this.pos += 2;
        this.skipNewlines();
      } else if (this.peek() === ';' || (this.peek() === '&' && this.src[this.pos + 1] !== '>')) {
        op = this.src[this.pos];
        this.pos++;
      } else if (this.peek() === '\n') {
        op = '\n';
        this.newline();
      }
      items.push({ pipeline, op });
      if (op === '&&' || op === '||') {
        this.skipBlanks();
        if (this.peek() === undefined || this.peek() === terminator) throw new ShellSyntaxError(`"${op}" is not followed by a command`);
      }
    }
    return { items };
  }

  private skipNewlines(): void {
    for (;;) {
      this.skipBlanks();
      if (this.peek() === '\n') this.newline();
      else return;
    }
  }

  private parsePipeline(terminator: ')' | '}' | null): Pipeline {
    const commands: Pipeline['commands'] = [];
    this.skipBlanks();
    if (this.peek() === '!' && /[\s]/.test(this.src[this.pos + 1] ?? ' ')) this.pos++;
    for (;;) {
      commands.push(this.parseCommand(terminator));
      this.skipBlanks();
      if (this.peek() === '|' && this.src[this.pos + 1] !== '|') {
        this.pos += this.src[this.pos + 1] === '&' ? 2 : 1;
        this.skipNewlines();
        continue;
      }
      return { commands };
    }
  }

  private parseCommand(terminator: ')' | '}' | null): SimpleCommand | Group {
    this.skipBlanks();
    if (this.peek() === '(' && this.src[this.pos + 1] !== '(') {
      this.pos++;
      const body = this.parseList(')');
      if (this.peek() !== ')') throw new ShellSyntaxError('a "(" is never closed');
      this.pos++;
      return { kind: 'group', subshell: true, body };
    }
    if (this.peek() === '{' && /\s/.test(this.src[this.pos + 1] ?? '')) {
      this.pos++;
      const body = this.parseList('}');
      if (this.peek() !== '}') throw new ShellSyntaxError('a "{" is never closed');
      this.pos++;
      return { kind: 'group', subshell: false, body };
    }
    return this.parseSimple(terminator);
  }

  private parseSimple(terminator: ')' | '}' | null): SimpleCommand {
    const start = this.pos;
    const cmd: SimpleCommand = { kind: 'command', assignments: [], words: [], redirects: [], substitutions: [], heredocRuns: false, source: '' };
    for (;;) {
      this.skipBlanks();
      const c = this.peek();
      if (c === undefined || c === '\n' || c === ';' || c === '|' || c === ')') break;
      if (c === '&' && this.src[this.pos + 1] !== '>') break;
      if (c === '}' && terminator === '}' && !cmd.words.length && !cmd.assignments.length) break;
      if ((c === '<' || c === '>') && this.src[this.pos + 1] === '(') {
        this.pos += 2;
        cmd.substitutions.push(this.parseList(')'));
        if (this.peek() !== ')') throw new ShellSyntaxError('a process substitution is never closed');
        this.pos++;
        cmd.words.push({ text: '/dev/fd/63', dynamic: true, glob: false, tilde: false });
        continue;
      }
      const redirect = /^(\d*)(&>>|&>|>>|>\||>&|<<<|<<-|<<|<>|<&|>|<)/.exec(this.src.slice(this.pos, this.pos + 8));
      if (redirect) {
        this.pos += redirect[0].length;
        this.skipBlanks();
        const op = redirect[2];
        const quotedDelim = /^['"\\]/.test(this.peek() ?? '') || /^[^\s;&|<>()]*['"]/.test(this.src.slice(this.pos));
        const target = this.atWordEnd() ? null : this.parseWord(cmd);
        if (!target) throw new ShellSyntaxError(`"${op}" has no target`);
        cmd.redirects.push({ op, target });
        if (op === '<<' || op === '<<-') this.pendingHeredocs.push({ delim: target.text, strip: op === '<<-', expand: !quotedDelim, cmd });
        continue;
      }
      if (c === '(') throw new ShellSyntaxError(`unexpected "(" at character ${this.pos} (functions and arrays are not analysed)`);
      const wordStart = this.pos;
      const word = this.parseWord(cmd);
      const raw = this.src.slice(wordStart, this.pos);
      if (!cmd.words.length && ASSIGNMENT.test(raw)) cmd.assignments.push(word);
      else cmd.words.push(word);
    }
    cmd.source = this.src.slice(start, this.pos).trim();
    return cmd;
  }

  private atWordEnd(): boolean {
    const c = this.peek();
    return c === undefined || /[\s;&|<>()]/.test(c);
  }

  /** One word: quotes removed, substitutions parsed into `cmd.substitutions`. */
  private parseWord(cmd: SimpleCommand): Word {
    const word: Word = { text: '', dynamic: false, glob: false, tilde: this.peek() === '~' };
    const src = this.src;
    while (!this.atWordEnd()) {
      const c = src[this.pos];
      if (c === '\\') {
        if (src[this.pos + 1] === '\n') this.pos += 2;
        else {
          word.text += src[this.pos + 1] ?? '';
          this.pos += 2;
        }
      } else if (c === "'") {
        const end = src.indexOf("'", this.pos + 1);
        if (end < 0) throw new ShellSyntaxError('a single quote is never closed');
        word.text += src.slice(this.pos + 1, end);
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        this.doubleQuoted(word, cmd);
      } else if (c === '$') {
        this.dollar(word, cmd, false);
      } else if (c === '`') {
        this.backtick(word, cmd);
      } else {
        if (c === '*' || c === '?' || c === '[' || c === '{') word.glob = true;
        word.text += c;
        this.pos++;
      }
    }
    return word;
  }

  private doubleQuoted(word: Word, cmd: SimpleCommand): void {
    const src = this.src;
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) throw new ShellSyntaxError('a double quote is never closed');
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === '\\' && '$`"\\\n'.includes(src[this.pos + 1] ?? '')) {
        if (src[this.pos + 1] !== '\n') word.text += src[this.pos + 1];
        this.pos += 2;
      } else if (c === '$') {
        this.dollar(word, cmd, true);
      } else if (c === '`') {
        this.backtick(word, cmd);
      } else {
        word.text += c;
        this.pos++;
      }
    }
  }

  private dollar(word: Word, cmd: SimpleCommand, quoted: boolean): void {
    const src = this.src;
    const next = src[this.pos + 1];
    if (next === '(' && src[this.pos + 2] === '(') {
      this.pos = this.skipBalanced(this.pos + 1, '(', ')');
      word.dynamic = true;
      word.text += '$((…))';
    } else if (next === '(') {
      this.pos += 2;
      cmd.substitutions.push(this.parseList(')'));
      if (this.peek() !== ')') throw new ShellSyntaxError('a "$(" is never closed');
      this.pos++;
      word.dynamic = true;
      word.text += '$(…)';
    } else if (next === '{') {
      const end = this.skipBalanced(this.pos + 1, '{', '}');
      word.text += src.slice(this.pos, end);
      this.pos = end;
      word.dynamic = true;
    } else if (next === "'" && !quoted) {
      let i = this.pos + 2;
      while (i < src.length && src[i] !== "'") {
        if (src[i] === '\\') {
          word.text += src[i + 1] === 'n' ? '\n' : src[i + 1] === 't' ? '\t' : (src[i + 1] ?? '');
          i += 2;
        } else word.text += src[i++];
      }
      if (i >= src.length) throw new ShellSyntaxError("a $' quote is never closed");
      this.pos = i + 1;
    } else if (next !== undefined && /[A-Za-z0-9_@*#?$!-]/.test(next)) {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(src.slice(this.pos))!;
      word.text += m[0];
      this.pos += m[0].length;
      word.dynamic = true;
    } else {
      word.text += '$';
      this.pos++;
    }
  }

  private backtick(word: Word, cmd: SimpleCommand): void {
    const src = this.src;
    let i = this.pos + 1;
    let inner = '';
    while (i < src.length && src[i] !== '`') {
      if (src[i] === '\\' && (src[i + 1] === '`' || src[i + 1] === '\\' || src[i + 1] === '$')) {
        inner += src[i + 1];
        i += 2;
      } else inner += src[i++];
    }
    if (i >= src.length) throw new ShellSyntaxError('a backtick is never closed');
    cmd.substitutions.push(parseShell(inner));
    this.pos = i + 1;
    word.dynamic = true;
    word.text += '`…`';
  }

  /** Index after the bracket that closes the one at `from`. */
  private skipBalanced(from: number, open: string, close: string): number {
    let depth = 0;
    for (let i = from; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === '\\') i++;
      else if (c === open) depth++;
      else if (c === close && --depth === 0) return i + 1;
    }
    throw new ShellSyntaxError(`a "${open}" is never closed`);
  }
}
