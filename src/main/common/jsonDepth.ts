/**
 * How deeply a JSON text nests, measured before `JSON.parse` (issue 26): a 10 MB body of `[[[[…` cost JSON.parse
 * about 6 s and 350 MB. One linear pass over the characters counts `[` and `{` against `]` and `}` outside strings
 * (a `\` inside a string escapes the next character, so `"\""` and `"[\\"` are read right; strings are skipped
 * quote to quote with indexOf), and stops at the first bracket past the limit: about 30 ms for 16 MB here, less than
 * JSON.parse of the same text. It does not check the JSON otherwise: JSON.parse still does, on text that is known to be
 * shallow. Used by the HTTP API's body (server/apiBody.ts) and the WebSocket's frames (server/wsFace.ts).
 */

/**
 * The deepest nesting a request may have. The contract's deepest command input nests 5 levels, 6 inside a WebSocket
 * frame's `params` (jsonDepth.test.ts measures every command's schema); 64 leaves room.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;

/** Whether the JSON text `text` nests deeper than `max` arrays and objects (a malformed text is left to JSON.parse). */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (i < 0) return false;
    } else if (c === OPEN_SQUARE || c === OPEN_CURLY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_SQUARE || c === CLOSE_CURLY) depth--;
  }
  return false;
}

/**
 * Where the string opened at `open` ends (its closing quote), or -1. Jumps from quote to quote: a quote is escaped
 * when an odd number of backslashes stands right before it (a run of backslashes pairs up from its start). Linear:
 * counting back never passes the quote before.
 */
function stringEnd(text: string, open: number): number {
  let at = open;
  for (;;) {
    const quote = text.indexOf('"', at + 1);
    if (quote < 0) return -1;
    let back = quote - 1;
    while (text.charCodeAt(back) === BACKSLASH) back--;
    if ((quote - 1 - back) % 2 === 0) return quote;
    at = quote;
  }
}
