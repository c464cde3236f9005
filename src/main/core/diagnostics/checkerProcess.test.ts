import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/tempTree';
import { runCheckerProcess } from './checkerProcess';

let cwd: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: cwd, cleanup } = await tempDir('akira-diag-process-'));
});
afterAll(() => cleanup());

const base = () => ({ cwd, env: process.env, timeoutMs: 600_000 });

describe('runCheckerProcess', () => {
  it('collects stdout and stderr apart, with the exit code, without a shell', async () => {
    const r = await runCheckerProcess({ ...base(), file: process.execPath, args: ['-e', 'console.log("out $HOME"); console.error("err"); process.exit(4)'] });
    expect(r).toMatchObject({ ended: 'exit', exitCode: 4, exitSignal: null, error: null, stdout: 'out $HOME\n', stderr: 'err\n', stdoutCut: false });
  });

  it('keeps at most maxBytes of each stream and still lets the program finish', async () => {
    const r = await runCheckerProcess({ ...base(), maxBytes: 1000, file: process.execPath, args: ['-e', 'process.stdout.write("x".repeat(300000)); process.stderr.write("e")'] });
    expect(r).toMatchObject({ ended: 'exit', exitCode: 0, stdoutCut: true, stderrCut: false, stderr: 'e' });
    expect(r.stdout).toBe('x'.repeat(1000));
  });

  it('answers a program that cannot be started with its error', async () => {
    const r = await runCheckerProcess({ ...base(), file: 'akira-no-such-program-xyz', args: [] });
    expect(r).toMatchObject({ ended: 'error', pid: null, error: { code: 'ENOENT' } });
  });

  it('does not start when the signal has already aborted', async () => {
    const r = await runCheckerProcess({ ...base(), signal: AbortSignal.abort(), file: process.execPath, args: ['-e', ''] });
    expect(r).toMatchObject({ ended: 'abort', pid: null });
  });
});
