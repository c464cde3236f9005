import { create } from 'zustand';
import type { HunkState } from './hunkStates';
import type { AgentApproval } from '../../../../shared/contract';
import { textOf } from '../../i18n';
import { reviewStrings } from './reviewStrings';
import type { ErrorWords } from '../../../../shared/errors';

/**
 * What waits for a person, across the workspace's live sessions: proposed file changes, commands and
 * reads (fed by reviewFeed.ts from `agent.onEvent` and `agent.get`), with the person's work on each
 * (their edit of the right side, the hunks they rejected) and what was decided lately.
 *
 *   useReviewStore.getState().requested(sessionId, approval, reason)   // approval_requested
 *   …resolved(sessionId, changeId, outcome)                              // approval_resolved (or our own answer)
 *   …syncSession(sessionId, approvals, since)                           // agent.get: what waits now
 *
 * It is the one answer to "what waits for a person": the Review view, the session header's "Review N changes",
 * the activity's change and approval cards and the badge all read it (`waitingIn`, `isWaiting`), so they agree.
 * A session that pauses with something waiting takes it back (its approvals end; a resume asks them again):
 * such items leave the list as `held` (`cancelled` when the session ended).
 */

export interface PendingItem {
  /** `${sessionId}/${changeId}` */
  key: string;
  sessionId: string;
  changeId: string;
  kind: AgentApproval['kind'];
  todoId: string | null;
  change?: AgentApproval['change'];
  command?: AgentApproval['command'];
  tool?: AgentApproval['tool'];
  /** A command the OS sandbox blocked: what it met, and what allowing lets through. */
  sandbox?: AgentApproval['sandbox'];
  /** The model asks to switch the session's mode (issue 25): from, to and why. */
  mode?: AgentApproval['mode'];
  /** A change to Akira's own project files (settings, modes, MCP servers, rules): what it steers. */
  protected?: string;
  /** The words of `protected` (issue 14): show it with useReasonText. */
  protectedWords?: ErrorWords;
  /** Why it asks (the policy's words). */
  reason: string | null;
  /** The words of `reason` when the policy gave them (issue 14): show it with useReasonText. */
  reasonWords?: ErrorWords;
  /** performance.now() when it arrived on the page. */
  arrivedAt: number;
  /** The right side as the person edited it; null = the agent's text. */
  edited: string | null;
  /** Keys of the hunks the person rejected (see hunks.ts). */
  rejected: string[];
  /** Keys of the hunks the person said to keep (the others are undecided: hunkStates.ts). */
  kept: string[];
  /** An answer is on its way. */
  busy: boolean;
  error: string | null;
}

export interface DecidedItem {
  key: string;
  sessionId: string;
  label: string;
  /** `held`: the session paused and asks again when it resumes; `cancelled`: it ended, or the answer came too late. */
  decision: 'approved' | 'rejected' | 'edited' | 'cancelled' | 'held';
  by: 'user' | 'policy' | 'session';
  reason: string | null;
}

export interface SessionInfo {
  task: string;
  status: string;
}

export interface ReviewState {
  items: PendingItem[];
  decided: DecidedItem[];
  sessions: Record<string, SessionInfo>;
  selectedKey: string | null;
  /** The selected hunk of the selected file change (alt+↑/↓). */
  hunkIndex: number;
  sideBySide: boolean;
  requested(sessionId: string, approval: AgentApproval, reason?: string | null, arrivedAt?: number, reasonWords?: ErrorWords): void;
  resolved(sessionId: string, changeId: string, outcome: Omit<DecidedItem, 'key' | 'sessionId' | 'label'>): void;
  /** Replaces a session's waiting items with `approvals`, keeping the person's work on those that remain; items that arrived after `since` stay. */
  syncSession(sessionId: string, approvals: AgentApproval[], since: number, info?: SessionInfo): void;
  setSession(sessionId: string, info: SessionInfo): void;
  select(key: string | null): void;
  /** Next (+1) or previous (-1) waiting item. */
  move(delta: number): void;
  setHunkIndex(i: number): void;
  setEdited(key: string, text: string | null): void;
  toggleHunk(key: string, hunkKey: string): void;
  setRejected(key: string, hunkKeys: string[]): void;
  /** Says what to do with one hunk: keep it, reject it, or take the word back (undecided). */
  decideHunk(key: string, hunkKey: string, state: HunkState): void;
  /** Keeps every hunk given. */
  keepAll(key: string, hunkKeys: string[]): void;
  setBusy(key: string, busy: boolean, error?: string | null): void;
  setSideBySide(on: boolean): void;
  reset(): void;
}

const DECIDED_KEPT = 30;
export const itemKey = (sessionId: string, changeId: string) => `${sessionId}/${changeId}`;

/** A short name for a waiting item: the file, the command or the read. */
export function itemLabel(item: Pick<PendingItem, 'kind' | 'change' | 'command' | 'tool' | 'changeId' | 'sandbox' | 'mode'>, modeName: (id: string) => string = (id) => id): string {
  if (item.mode) return `${modeName(item.mode.from)} → ${modeName(item.mode.to)}`;
  if (item.change) return item.change.path;
  if (item.command) return item.command.command;
  if (item.sandbox) return item.sandbox.command;
  if (item.tool) return `${item.tool.name} ${item.tool.input}`;
  return item.changeId;
}

function toItem(sessionId: string, a: AgentApproval, reason: string | null, arrivedAt: number, reasonWords?: ErrorWords): PendingItem {
  return {
      key: itemKey(sessionId, a.changeId),
      sessionId,
      changeId: a.changeId,
      kind: a.kind,
      todoId: a.todoId,
      ...(a.change ? { change: a.change } : {}),
      ...(a.command ? { command: a.command } : {}),
      ...(a.protected ? { protected: a.protected, ...(a.protectedWords ? { protectedWords: a.protectedWords } : {}) } : {}),
      ...(a.tool ? { tool: a.tool } : {}),
      ...(a.sandbox ? { sandbox: a.sandbox } : {}),
      ...(a.mode ? { mode: a.mode } : {}),
      reason: reason ?? a.command?.reason ?? null,
      // without the notice's reason (agent.get's approvals), the command's own reason and its words speak
      ...(reason ? (reasonWords ? { reasonWords } : {}) : a.command?.reasonWords ? { reasonWords: a.command.reasonWords } : {}),
      arrivedAt,
      edited: null,
      rejected: [],
      kept: [],
      busy: false,
      error: null,
  };
}

/** After items left: keep the selection, or move it to the item now at the same place. */
function reselect(before: PendingItem[], after: PendingItem[], selectedKey: string | null): string | null {
  if (selectedKey && after.some((i) => i.key === selectedKey)) return selectedKey;
  if (!after.length) return null;
  const at = selectedKey ? before.findIndex((i) => i.key === selectedKey) : 0;
  return after[Math.min(Math.max(at, 0), after.length - 1)].key;
}

const patchItem = (items: PendingItem[], key: string, patch: (i: PendingItem) => Partial<PendingItem>) =>
  items.map((i) => (i.key === key ? { ...i, ...patch(i) } : i));

const initial = { items: [] as PendingItem[], decided: [] as DecidedItem[], sessions: {}, selectedKey: null, hunkIndex: 0 };

export const useReviewStore = create<ReviewState>((set) => {
  /** Keys answered lately: a stale `agent.get` must not bring them back. */
  const answered = new Set<string>();
  return {
    ...initial,
    sideBySide: true,
    requested: (sessionId, approval, reason = null, arrivedAt = performance.now(), reasonWords) =>
      set((s) => {
        const key = itemKey(sessionId, approval.changeId);
        answered.delete(key);
        if (s.items.some((i) => i.key === key)) return s;
        const items = [...s.items, toItem(sessionId, approval, reason, arrivedAt, reasonWords)];
        // Asked again (a resumed session): it waits, so it is no longer listed as held.
        const decided = s.decided.some((d) => d.key === key && d.decision === 'held') ? s.decided.filter((d) => !(d.key === key && d.decision === 'held')) : s.decided;
        return { items, decided, selectedKey: s.selectedKey ?? key, hunkIndex: s.selectedKey ? s.hunkIndex : 0 };
      }),
    resolved: (sessionId, changeId, outcome) =>
      set((s) => {
        const key = itemKey(sessionId, changeId);
        answered.add(key);
        const gone = s.items.find((i) => i.key === key);
        if (!gone) return s;
        const items = s.items.filter((i) => i.key !== key);
        const decided = [...s.decided, { key, sessionId, label: itemLabel(gone), ...outcome }].slice(-DECIDED_KEPT);
        const selectedKey = reselect(s.items, items, s.selectedKey);
        return { items, decided, selectedKey, hunkIndex: selectedKey === s.selectedKey ? s.hunkIndex : 0 };
      }),
    syncSession: (sessionId, approvals, since, info) =>
      set((s) => {
        const now = new Map(approvals.map((a) => [itemKey(sessionId, a.changeId), a]));
        const kept = s.items.filter((i) => i.sessionId !== sessionId || now.has(i.key) || i.arrivedAt > since);
        const known = new Set(kept.map((i) => i.key));
        const added = [...now.entries()].filter(([key]) => !known.has(key) && !answered.has(key)).map(([, a]) => toItem(sessionId, a, null, performance.now()));
        const items = [...kept, ...added];
        const status = info?.status ?? s.sessions[sessionId]?.status;
        const held = status === 'paused' || status === 'interrupted';
        const cancelled: DecidedItem[] = s.items
          .filter((i) => !kept.includes(i))
          .map((i) => ({
            key: i.key,
            sessionId,
            label: itemLabel(i),
            decision: held ? 'held' : 'cancelled',
            by: 'session',
            reason: held ? textOf(reviewStrings).heldReason : textOf(reviewStrings).cancelledReason,
          }));
        const selectedKey = reselect(s.items, items, s.selectedKey);
        return {
          items,
          decided: cancelled.length ? [...s.decided, ...cancelled].slice(-DECIDED_KEPT) : s.decided,
          selectedKey,
          hunkIndex: selectedKey === s.selectedKey ? s.hunkIndex : 0,
          sessions: info ? { ...s.sessions, [sessionId]: info } : s.sessions,
        };
      }),
    setSession: (sessionId, info) => set((s) => ({ sessions: { ...s.sessions, [sessionId]: info } })),
    select: (key) => set((s) => (s.selectedKey === key ? s : { selectedKey: key, hunkIndex: 0 })),
    move: (delta) =>
      set((s) => {
        if (!s.items.length) return s;
        const at = s.items.findIndex((i) => i.key === s.selectedKey);
        const next = at < 0 ? 0 : Math.min(Math.max(at + delta, 0), s.items.length - 1);
        return s.items[next].key === s.selectedKey ? s : { selectedKey: s.items[next].key, hunkIndex: 0 };
      }),
    setHunkIndex: (hunkIndex) => set({ hunkIndex: Math.max(0, hunkIndex) }),
    setEdited: (key, text) => set((s) => ({ items: patchItem(s.items, key, (i) => ({ edited: text !== null && text === (i.change?.after ?? '') ? null : text })) })),
    toggleHunk: (key, hunkKey) =>
      set((s) => ({
        items: patchItem(s.items, key, (i) =>
          i.rejected.includes(hunkKey)
            ? { rejected: i.rejected.filter((k) => k !== hunkKey), kept: [...(i.kept ?? []), hunkKey] }
            : { rejected: [...i.rejected, hunkKey], kept: (i.kept ?? []).filter((k) => k !== hunkKey) },
        ),
      })),
    setRejected: (key, hunkKeys) =>
      set((s) => ({ items: patchItem(s.items, key, (i) => ({ rejected: [...new Set(hunkKeys)], kept: (i.kept ?? []).filter((k) => !hunkKeys.includes(k)) })) })),
    decideHunk: (key, hunkKey, state) =>
      set((s) => ({
        items: patchItem(s.items, key, (i) => ({
          rejected: state === 'rejected' ? [...new Set([...i.rejected, hunkKey])] : i.rejected.filter((k) => k !== hunkKey),
          kept: state === 'kept' ? [...new Set([...(i.kept ?? []), hunkKey])] : (i.kept ?? []).filter((k) => k !== hunkKey),
        })),
      })),
    keepAll: (key, hunkKeys) => set((s) => ({ items: patchItem(s.items, key, () => ({ rejected: [], kept: [...new Set(hunkKeys)] })) })),
    setBusy: (key, busy, error = null) => set((s) => ({ items: patchItem(s.items, key, () => ({ busy, error })) })),
    setSideBySide: (sideBySide) => set({ sideBySide }),
    reset: () => {
      answered.clear();
      set({ ...initial });
    },
  };
});

export type ReviewStore = typeof useReviewStore;

/** What waits in one session (the header's count, the activity's cards). */
export const waitingIn = (items: readonly PendingItem[], sessionId: string | null): PendingItem[] => items.filter((i) => i.sessionId === sessionId);

/** Whether this approval of this session waits for a person now. */
export const isWaiting = (s: Pick<ReviewState, 'items'>, sessionId: string, changeId: string): boolean => s.items.some((i) => i.key === itemKey(sessionId, changeId));

/** The waiting item that is selected, if any. */
export const selectedItem = (s: Pick<ReviewState, 'items' | 'selectedKey'>): PendingItem | null => s.items.find((i) => i.key === s.selectedKey) ?? null;
