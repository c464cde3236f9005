import { describe, expect, it } from 'vitest';
import { agentOf, groupTitle, restorePlan } from './agentTimeline';
import { record } from '../../../../testing/checkpointRecords';

const SESSION = '3b241101-e2bb-4255-8caf-4136c566a962';
const session = {
  task: 'Write   a.txt\nand b.txt',
  todos: [{ id: 't1', description: 'Create a.txt saying alpha' }, { id: 't2', description: 'Create b.txt' }] as never,
};

describe('agent checkpoints in the Timeline', () => {
  it('names a group by its session task and TODO, falling back to ids while the session is unknown', () => {
    expect(groupTitle(session, SESSION, 't1')).toEqual({ session: 'Session: Write a.txt and b.txt', todo: 'TODO t1 Create a.txt saying alpha' });
    expect(groupTitle(session, SESSION, null)).toEqual({ session: 'Session: Write a.txt and b.txt', todo: 'start of the session' });
    expect(groupTitle(session, SESSION, 't9').todo).toBe('TODO t9');
    expect(groupTitle(undefined, SESSION, 't2')).toEqual({ session: 'Session 3b241101', todo: 'TODO t2' });
    expect(groupTitle({ task: 'x'.repeat(200), todos: [] }, SESSION, 't1').session).toHaveLength('Session: '.length + 80);
  });

  it('says what a restore will do for each choice, and pauses a running session first', () => {
    expect(restorePlan('files', 3, 'running')).toMatchObject({ restoresFiles: true, rewinds: false, pauses: false, button: 'Restore 3 files', note: null });
    expect(restorePlan('conversation', 3, 'paused')).toMatchObject({ restoresFiles: false, rewinds: true, pauses: false, button: 'Rewind the session' });
    expect(restorePlan('both', 1, 'completed')).toMatchObject({ restoresFiles: true, rewinds: true, button: 'Restore 1 file and rewind' });
    expect(restorePlan('both', 0, 'paused').button).toBe('Rewind the session');
    const running = restorePlan('both', 2, 'waiting_approval');
    expect(running.pauses).toBe(true);
    expect(running.note).toMatch(/paused first/);
    expect(restorePlan('files', 0, 'paused').button).toBe('Nothing to restore');
    // What Undo will do, as the banner's Undo does it.
    expect(restorePlan('files', 3, 'paused').undo).toMatch(/^The current state is checkpointed first/);
    expect(restorePlan('conversation', 3, 'paused').undo).toBe('Files are not touched: Undo in the banner afterwards puts the session back as it is now.');
    expect(restorePlan('both', 2, 'paused').undo).toMatch(/puts the files and the session back/);
    expect(restorePlan('both', 0, 'paused').undo).toMatch(/^Files are not touched/);
  });

  it('knows an agent checkpoint by its origin and session', () => {
    expect(agentOf(record(1, { origin: 'agent', sessionId: SESSION, todoId: 't2' }))).toEqual({ sessionId: SESSION, todoId: 't2' });
    expect(agentOf(record(1, { origin: 'agent', sessionId: SESSION }))).toEqual({ sessionId: SESSION, todoId: null });
    expect(agentOf(record(1, { origin: 'manual', sessionId: SESSION }))).toBeUndefined();
    expect(agentOf(record(1, { origin: 'agent' }))).toBeUndefined();
  });
});
