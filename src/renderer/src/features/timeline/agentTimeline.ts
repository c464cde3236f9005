import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { AgentEventType, AgentSessionDetail, AgentStatus, CheckpointRecordT } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { useEvent } from '../../client/ClientContext';
import { formatsNow, textOf } from '../../i18n';
import { restoreStrings } from './restoreStrings';
import { timelineStrings } from './timelineStrings';

/**
 * The agent's side of the Timeline: its checkpoints are grouped under their session and TODO
 * (timelineRows.ts makes the rows; this names them and remembers which groups are collapsed), and an
 * agent checkpoint can be restored as files, conversation (agent.rewind) or both, or forked
 * (agent.fork): see useAgentRestore.ts.
 */

export type RestoreMode = 'files' | 'conversation' | 'both';

/** The choices, in the UI's language of the call. */
export function restoreModes(): { mode: RestoreMode; label: string; hint: string }[] {
  const t = textOf(restoreStrings);
  return [
    { mode: 'files', label: t.modeFiles, hint: t.modeFilesHint },
    { mode: 'conversation', label: t.modeConversation, hint: t.modeConversationHint },
    { mode: 'both', label: t.modeBoth, hint: t.modeBothHint },
  ];
}

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
  const t = textOf(timelineStrings);
  const title = session ? t.session(clip(session.task.replace(/\s+/g, ' ').trim(), 80)) : t.sessionById(sessionId.slice(0, 8));
  if (todoId === null) return { session: title, todo: t.startOfSession };
  const todo = session?.todos.find((x) => x.id === todoId);
  return { session: title, todo: todo ? t.todo(todoId, clip(todo.description.replace(/\s+/g, ' ').trim(), 100)) : t.todoById(todoId) };
}

/** What a restore of an agent checkpoint will do, in words for the dialog's button and note. */
export function restorePlan(mode: RestoreMode, files: number, status: AgentStatus | undefined) {
  const rewinds = mode !== 'files';
  const restoresFiles = mode !== 'conversation' && files > 0;
  const pauses = rewinds && !!status && ACTIVE.includes(status);
  const t = textOf(restoreStrings);
  const shown = formatsNow().number(files);
  const button =
    restoresFiles && rewinds
      ? t.planRestoreAndRewind(files, shown)
      : restoresFiles
        ? t.planRestoreFiles(files, shown)
        : rewinds
          ? t.planRewind
          : t.planNothing;
  return {
    restoresFiles,
    rewinds,
    pauses,
    button,
    note: pauses ? t.pauseNote : null,
    undo: undoWords(restoresFiles, rewinds),
  };
}

/** How the restore the dialog is about to do can be undone, in its words: only what is true (the banner's Undo does it). */
export function undoWords(restoresFiles: boolean, rewinds: boolean): string {
  const t = textOf(restoreStrings);
  if (restoresFiles && rewinds) return t.undoBoth;
  if (rewinds) return t.undoRewind;
  return t.undoFiles;
}
