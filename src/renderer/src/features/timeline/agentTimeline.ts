import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { AgentEventType, AgentSessionDetail, AgentStatus, CheckpointRecordT } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { useEvent } from '../../client/ClientContext';

/**
 * The agent's side of the Timeline: its checkpoints are grouped under their session and TODO
 * (timelineRows.ts makes the rows; this names them and remembers which groups are collapsed), and an
 * agent checkpoint can be restored as files, conversation (agent.rewind) or both, or forked
 * (agent.fork): see useAgentRestore.ts.
 */

export type RestoreMode = 'files' | 'conversation' | 'both';

export const RESTORE_MODES: { mode: RestoreMode; label: string; hint: string }[] = [
  { mode: 'files', label: 'Files only', hint: 'Put the files back as they were; the session goes on from where it is.' },
  { mode: 'conversation', label: 'Conversation only', hint: 'Rewind the session to this point (its TODO board and history); files stay as they are now.' },
  { mode: 'both', label: 'Both', hint: 'Put the files back and rewind the session to this point.' },
];

/** A session still doing something: it has to be paused before it can be rewound. */
export const ACTIVE: readonly AgentStatus[] = ['planning', 'awaiting_plan_approval', 'running', 'waiting_approval'];

interface GroupState {
  collapsed: Set<string>;
  toggle(groupId: string): void;
}

export const useAgentGroups = create<GroupState>((set) => ({
  collapsed: new Set(),
  toggle: (groupId) =>
    set((s) => {
      const collapsed = new Set(s.collapsed);
      if (!collapsed.delete(groupId)) collapsed.add(groupId);
      return { collapsed };
    }),
}));

const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

/** A session's task, status and TODOs (for group headers and the restore choices). */
export const agentSessionQuery = (client: AkiraClient, sessionId: string) => ({
  queryKey: ['timeline.agentSession', sessionId] as const,
  queryFn: () => client.invoke('agent.get', { sessionId }),
  staleTime: 30_000,
  retry,
});

/** Events after which a session's header or restore choices may read differently. */
const CHANGES = new Set<AgentEventType>([
  'plan_proposed',
  'plan_approved',
  'todo_updated',
  'todo_added',
  'todo_removed',
  'todo_reordered',
  'status_changed',
  'rollback',
  'session_completed',
  'session_failed',
  'session_stopped',
]);

export function useAgentSessionRefresh(): void {
  const queryClient = useQueryClient();
  useEvent('agent.onEvent', (event) => {
    if (CHANGES.has(event.type)) void queryClient.invalidateQueries({ queryKey: ['timeline.agentSession', event.sessionId] });
  });
}

/** The session and TODO of an agent checkpoint (for the restore dialog), or undefined. */
export function agentOf(record: Pick<CheckpointRecordT, 'origin' | 'sessionId' | 'todoId'>): { sessionId: string; todoId: string | null } | undefined {
  return record.origin === 'agent' && record.sessionId ? { sessionId: record.sessionId, todoId: record.todoId ?? null } : undefined;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "Session: Write a.txt and b.txt" and "TODO t2 Create b.txt" (or "start of the session"). */
export function groupTitle(session: Pick<AgentSessionDetail, 'task' | 'todos'> | undefined, sessionId: string, todoId: string | null) {
  const title = session ? `Session: ${clip(session.task.replace(/\s+/g, ' ').trim(), 80)}` : `Session ${sessionId.slice(0, 8)}`;
  if (todoId === null) return { session: title, todo: 'start of the session' };
  const todo = session?.todos.find((t) => t.id === todoId);
  return { session: title, todo: todo ? `TODO ${todoId} ${clip(todo.description.replace(/\s+/g, ' ').trim(), 100)}` : `TODO ${todoId}` };
}

/** What a restore of an agent checkpoint will do, in words for the dialog's button and note. */
export function restorePlan(mode: RestoreMode, files: number, status: AgentStatus | undefined) {
  const rewinds = mode !== 'files';
  const restoresFiles = mode !== 'conversation' && files > 0;
  const pauses = rewinds && !!status && ACTIVE.includes(status);
  const parts: string[] = [];
  if (restoresFiles) parts.push(`Restore ${files.toLocaleString()} file${files === 1 ? '' : 's'}`);
  if (rewinds) parts.push(parts.length ? 'rewind' : 'Rewind the session');
  return {
    restoresFiles,
    rewinds,
    pauses,
    button: parts.length ? parts.join(' and ') : 'Nothing to restore',
    note: pauses ? 'The session is running: it will be paused first, then rewound (it stays paused there; resume it to continue).' : null,
    undo: undoWords(restoresFiles, rewinds),
  };
}

/** How the restore the dialog is about to do can be undone, in its words: only what is true (the banner's Undo does it). */
export function undoWords(restoresFiles: boolean, rewinds: boolean): string {
  if (restoresFiles && rewinds) return 'The current files are checkpointed first: Undo in the banner afterwards puts the files and the session back as they are now.';
  if (rewinds) return 'Files are not touched: Undo in the banner afterwards puts the session back as it is now.';
  return 'The current state is checkpointed first: Undo in the banner afterwards puts it back.';
}
