import { describe, expect, it } from 'vitest';
import { ClientError } from '../../client/client';
import { busyParams, busyTitle, sharedTreeBusyOf, taskLine } from './busyQuestion';

const sessions = [{ sessionId: 's1', task: 'Write the docs' }];

describe('the busy-workspace question', () => {
  it('is asked for a conflict that names the sessions in the shared tree, not for other errors', () => {
    expect(sharedTreeBusyOf(new ClientError('conflict', 'busy', { sharedTreeBusy: { sessions } }))).toEqual(sessions);
    expect(sharedTreeBusyOf(new ClientError('conflict', 'paused'))).toBeNull();
    expect(sharedTreeBusyOf(new ClientError('bad_request', 'x', { sharedTreeBusy: { sessions } }))).toBeNull();
    expect(sharedTreeBusyOf(new Error('boom'))).toBeNull();
  });

  it('sends the answer as whenBusy, the worktree as isolation; cancel sends nothing', () => {
    expect(busyParams('queue')).toEqual({ whenBusy: 'queue' });
    expect(busyParams('parallel')).toEqual({ whenBusy: 'parallel' });
    expect(busyParams('worktree')).toEqual({ isolation: 'worktree' });
    expect(busyParams('cancel')).toBeNull();
  });

  it('words the title and the tasks', () => {
    expect(busyTitle(sessions)).toBe('Another session is running in this folder');
    expect(busyTitle([...sessions, { sessionId: 's2', task: 'b' }])).toBe('2 sessions are running in this folder');
    expect(taskLine('  Fix\n  the   bug ')).toBe('Fix the bug');
    expect(taskLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(taskLine('')).toBe('(no task)');
  });
});
