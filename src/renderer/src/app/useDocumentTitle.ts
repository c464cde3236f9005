import { useEffect } from 'react';
import type { WorkspaceSummaryT } from '../../../shared/contract';

/** The page's title: `<folder> — Akira`, or `Akira` with no folder open (the desktop window's title says the same). */
export function useDocumentTitle(workspace: WorkspaceSummaryT | null): void {
  const title = workspace ? `${workspace.name} — Akira` : 'Akira';
  useEffect(() => {
    document.title = title;
  }, [title]);
}
