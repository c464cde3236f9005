import { create } from 'zustand';

/** The commit box's draft (message, amend), kept while the Changes view is closed. */
interface CommitDraft {
  message: string;
  amend: boolean;
  setMessage(message: string): void;
  setAmend(amend: boolean): void;
  clear(): void;
}

export const useCommitDraft = create<CommitDraft>((set) => ({
  message: '',
  amend: false,
  setMessage: (message) => set({ message }),
  setAmend: (amend) => set({ amend }),
  clear: () => set({ message: '', amend: false }),
}));
