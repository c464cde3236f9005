import { create } from 'zustand';
import type { TerminalFlowState, TerminalOwner } from '../../../../shared/contract';

/** One tab of the terminal panel. */
export interface TerminalTab {
  terminalId: string;
  /** The shell's name, or the title the shell set (OSC 0/2). */
  title: string;
  exited: boolean;
  exitCode: number | null;
  /** A command the agent ran: its session and TODO (the tab says so, issue 27 defect 18). */
  owner?: TerminalOwner;
  /** Set while the core waits for this page to read the output (terminal.onFlow); unset while it flows. */
  flow?: Exclude<TerminalFlowState, 'flowing'>;
}

export type TerminalPhase = 'idle' | 'loading' | 'ready' | 'error';

interface TerminalState {
  phase: TerminalPhase;
  error: string | null;
  tabs: TerminalTab[];
  activeId: string | null;
  /** A view that should take the keyboard focus once (after the user opened or picked it). */
  focusId: string | null;
  /** Bumped when every view must re-attach (after a reconnect: output was missed). */
  epoch: number;
  /** The size the visible terminal was fitted to; new shells start with it. */
  lastSize: { cols: number; rows: number } | null;
  setPhase(phase: TerminalPhase, error?: string | null): void;
  setTabs(tabs: TerminalTab[]): void;
  add(tab: TerminalTab, focus: boolean): void;
  remove(terminalId: string): void;
  activate(terminalId: string, focus?: boolean): void;
  focused(): void;
  setTitle(terminalId: string, title: string): void;
  markExited(terminalId: string, exitCode: number): void;
  setFlow(terminalId: string, state: TerminalFlowState): void;
  bumpEpoch(): void;
  setLastSize(size: { cols: number; rows: number }): void;
  reset(): void;
}

const initial = { phase: 'idle' as TerminalPhase, error: null, tabs: [], activeId: null, focusId: null, epoch: 0, lastSize: null };

function patchTab(tabs: TerminalTab[], terminalId: string, patch: Partial<TerminalTab>): TerminalTab[] {
  return tabs.map((t) => (t.terminalId === terminalId ? { ...t, ...patch } : t));
}

export const useTerminalStore = create<TerminalState>((set) => ({
  ...initial,
  setPhase: (phase, error = null) => set({ phase, error }),
  setTabs: (tabs) =>
    set((s) => ({
      tabs,
      activeId: tabs.some((t) => t.terminalId === s.activeId) ? s.activeId : (tabs.at(-1)?.terminalId ?? null),
    })),
  add: (tab, focus) =>
    set((s) => ({
      tabs: [...s.tabs.filter((t) => t.terminalId !== tab.terminalId), tab],
      activeId: tab.terminalId,
      focusId: focus ? tab.terminalId : s.focusId,
    })),
  remove: (terminalId) =>
    set((s) => {
      const index = s.tabs.findIndex((t) => t.terminalId === terminalId);
      if (index < 0) return s;
      const tabs = s.tabs.filter((t) => t.terminalId !== terminalId);
      const neighbour = tabs[Math.min(index, tabs.length - 1)]?.terminalId ?? null;
      const activeId = s.activeId === terminalId ? neighbour : s.activeId;
      return { tabs, activeId, focusId: s.activeId === terminalId ? neighbour : s.focusId };
    }),
  activate: (terminalId, focus = true) => set((s) => ({ activeId: terminalId, focusId: focus ? terminalId : s.focusId })),
  focused: () => set({ focusId: null }),
  setTitle: (terminalId, title) => set((s) => ({ tabs: patchTab(s.tabs, terminalId, { title }) })),
  markExited: (terminalId, exitCode) =>
    set((s) => ({ tabs: patchTab(s.tabs, terminalId, { exited: true, exitCode }) })),
  setFlow: (terminalId, state) => set((s) => ({ tabs: patchTab(s.tabs, terminalId, { flow: state === 'flowing' ? undefined : state }) })),
  bumpEpoch: () => set((s) => ({ epoch: s.epoch + 1 })),
  setLastSize: (lastSize) => set({ lastSize }),
  reset: () => set(initial),
}));
