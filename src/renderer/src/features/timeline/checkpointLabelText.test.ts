import { afterEach, describe, expect, it } from 'vitest';
import { usePrefsStore } from '../../i18n';
import { textIn } from '../../../../shared/i18n';
import { record } from '../../../../testing/checkpointRecords';
import { labelText } from './checkpointLabelText';
import { checkpointName } from './checkpointNames';
import { relativeTime } from './timeFormat';
import { timelineStrings } from './timelineStrings';

const en = textIn(timelineStrings, 'en');
const zh = textIn(timelineStrings, 'zh-CN');

describe('saved checkpoint labels, as the Timeline shows them', () => {
  afterEach(() => usePrefsStore.getState().setPrefs({ language: 'en', theme: 'dark' }));

  it('read exactly as saved in English (ids dropped, nested restores in words)', () => {
    for (const label of ['before refactor', 'Before discarding a hunk of src/long.ts', 'Before discarding 3 files', 'TODO t1: after npm test', 'start of TODO t2'])
      expect(labelText(label, en)).toBe(label);
    expect(labelText('Before restoring Before restoring x (0mwud4dnkdf8a0e)', en)).toBe('Before undoing the restore of x');
  });

  it('say Akira\'s own labels in Chinese, and leave a person\'s label as written', () => {
    expect(labelText('Before restoring TODO t1: a.txt', zh)).toBe('恢复 TODO t1：a.txt 之前');
    expect(labelText('Before restoring Before restoring x', zh)).toBe('撤销对 x 的恢复之前');
    expect(labelText('Before discarding a hunk of src/long.ts', zh)).toBe('丢弃 src/long.ts 中的一处更改之前');
    expect(labelText('Before discarding 3 files', zh)).toBe('丢弃 3 个文件 之前');
    expect(labelText('Before discarding README.md', zh)).toBe('丢弃 README.md 之前');
    expect(labelText('start of TODO t2', zh)).toBe('TODO t2 开始');
    expect(labelText('start of the session', zh)).toBe('会话开始');
    // Issue 27, defect 3: a spec session's checkpoints and those of a restart, in Chinese too.
    expect(labelText('end of task 2: Greet the user', zh)).toBe('任务 2 完成：Greet the user');
    expect(labelText('end of task 2: Greet the user', en)).toBe('end of task 2: Greet the user');
    expect(labelText('changes decided after the restart', zh)).toBe('重启后已决定的更改');
    expect(labelText('TODO t1: after npm test', zh)).toBe('TODO t1：npm test 之后');
    expect(labelText('before refactor', zh)).toBe('before refactor');
  });

  it('follow the UI language in names and relative times', () => {
    usePrefsStore.getState().setPrefs({ language: 'zh-CN', theme: 'dark' });
    expect(checkpointName('cp3', record(3, { label: 'Before restoring #2' }))).toBe('#3 “恢复 #2 之前”');
    expect(checkpointName('now', undefined)).toBe('现在');
    const now = Date.parse('2026-05-20T12:00:00Z');
    expect(relativeTime('2026-05-20T11:55:00Z', now)).toBe('5 分钟前');
    expect(relativeTime('2026-05-20T11:59:50Z', now)).toBe('刚刚');
  });
});
