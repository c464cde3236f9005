import { create } from 'zustand';
import type { SpecSummaryT } from '../../../../shared/contract';

export type SpecSourceRef = Pick<SpecSummaryT, 'source' | 'name'>;

interface SpecsState {
  /** The spec shown in the main area (the list in the sidebar selects it). */
  selected: SpecSourceRef | null;
  select(ref: SpecSourceRef | null): void;
}

export const useSpecsStore = create<SpecsState>((set) => ({
  selected: null,
  select: (selected) => set({ selected }),
}));

export const sameSpec = (a: SpecSourceRef | null, b: SpecSourceRef | null) => !!a && !!b && a.source === b.source && a.name === b.name;
