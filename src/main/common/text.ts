/** Small text helpers for what goes to a model: token estimates, one-line summaries, cutting long text. */

/** About 4 characters per token (as the model client estimates when a server sends no usage). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** One line, at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The note cutMiddle leaves where it cut: how many characters of how many the original had. */
const cutNote = (cut: number, total: number) => `\n… [${cut} of ${total} characters cut] …\n`;
const CUT_NOTE = /\n… \[(\d+) of (\d+) characters cut\] …\n/g;

/**
 * Keeps the start and the end of a long text, with a note of what was cut in the middle: `[N of M characters cut]`,
 * M the original's length. A text cut before (a result kept cut in the log, cut again to fit a call) is cut once:
 * the earlier note's place is where the cut grows, and the one note says how much of the original is missing.
 */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const notes = [...text.matchAll(CUT_NOTE)];
  const earlier = notes.length === 1 ? notes[0] : null;
  const head = earlier ? text.slice(0, earlier.index) : text;
  const tail = earlier ? text.slice(earlier.index! + earlier[0].length) : '';
  const cutBefore = earlier ? Number(earlier[1]) : 0;
  const total = earlier ? Number(earlier[2]) : text.length;
  const keep = Math.max(0, max - cutNote(total, total).length);
  let keepHead: number;
  let keepTail: number;
  if (earlier) {
    keepTail = Math.min(tail.length, keep - Math.min(head.length, Math.ceil(keep * 0.6)));
    keepHead = Math.min(head.length, keep - keepTail);
  } else {
    keepHead = Math.ceil(keep * 0.6);
    keepTail = keep - keepHead;
  }
  const whole = earlier ? head + tail : text;
  const headPart = whole.slice(0, keepHead);
  const tailPart = keepTail > 0 ? (earlier ? tail.slice(tail.length - keepTail) : text.slice(text.length - keepTail)) : '';
  const cut = cutBefore + (earlier ? head.length - keepHead + tail.length - keepTail : text.length - keepHead - keepTail);
  return `${headPart}${cutNote(cut, total)}${tailPart}`;
}
