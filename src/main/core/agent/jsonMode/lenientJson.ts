/**
 * A forgiving JSON reader for model replies: parses one value starting at `start` and says what it
 * had to repair. Valid JSON always parses to what JSON.parse gives.
 *
 *   parseLenientJson(text, start?) → {ok: true, value, end, repairs: Set<RepairKind>, truncation}
 *                                  | {ok: false, message, at}
 *
 * Repairs: single/smart/backtick quotes, unquoted keys and bare-word values, trailing, leading and
 * missing commas, // /* # comments, Python True/False/None, NaN/undefined/Infinity (→ null), raw line
 * breaks and invalid escapes inside strings (kept), unescaped quotes inside strings (a quote closes a
 * string only when what follows can follow a string), number formats (+1, .5, 1., 0x1F), and output cut
 * off at the end (open strings, arrays and objects are closed; a member without a value is dropped).
 * `truncation` says where the text ended: `inside` 'string' | 'value' (a number or word that may be cut),
 * 'key' (a member was dropped) or 'container' (only closing brackets were missing), and the path.
 */

export type RepairKind =
  | 'single_quotes' | 'smart_quotes' | 'backtick_strings' | 'unquoted_keys' | 'bare_values'
  | 'trailing_commas' | 'missing_commas' | 'comments' | 'python_literals' | 'nan_undefined'
  | 'raw_newlines' | 'invalid_escapes' | 'inner_quotes' | 'number_format' | 'truncated';

export type JsonPath = (string | number)[];

export interface Truncation {
  path: JsonPath;
  inside: 'string' | 'value' | 'key' | 'container';
}

export type LenientResult =
  | { ok: true; value: unknown; end: number; repairs: Set<RepairKind>; truncation: Truncation | null }
  | { ok: false; message: string; at: number };

class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const MISSING = Symbol('missing');
type Parsed = unknown | typeof MISSING;

/** Closing quotes accepted for each opening quote. */
const QUOTES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '`': '`',
  '\u201c': '\u201d\u201c"',
  '\u201d': '\u201d\u201c"',
  '\u2018': "\u2019\u2018'",
  '\u2019': "\u2019\u2018'",
};
const IDENT_START = /[A-Za-z_$]/;
const IDENT = /[A-Za-z0-9_$\-]/;

export function parseLenientJson(text: string, start = 0): LenientResult {
  const p = new LenientParser(text, start);
  try {
    const value = p.parseValue([]);
    if (value === MISSING) return { ok: false, message: 'The reply ends before any JSON value.', at: text.length };
    return { ok: true, value, end: p.pos, repairs: p.repairs, truncation: p.truncation };
  } catch (err) {
    if (err instanceof SyntaxProblem) return { ok: false, message: err.message, at: err.at };
    throw err;
  }
}

class LenientParser {
  pos: number;
  repairs = new Set<RepairKind>();
  truncation: Truncation | null = null;

  constructor(
    readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  private get eof(): boolean {
    return this.pos >= this.text.length;
  }

  private truncate(path: JsonPath, inside: Truncation['inside']): void {
    if (!this.truncation) this.truncation = { path, inside };
    this.repairs.add('truncated');
  }

  private fail(what: string): never {
    const near = JSON.stringify(this.text.slice(this.pos, this.pos + 20));
    throw new SyntaxProblem(`${what} at character ${this.pos} (near ${near}).`, this.pos);
  }

  /** Skips whitespace and comments. */
  skip(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || c === '\ufeff') {
        this.pos++;
      } else if (c === '/' && t[this.pos + 1] === '/') {
        this.repairs.add('comments');
        while (this.pos < t.length && t[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && t[this.pos + 1] === '*') {
        this.repairs.add('comments');
        const close = t.indexOf('*/', this.pos + 2);
        this.pos = close < 0 ? t.length : close + 2;
      } else if (c === '#') {
        this.repairs.add('comments');
        while (this.pos < t.length && t[this.pos] !== '\n') this.pos++;
      } else {
        return;
      }
    }
  }

  parseValue(path: JsonPath): Parsed {
    this.skip();
    if (this.eof) {
      this.truncate(path, 'key');
      return MISSING;
    }
    const c = this.text[this.pos];
    if (c === '{') return this.parseObject(path);
    if (c === '[') return this.parseArray(path);
    if (c in QUOTES) return this.parseString(path);
    if (c === '-' || c === '+' || c === '.' || (c >= '0' && c <= '9')) return this.parseNumber(path);
    if (IDENT_START.test(c)) return this.parseWord(path);
    this.fail('Expected a JSON value');
  }

  private startsKey(): boolean {
    const c = this.text[this.pos];
    return c !== undefined && (c in QUOTES || IDENT_START.test(c) || (c >= '0' && c <= '9'));
  }

  private parseObject(path: JsonPath): Record<string, unknown> {
    this.pos++; // {
    const obj: Record<string, unknown> = {};
    let expectingMember = true;
    for (;;) {
      this.skip();
      if (this.eof) {
        this.truncate(path, 'container');
        return obj;
      }
      const c = this.text[this.pos];
      if (c === '}') {
        this.pos++;
        return obj;
      }
      if (c === ',') {
        if (expectingMember) this.repairs.add('trailing_commas');
        this.pos++;
        expectingMember = true;
        continue;
      }
      if (!this.startsKey()) this.fail(expectingMember ? 'Expected a key' : "Expected ',' or '}'");
      if (!expectingMember) this.repairs.add('missing_commas');
      const key = this.parseKey(path);
      if (key === null) return obj;
      this.skip();
      if (this.eof) {
        this.truncate([...path, key], 'key');
        return obj;
      }
      if (this.text[this.pos] !== ':') this.fail(`Expected ':' after the key "${key}"`);
      this.pos++;
      const value = this.parseValue([...path, key]);
      if (value !== MISSING) {
        // defineProperty: a "__proto__" key is data, never the prototype
        Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
      }
      if (this.truncation) return obj;
      expectingMember = false;
      // a following comma is consumed at the top of the loop; a '}' closes; anything else must be a key
      this.skip();
      if (!this.eof && this.text[this.pos] === ',') {
        this.pos++;
        this.skip();
        if (!this.eof && this.text[this.pos] === '}') this.repairs.add('trailing_commas');
        expectingMember = true;
      }
    }
  }

  /** A key: a string, a bare identifier or a number. Null when the text ends inside it. */
  private parseKey(path: JsonPath): string | null {
    const c = this.text[this.pos];
    if (c in QUOTES) {
      const key = this.parseString(path, true);
      if (this.truncation) {
        this.truncation.inside = 'key';
        return null;
      }
      return key;
    }
    const from = this.pos;
    while (!this.eof && IDENT.test(this.text[this.pos])) this.pos++;
    if (this.eof) {
      this.truncate(path, 'key');
      return null;
    }
    this.repairs.add('unquoted_keys');
    return this.text.slice(from, this.pos);
  }

  private parseArray(path: JsonPath): unknown[] {
    this.pos++; // [
    const arr: unknown[] = [];
    let expectingItem = true;
    for (;;) {
      this.skip();
      if (this.eof) {
        this.truncate(path, 'container');
        return arr;
      }
      const c = this.text[this.pos];
      if (c === ']') {
        if (expectingItem && arr.length) this.repairs.add('trailing_commas');
        this.pos++;
        return arr;
      }
      if (c === ',') {
        if (expectingItem) this.repairs.add('trailing_commas');
        this.pos++;
        expectingItem = true;
        continue;
      }
      if (!expectingItem) this.repairs.add('missing_commas');
      const value = this.parseValue([...path, arr.length]);
      if (value !== MISSING) arr.push(value);
      if (this.truncation) {
        if (value === MISSING) this.truncation.inside = 'container';
        return arr;
      }
      expectingItem = false;
    }
  }

  /** Whether a quote at `at` can close a value string: what follows must be able to follow a string. (A key's quote always closes it.) */
  private canClose(at: number): boolean {
    const rest = this.text.slice(at + 1, at + 200);
    const m = /^[ \t\r\n]*/.exec(rest)!;
    const next = rest[m[0].length];
    if (next === undefined) return true;
    if (',}]:'.includes(next)) return true;
    if (next === '/' && (rest[m[0].length + 1] === '/' || rest[m[0].length + 1] === '*')) return true;
    // a missing comma before the next member: `"a": "x"\n  "b": 1`
    return /^[ \t\r\n]*["'\u201c\u2018][^"'\n\u201d\u2019]*["'\u201d\u2019][ \t]*:/.test(rest) && m[0].includes('\n');
  }

  private parseString(path: JsonPath, isKey = false): string {
    const t = this.text;
    const open = t[this.pos];
    const closers = QUOTES[open];
    if (open === "'") this.repairs.add('single_quotes');
    else if (open === '`') this.repairs.add('backtick_strings');
    else if (open !== '"') this.repairs.add('smart_quotes');
    this.pos++;
    let out = '';
    while (this.pos < t.length) {
      const c = t[this.pos];
      if (closers.includes(c)) {
        if (isKey || this.canClose(this.pos)) {
          this.pos++;
          return out;
        }
        this.repairs.add('inner_quotes');
        out += c;
        this.pos++;
        continue;
      }
      if (c === '\\') {
        if (this.pos + 1 >= t.length) {
          this.pos++;
          break;
        }
        out += this.escape();
        continue;
      }
      if (c === '\n' || c === '\r' || c === '\t' || c < ' ') this.repairs.add('raw_newlines');
      out += c;
      this.pos++;
    }
    this.truncate(path, 'string');
    return out;
  }

  /** Reads one escape sequence at pos (a backslash); an escape JSON does not know is kept as written. */
  private escape(): string {
    const t = this.text;
    const e = t[this.pos + 1];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"', "'": "'", '`': '`' };
    if (e in simple) {
      if (e === "'" || e === '`') this.repairs.add('invalid_escapes');
      this.pos += 2;
      return simple[e];
    }
    if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(this.pos + 2, this.pos + 6))) {
      const code = parseInt(t.slice(this.pos + 2, this.pos + 6), 16);
      this.pos += 6;
      return String.fromCharCode(code);
    }
    if (e === '\n') {
      // a backslash line continuation inside a string
      this.repairs.add('raw_newlines');
      this.pos += 2;
      return '\n';
    }
    this.repairs.add('invalid_escapes');
    this.pos += 2;
    return '\\' + e;
  }

  private parseNumber(path: JsonPath): unknown {
    const t = this.text;
    const rest = t.slice(this.pos, this.pos + 64);
    const special = /^([+-]?)(Infinity|NaN)/.exec(rest);
    if (special) {
      this.pos += special[0].length;
      this.repairs.add('nan_undefined');
      return null;
    }
    const hex = /^([+-]?)0[xX]([0-9a-fA-F]+)/.exec(rest);
    if (hex) {
      this.pos += hex[0].length;
      this.repairs.add('number_format');
      return (hex[1] === '-' ? -1 : 1) * parseInt(hex[2], 16);
    }
    const m = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (!m) this.fail('Expected a number');
    const raw = m[0];
    this.pos += raw.length;
    if (this.eof && path.length) this.truncate(path, 'value'); // inside a container, the digits may go on
    if (raw.startsWith('+') || raw.startsWith('.') || raw.startsWith('-.') || /\.($|[eE])/.test(raw) || /^-?0\d/.test(raw)) {
      this.repairs.add('number_format');
    }
    if (!this.eof && IDENT_START.test(t[this.pos])) {
      // `10px`, `3rd`: a word that starts with digits
      const from = this.pos - raw.length;
      this.pos = from;
      return this.bareWord(path);
    }
    return Number(raw);
  }

  private parseWord(path: JsonPath): unknown {
    const t = this.text;
    const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(t.slice(this.pos, this.pos + 64))!;
    const word = m[0];
    const end = this.pos + word.length;
    const atEnd = end >= t.length;
    const literals: Record<string, [unknown, RepairKind | null]> = {
      true: [true, null],
      false: [false, null],
      null: [null, null],
      True: [true, 'python_literals'],
      False: [false, 'python_literals'],
      None: [null, 'python_literals'],
      undefined: [null, 'nan_undefined'],
      NaN: [null, 'nan_undefined'],
      Infinity: [null, 'nan_undefined'],
    };
    if (word in literals && (atEnd || !IDENT.test(t[end]))) {
      this.pos = end;
      const [value, repair] = literals[word];
      if (repair) this.repairs.add(repair);
      if (atEnd && !['true', 'false', 'null'].includes(word)) this.truncate(path, 'value');
      return value;
    }
    if (atEnd) {
      // cut inside a literal: `tru`, `fals`, `nul`
      for (const lit of ['true', 'false', 'null'] as const) {
        if (lit.startsWith(word)) {
          this.pos = end;
          this.truncate(path, 'value');
          return literals[lit][0];
        }
      }
    }
    return this.bareWord(path);
  }

  /** An unquoted value: everything up to `,` `}` `]` or the end of the line. */
  private bareWord(path: JsonPath): string {
    const t = this.text;
    const from = this.pos;
    while (this.pos < t.length && !',}]\n'.includes(t[this.pos])) this.pos++;
    if (this.eof) this.truncate(path, 'value');
    this.repairs.add('bare_values');
    return t.slice(from, this.pos).trim();
  }
}
