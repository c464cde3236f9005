import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './eventBus';

describe('event bus', () => {
  it('numbers events in order and filters by name', () => {
    const bus = createEventBus();
    const all: number[] = [];
    const exits: unknown[] = [];
    bus.subscribe((e) => all.push(e.seq));
    const off = bus.on('terminal.onExit', (d) => exits.push(d));
    bus.emit('terminal.onData', { terminalId: 't', data: 'x' });
    bus.emit('terminal.onExit', { terminalId: 't', exitCode: 0, signal: null });
    off();
    bus.emit('terminal.onExit', { terminalId: 't', exitCode: 1, signal: null });
    expect(all).toEqual([1, 2, 3]);
    expect(exits).toEqual([{ terminalId: 't', exitCode: 0, signal: null }]);
  });

  it('keeps delivering when one listener throws', () => {
    const bus = createEventBus();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('bad listener');
    });
    bus.subscribe((e) => seen.push(e.event));
    bus.emit('git.onChanged', {});
    expect(seen).toEqual(['git.onChanged']);
    spy.mockRestore();
  });
});
