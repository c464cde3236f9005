import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTerminalData, encodeTerminalData } from './terminalFrames';

describe('binary terminal frames', () => {
  it('carry the terminal.onData envelope: id, seq, end and the text, escapes and any Unicode included', () => {
    const frame = { seq: 123456789, terminalId: 'a1b2c3d4', data: 'x\u001b[1mé€😀\r\n\u0000"\\', end: 2 ** 40 };
    expect(decodeTerminalData(encodeTerminalData(frame)!)).toEqual(frame);
    expect(decodeTerminalData(encodeTerminalData({ seq: 1, terminalId: 't', data: '' })!)).toEqual({ seq: 1, terminalId: 't', data: '' });
  });

  it('round-trip any well-formed text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(), fc.option(fc.nat(), { nil: undefined }), (data, seq, end) => {
        const frame = end === undefined ? { seq, terminalId: 'term-1', data } : { seq, terminalId: 'term-1', data, end };
        expect(decodeTerminalData(encodeTerminalData(frame)!)).toEqual(frame);
      }),
    );
  });

  it('are not made for ids that are not short printable ASCII (those events go as JSON), and refuse junk', () => {
    expect(encodeTerminalData({ seq: 1, terminalId: 'é', data: 'x' })).toBeNull();
    expect(encodeTerminalData({ seq: 1, terminalId: 'x'.repeat(65), data: 'x' })).toBeNull();
    expect(encodeTerminalData({ seq: 1, terminalId: '', data: 'x' })).toBeNull();
    expect(decodeTerminalData(new Uint8Array([2, 1, 65]))).toBeNull();
    expect(decodeTerminalData(new Uint8Array([1, 4, 65, 66]))).toBeNull();
  });
});
