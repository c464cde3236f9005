import { describe, expect, it } from 'vitest';
import { beforeRestoreLabel, readableLabel } from './checkpointLabels';

describe('checkpoint labels', () => {
  it('names the checkpoint a restore takes first by what it restores, undoes or redoes, without ids', () => {
    const restored = beforeRestoreLabel({ label: 'TODO t1: alpha.txt', origin: 'agent' });
    expect(restored).toBe('Before restoring TODO t1: alpha.txt');
    const undone = beforeRestoreLabel({ label: restored, origin: 'before-restore' });
    expect(undone).toBe('Before undoing the restore of TODO t1: alpha.txt');
    const redone = beforeRestoreLabel({ label: undone, origin: 'before-restore' });
    expect(redone).toBe('Before redoing the restore of TODO t1: alpha.txt');
    expect(beforeRestoreLabel({ label: redone, origin: 'before-restore' })).toBe(undone);
    expect(beforeRestoreLabel({ label: 'by hand', origin: 'manual' })).toBe('Before restoring by hand');
    // A person's label that happens to read like ours is kept as it is.
    expect(beforeRestoreLabel({ label: 'Before restoring the db', origin: 'manual' })).toBe('Before restoring Before restoring the db');
    expect(beforeRestoreLabel({ label: '', origin: 'manual' })).toBe('Before restoring a checkpoint');
  });

  it('reads older labels (ids appended, nested) the same way', () => {
    expect(readableLabel('Before restoring TODO t1: alpha.txt (0mwud4dnkdf8a0e)')).toBe('Before restoring TODO t1: alpha.txt');
    expect(readableLabel('Before restoring Before restoring TODO t1: alpha.txt (0mwud4dnkdf8a0e) (0mwud78bua6796e)')).toBe('Before undoing the restore of TODO t1: alpha.txt');
    expect(readableLabel('Before restoring Before restoring Before restoring x (0mwud4dnkdf8a0e) (0mwud78bua6796e) (0mwud78bua6796f)')).toBe('Before redoing the restore of x');
    expect(readableLabel('start of TODO t2')).toBe('start of TODO t2');
    expect(readableLabel('release (v2)')).toBe('release (v2)');
  });
});
