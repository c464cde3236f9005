/**
 * Binary WebSocket frames for terminal output (issue 16): the UI's fast path for `terminal.onData`.
 *
 * A WebSocket client that connects with `/ws?…&terminalFrames=binary` gets each `terminal.onData` event as one
 * binary frame instead of a JSON text frame; every other frame (answers, other events) stays JSON text, and
 * clients that do not ask keep the pinned JSON `terminal.onData {terminalId, data, end}`. The frame holds the same
 * envelope: no JSON escaping of the output on the way out and no JSON parsing of it in the page.
 *
 *   byte 0        kind: 1 = terminal.onData
 *   byte 1        n: length of the terminal id (ASCII, 1..64)
 *   bytes 2..     the terminal id (n bytes)
 *   8 bytes       seq (float64, little-endian): the event's sequence number
 *   8 bytes       end (float64, little-endian; -1 when the event has none)
 *   the rest      data, UTF-8
 */
export const TERMINAL_FRAMES_PARAM = 'terminalFrames';
export const FRAME_TERMINAL_DATA = 1;

export interface TerminalDataFrame {
  seq: number;
  terminalId: string;
  data: string;
  end?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

function isAsciiId(id: string): boolean {
  if (id.length < 1 || id.length > 64) return false;
  for (let i = 0; i < id.length; i++) if (id.charCodeAt(i) > 0x7e || id.charCodeAt(i) < 0x21) return false;
  return true;
}

/** The frame of one terminal.onData event, or null when its terminal id cannot be framed (send it as JSON). */
export function encodeTerminalData(frame: TerminalDataFrame): Uint8Array | null {
  if (!isAsciiId(frame.terminalId)) return null;
  const idLength = frame.terminalId.length;
  const head = 2 + idLength + 16;
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  const out = new Uint8Array(head + frame.data.length * 3);
  out[0] = FRAME_TERMINAL_DATA;
  out[1] = idLength;
  for (let i = 0; i < idLength; i++) out[2 + i] = frame.terminalId.charCodeAt(i);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setFloat64(2 + idLength, frame.seq, true);
  view.setFloat64(2 + idLength + 8, frame.end ?? -1, true);
  const { written } = encoder.encodeInto(frame.data, out.subarray(head));
  return out.subarray(0, head + written);
}

/** Reads a frame made by encodeTerminalData; null when it is not one (unknown kind, truncated). */
export function decodeTerminalData(bytes: Uint8Array): TerminalDataFrame | null {
  if (bytes.length < 2 || bytes[0] !== FRAME_TERMINAL_DATA) return null;
  const idLength = bytes[1];
  const head = 2 + idLength + 16;
  if (idLength < 1 || bytes.length < head) return null;
  let terminalId = '';
  for (let i = 0; i < idLength; i++) terminalId += String.fromCharCode(bytes[2 + i]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seq = view.getFloat64(2 + idLength, true);
  const end = view.getFloat64(2 + idLength + 8, true);
  const data = decoder.decode(bytes.subarray(head));
  return end >= 0 ? { seq, terminalId, data, end } : { seq, terminalId, data };
}
