import { describe, expect, it } from 'vitest';
import type { EventData } from '../../../shared/contract';
import { waitFor } from '../../../testing/waitFor';
import { setup, type Setup } from '../../../testing/ptyKit';

// Flow control with real clients' habits (item 6): a client that acks in batches keeps output flowing
// to the end; one that never acks is told, with terminal.onFlow, that the terminal paused and then
// turned unattended, and gets the rest once it acks again.

const unix = process.platform !== 'win32';
const TOTAL = 2_000_000;
/** TOTAL x's on one line (no newlines: the pty adds no \r), then a marker. */
const FLOOD = `head -c ${TOTAL} /dev/zero | tr '\\0' x; echo; echo flood-$((6*7))\r`;

/** Acks reach the host this much later than the output left it (a slow network or screen). */
const LATENCY_MS = 200;
const later = (ack: () => void) =>
  setTimeout(() => {
    try {
      ack();
    } catch {
      // the terminal is gone (the test is over)
    }
  }, LATENCY_MS);

/** A client of its own on the kit's bus: calls `onChunk` for each terminal.onData of `terminalId`. */
function client(s: Setup, terminalId: string, onChunk: (e: EventData<'terminal.onData'>) => void) {
  const flows: EventData<'terminal.onFlow'>['state'][] = [];
  let text = '';
  s.bus.on('terminal.onData', (e) => {
    if (e.terminalId !== terminalId) return;
    text += e.data;
    onChunk(e);
  });
  s.bus.on('terminal.onFlow', (e) => {
    if (e.terminalId === terminalId) flows.push(e.state);
  });
  return { flows, text: () => text, xs: () => text.match(/x{2,}/g)?.join('').length ?? 0 };
}

async function startShell(s: Setup) {
  const { terminalId } = s.host.create({});
  await s.expectOutput(terminalId, /\S/); // the prompt, acked by the kit
  s.setAutoAck(false);
  return terminalId;
}

describe.skipIf(!unix)('terminal flow control with batching clients (real pty)', () => {
  // 64K: the pty is read in small pieces here and 256K is a multiple of 64K, so what such a client leaves
  // unacked at a pause is one read; 100K and 200K batches leave 56K or more (above the old 32K low mark).
  it.each([64, 100, 200])('a client acking (bytes) after every %iK, 200 ms late, receives all of a 2 MB output', async (k) => {
    const batch = k * 1024;
    const s = setup(); // the default watermarks and stall
    try {
      const terminalId = await startShell(s);
      let received = 0;
      let acked = 0;
      const c = client(s, terminalId, (e) => {
        received += e.data.length;
        while (received - acked >= batch) {
          later(() => s.host.ack({ terminalId, bytes: batch }));
          acked += batch;
        }
      });
      const started = performance.now();
      s.host.write({ terminalId, data: FLOOD });
      await waitFor(() => /flood-42/.test(c.text()), 'the whole flood and the marker', 30_000);
      const ms = performance.now() - started;
      expect(c.xs()).toBe(TOTAL);
      expect(c.flows).not.toContain('unattended');
      expect(s.host.stats(terminalId).attended).toBe(true);
      console.log(`2 MB acked (bytes) in ${k}K batches 200 ms late: ${Math.round(ms)} ms, flow states: [${c.flows.join(', ')}]`);
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it('a client acking cumulatively (upTo: the end of the last event) every 64K, 200 ms late, receives all of it too', async () => {
    const s = setup();
    try {
      const terminalId = await startShell(s);
      let ackedUpTo = 0;
      const ends: number[] = [];
      let total = 0;
      const c = client(s, terminalId, (e) => {
        total += e.data.length;
        ends.push(e.end ?? -1);
        if ((e.end ?? 0) - ackedUpTo >= 64 * 1024) {
          const upTo = (ackedUpTo = e.end!);
          later(() => s.host.ack({ terminalId, upTo }));
        }
      });
      s.host.write({ terminalId, data: FLOOD });
      await waitFor(() => /flood-42/.test(c.text()), 'the whole flood and the marker', 30_000);
      expect(c.xs()).toBe(TOTAL);
      expect(c.flows).not.toContain('unattended');
      // `end` counts every character of the terminal's terminal.onData, this event's included.
      expect(ends.at(-1)).toBe(s.host.stats(terminalId).sentChars);
      expect(ends.every((end, i) => i === 0 || end > ends[i - 1])).toBe(true);
      expect(s.text(terminalId).length).toBe(s.host.stats(terminalId).sentChars);
      expect(total).toBeGreaterThan(TOTAL);
    } finally {
      await s.cleanup();
    }
  }, 60_000);

  it('a client that never acks is told: paused, then unattended; acking again brings the rest and flowing', async () => {
    const s = setup({ flow: { stallMs: 900 } });
    try {
      const terminalId = await startShell(s);
      const c = client(s, terminalId, () => undefined);
      s.host.write({ terminalId, data: FLOOD });
      await waitFor(() => s.host.stats(terminalId).paused, 'pause');
      const pausedAt = performance.now();
      await waitFor(() => c.flows.includes('paused'), 'paused reported', 5000);
      const noticeMs = performance.now() - pausedAt;
      await waitFor(() => c.flows.includes('unattended'), 'unattended reported', 5000);
      const unattendedMs = performance.now() - pausedAt;
      expect(c.flows).toEqual(['paused', 'unattended']);
      expect(s.host.stats(terminalId)).toMatchObject({ attended: false, state: 'unattended', paused: false });
      // Nothing more was sent while no one read (the pty was read into the replay buffer).
      expect(c.text().length).toBeLessThan(256 * 1024 + 3 * 64 * 1024);
      await waitFor(() => s.host.stats(terminalId).receivedChars > TOTAL, 'the flood read', 30_000);
      // The client acks again: flowing, and what it missed follows (bounded by the replay buffer).
      s.setAutoAck(true);
      s.host.ack({ terminalId, upTo: 0 });
      await waitFor(() => c.flows.at(-1) === 'flowing', 'flowing reported', 5000);
      await waitFor(() => /flood-42/.test(c.text()), 'the marker', 10_000);
      console.log(`never-acking client: paused reported ${Math.round(noticeMs)} ms, unattended ${Math.round(unattendedMs)} ms after the pty paused`);
    } finally {
      await s.cleanup();
    }
  }, 60_000);
});
