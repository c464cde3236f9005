import { describe, expect, it } from 'vitest';
import { parseCommandArgs, serveSpec, toServeArgs, UsageError, type CommandSpec } from './args';

const serve = (...argv: string[]) => toServeArgs(parseCommandArgs('serve', serveSpec, argv));

describe('akira serve arguments', () => {
  it('has loopback, any free port and the current folder by default', () => {
    expect(serve()).toEqual({ folder: null, port: 0, host: '127.0.0.1', open: false, tokenFile: null, headless: false });
  });

  it('reads flags in both spellings, anywhere, and -- before a folder that looks like a flag', () => {
    expect(serve('proj', '--port', '8080', '--host=0.0.0.0', '--open')).toEqual({ folder: 'proj', port: 8080, host: '0.0.0.0', open: true, tokenFile: null, headless: false });
    expect(serve('--headless', '--token-file', 'ci/token')).toMatchObject({ headless: true, tokenFile: 'ci/token' });
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

describe('repeatable flags, short flags and paths after --', () => {
  const spec: CommandSpec = {
    flags: { file: 'strings', message: 'string', yes: 'boolean' },
    short: { m: 'message', y: 'yes' },
    positionals: { max: 1, name: 'id' },
    rest: 'paths',
  };
  const parse = (...argv: string[]) => parseCommandArgs('cmd', spec, argv);

  it('collects a strings flag in order, reads -m value and -y, puts what follows -- in rest', () => {
    expect(parse('abcd', '--file', 'a', '--file=b c', '-m', 'label', '-y', '--', '--x', 'y')).toEqual({
      flags: { file: ['a', 'b c'], message: 'label', yes: true },
      positionals: ['abcd'],
      rest: ['--x', 'y'],
      help: false,
    });
  });

  it('refuses unknown short flags and a strings flag without a value', () => {
    expect(() => parse('-q')).toThrow(/Unknown option for cmd: -q/);
    expect(() => parse('--file')).toThrow(/--file needs a value/);
    expect(() => parse('a', 'b')).toThrow(/at most 1 id/);
  });

  it('reads grouped short flags and a short flag with its value attached, and never takes a flag as a value', () => {
    expect(parse('-ym', 'label').flags).toEqual({ yes: true, message: 'label' });
    expect(parse('-mlabel').flags).toEqual({ message: 'label' });
    expect(() => parse('-yq')).toThrow(/Unknown option for cmd: -yq/);
    expect(() => parse('--message', '--yes')).toThrow(/--message needs a value/);
    expect(() => parse('--yes=1')).toThrow(/--yes takes no value/);
    expect(parse('-m', '-x').flags).toEqual({ message: '-x' });
  });
});
