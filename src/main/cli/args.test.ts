import { describe, expect, it } from 'vitest';
import { parseCommandArgs, serveSpec, toServeArgs, UsageError } from './args';

const serve = (...argv: string[]) => toServeArgs(parseCommandArgs('serve', serveSpec, argv));

describe('akira serve arguments', () => {
  it('has loopback, any free port and the current folder by default', () => {
    expect(serve()).toEqual({ folder: null, port: 0, host: '127.0.0.1', open: false });
  });

  it('reads flags in both spellings, anywhere, and -- before a folder that looks like a flag', () => {
    expect(serve('proj', '--port', '8080', '--host=0.0.0.0', '--open')).toEqual({ folder: 'proj', port: 8080, host: '0.0.0.0', open: true });
    expect(serve('--port=0', '--', '--weird-folder')).toMatchObject({ folder: '--weird-folder', port: 0 });
  });

  it('rejects what it does not understand with a UsageError', () => {
    for (const argv of [['--nope'], ['-x'], ['--port'], ['--port', '--open'], ['--port', '1.5'], ['--port', '-1'], ['--open=yes'], ['a', 'b'], ['--host=']]) {
      expect(() => serve(...argv), argv.join(' ')).toThrow(UsageError);
    }
    expect(() => serve('--port', '65536')).toThrow(/between 0 and 65535/);
  });

  it('notices --help', () => {
    expect(parseCommandArgs('serve', serveSpec, ['x', '--help']).help).toBe(true);
  });
});
