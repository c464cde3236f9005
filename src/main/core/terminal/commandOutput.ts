/**
 * What a command printed, as text for a model: ANSI escape sequences removed, carriage-return
 * overwrites (progress bars) and backspaces resolved the way a terminal shows them, very long lines
 * shortened, and long output truncated in the middle ("… N lines omitted …") keeping its head and,
 * more of, its tail (where errors and summaries are). Memory stays bounded whatever the command prints.
 *
 *   const capture = createOutputCapture({ maxChars: 30_000 });
 *   capture.push(rawPtyText); …; const { text, lines, omittedLines } = capture.finish();
 */
export interface CapturedOutput {
  text: string;
  /** Lines the command printed (after overwrites were resolved). */
  lines: number;
  /** Lines left out of `text` (0 when nothing was). */
  omittedLines: number;
  /** True when lines were left out or shortened. */
  truncated: boolean;
}

export interface OutputCapture {
  push(raw: string): void;
  /** Ends the capture (a partial last line counts) and answers the text. */
  finish(): CapturedOutput;
}

export interface CaptureOptions {
  /** Characters of `text` at most, about (default 30,000). */
  maxChars?: number;
  /** Longer lines keep their start and a note (default 2,000). */
  maxLineChars?: number;
  /** Share of `maxChars` for the head; the rest keeps the tail (default 0.4). */
  headShare?: number;
}

const ESC = '\u001b';
/** CSI, OSC (BEL or ST ended), DCS/SOS/PM/APC strings, and short escapes (not the openers of the others). */
const SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[PX^_][^\u001b]*\u001b\\|[ -/]+[0-~]|[0-OQ-WYZ\\`-~])/g;
const SEQUENCE_AT = new RegExp(SEQUENCE.source, 'y');
/** Control characters other than tab, newline, carriage return and backspace (and C1 CSI). */
const CONTROLS = /[\u0000-\u0007\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f\u009b]/g;
const MAX_CARRY = 4096;
const MAX_PENDING = 64 * 1024;

/** Removes escape sequences and stray control characters from complete text. */
export function stripAnsi(text: string): string {
  return text.replace(SEQUENCE, '').replace(/\u001b/g, '').replace(CONTROLS, '');
}

/** A line as a terminal would show it: `\r` returns to column 0 and overwrites, `\b` steps back. */
export function resolveLine(line: string): string {
  let text = line.replace(/\r+$/, '');
  if (text.includes('\r')) {
    text = text.split('\r').reduce((shown, part) => part + shown.slice(part.length), '');
  }
  if (text.includes('\b')) {
    const out: string[] = [];
    for (const ch of text) {
      if (ch === '\b') out.pop();
      else out.push(ch);
    }
    text = out.join('');
  }
  return text;
}

export function createOutputCapture(options: CaptureOptions = {}): OutputCapture {
  const maxChars = options.maxChars ?? 30_000;
  const maxLineChars = options.maxLineChars ?? 2_000;
  const headBudget = Math.floor(maxChars * (options.headShare ?? 0.4));
  let carry = '';
  let pending = '';
  const head: string[] = [];
  let headChars = 0;
  let headOpen = true;
  let tail: string[] = [];
  let tailStart = 0;
  let tailChars = 0;
  let tailBudget = maxChars - headBudget;
  let lines = 0;
  let omitted = 0;
  let shortened = false;

  function addLine(raw: string) {
    let line = resolveLine(raw);
    if (line.length > maxLineChars) {
      shortened = true;
      line = `${line.slice(0, maxLineChars)} … (${line.length - maxLineChars} more characters)`;
    }
    lines++;
    if (headOpen) {
      if (headChars + line.length + 1 <= headBudget) {
        head.push(line);
        headChars += line.length + 1;
        return;
      }
      headOpen = false;
      tailBudget = maxChars - headChars; // what the head left unused goes to the tail
    }
    tail.push(line);
    tailChars += line.length + 1;
    while (tailChars > tailBudget && tail.length - tailStart > 1) {
      tailChars -= tail[tailStart].length + 1;
      tailStart++;
      omitted++;
    }
    if (tailStart > 1024 && tailStart > tail.length / 2) {
      tail = tail.slice(tailStart);
      tailStart = 0;
    }
  }

  function take(text: string) {
    const parts = (pending + text.replace(CONTROLS, '').replace(/\u001b/g, '')).split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) addLine(part);
    if (pending.length > MAX_PENDING) {
      // A line that never ends (a spinner redrawn with \r): keep what it shows now.
      pending = resolveLine(pending);
      if (pending.length > MAX_PENDING) {
        addLine(pending);
        pending = '';
      }
    }
  }

  return {
    push(raw) {
      if (!raw) return;
      let text = carry + raw;
      carry = '';
      // An escape sequence cut at the end of this chunk is completed by the next one.
      const last = text.lastIndexOf(ESC);
      if (last >= 0 && text.length - last < MAX_CARRY) {
        SEQUENCE_AT.lastIndex = last;
        if (!SEQUENCE_AT.test(text)) {
          carry = text.slice(last);
          text = text.slice(0, last);
        }
      }
      take(text.replace(SEQUENCE, ''));
    },
    finish() {
      take(carry.replace(SEQUENCE, ''));
      carry = '';
      if (pending) addLine(pending);
      pending = '';
      const kept = tail.slice(tailStart);
      const parts = [...head];
      if (omitted > 0) parts.push(`… ${omitted} lines omitted …`);
      parts.push(...kept);
      return { text: parts.join('\n'), lines, omittedLines: omitted, truncated: omitted > 0 || shortened };
    },
  };
}
