import { describe, expect, it } from 'vitest';
import type { Core } from '../core/createCore';
import { createEventBus } from '../core/eventBus';
import type { CliIo } from './io';
import { reportStoreWaits } from './serveCommand';

// Issue 14: the line `akira checkpoints …` / `akira serve` print while another process holds the checkpoint store
// is said in the CLI's language, from the event's fields (its `message` is English). The built command is checked in
// storeLock.security.test.ts.

function said(language: 'en' | 'zh-CN', pid: number | null, command: string | null) {
  const bus = createEventBus();
  let err = '';
  const io = { language, err: (t: string) => void (err += t) } as unknown as CliIo;
  const stop = reportStoreWaits({ bus } as unknown as Core, io);
  bus.emit('checkpoints.onWaiting', { operation: 'create', pid, command, since: Date.now() - 4_000, message: 'The checkpoint store is busy: …' });
  stop();
  return err;
}

describe('the checkpoint store is busy, in the CLI language', () => {
  it('names the process, its command and how long it has held the store', () => {
    expect(said('en', 4242, 'akira serve')).toMatch(/^akira: The checkpoint store is busy: waiting for process 4242 \(akira serve\) since \d\d:\d\d:\d\d, [45] s ago\.\n$/);
    expect(said('zh-CN', 4242, 'akira serve')).toMatch(/^akira: 检查点存储正忙：正在等待进程 4242（akira serve），它从 \d\d:\d\d:\d\d 起占用，已 [45] 秒。\n$/);
    expect(said('zh-CN', null, null)).toMatch(/正在等待另一个进程，它从/);
  });
});
