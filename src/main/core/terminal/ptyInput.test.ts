import { spawn } from 'node-pty';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../testing/waitFor';
import { dropPendingInput } from './ptyHost';

// node-pty 1.1.0 keeps writing queued input to the pty's descriptor after kill(); once the number is reused the
// rest of a large paste lands elsewhere (seen: in a later HTTP response). The host drops the queue on kill and exit.

describe.skipIf(process.platform === 'win32')('input queued for a terminal', () => {
  it('is dropped: nothing of a large write to a program that never reads stays queued after kill', async () => {
    const pty = spawn('sleep', ['30'], { cols: 80, rows: 24 });
    const queue = () => (pty as unknown as { _writeStream: { _writeQueue: unknown[] } })._writeStream._writeQueue;
    pty.write('x'.repeat(4 * 1024 * 1024));
    // The kernel's buffer is full at once (sleep does not read): the rest waits in node-pty's queue.
    await waitFor(() => queue().length > 0, 'input queued in node-pty');
    dropPendingInput(pty);
    expect(queue()).toHaveLength(0);
    const exited = new Promise<void>((r) => pty.onExit(() => r()));
    pty.kill('SIGKILL');
    await exited;
    expect(queue()).toHaveLength(0);
  });

  it('does nothing to something that is not a node-pty terminal', () => {
    expect(() => dropPendingInput({})).not.toThrow();
    expect(() => dropPendingInput(null)).not.toThrow();
  });
});
