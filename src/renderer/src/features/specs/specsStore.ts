import { create } from 'zustand';
import type { SpecSummaryT } from '../../../../shared/contract';

export type SpecSourceRef = Pick<SpecSummaryT, 'source' | 'name'>;

interface SpecsState {
  /** The spec shown in the main area (the list in the sidebar selects it). */
  selected: SpecSourceRef | null;
  /** tasks.md path → the session this window started on it last (followed until agent.list has it). */
  started: Record<string, string>;
  select(ref: SpecSourceRef | null): void;
  markStarted(tasksPath: string, sessionId: string): void;
  /** Another workspace: nothing selected, nothing started. */
  reset(): void;
}

export const useSpecsStore = create<SpecsState>((set) => ({
  selected: null,
  started: {},
  select: (selected) => set({ selected }),
  markStarted: (tasksPath, sessionId) => set((s) => ({ started: { ...s.started, [tasksPath]: sessionId } })),
  reset: () => set({ selected: null, started: {} }),
}));

export const sameSpec = (a: SpecSourceRef | null, b: SpecSourceRef | null) => !!a && !!b && a.source === b.source && a.name === b.name;
