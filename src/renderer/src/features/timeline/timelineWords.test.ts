import { describe, expect, it } from 'vitest';
import { checkpointName, filesWord, originWord } from './checkpointNames';
import { dependsOnNow } from './timelineQueries';
import { record } from '../../../../testing/checkpointRecords';
import { summarize } from './restoreStore';
import { progressFraction, progressText } from './useCheckpointProgress';

describe('words of the Timeline', () => {
  it('names checkpoints and origins', () => {
    expect(checkpointName('cp0003', record(3, { label: 'before refactor' }))).toBe('#3 “before refactor”');
    expect(checkpointName('0mwrlnqre71ce0b', undefined)).toBe('0mwrlnqr');
    expect(checkpointName('now', undefined)).toBe('now');
    expect(originWord({ origin: 'agent', todoId: 't2' })).toBe('agent · t2');
    expect(originWord({ origin: 'before-restore' })).toBe('before restore');
    expect(filesWord(1)).toBe('1 file');
    expect(filesWord(0)).toBe('0 files');
  });

  it('summarizes a restore, leaving out what is zero', () => {
    expect(summarize({ modified: 2, created: 0, deleted: 1 })).toBe('2 modified, 1 deleted');
    expect(summarize({ modified: 0, created: 0, deleted: 0 })).toBe('no files changed');
  });

  it('describes progress, with a fraction only when the total is known', () => {
    const scanning = { operation: 'create', phase: 'scanning' as const, done: 1200, total: 0 };
    expect(progressText(scanning)).toMatch(/^Checkpoint: Scanning 1,?200 files…$/);
    expect(progressFraction(scanning)).toBeNull();
    const hashing = { operation: 'create', phase: 'hashing' as const, done: 50, total: 200 };
    expect(progressFraction(hashing)).toBe(0.25);
    expect(progressText({ operation: 'restore', phase: 'restoring', done: 3, total: 10 })).toBe('Restore: Restoring 3 / 10…');
  });

  it('knows which answers depend on the workspace now (refreshed when files change)', () => {
    expect(dependsOnNow(['checkpoints.diff', 'a', 'now'])).toBe(true);
    expect(dependsOnNow(['checkpoints.diff', 'a', 'b'])).toBe(false);
    expect(dependsOnNow(['checkpoints.fileAt', 'now', 'x.ts'])).toBe(true);
    expect(dependsOnNow(['checkpoints.fileAt', 'a', 'x.ts'])).toBe(false);
    expect(dependsOnNow(['checkpoints.preview', 'a', null])).toBe(true);
    expect(dependsOnNow(['checkpoints.show', 'a'])).toBe(false);
  });
});
