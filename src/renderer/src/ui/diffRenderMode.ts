import { useEffect, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';

/**
 * Whether Monaco's diff editor really draws two columns. It switches to inline by itself when its pane is narrower
 * than `renderSideBySideInlineBreakpoint` (`useInlineViewWhenSpaceIsLimited`), so the Inline / Side-by-side buttons
 * follow this rather than what was asked (issue 27, defect 19). Monaco marks its root element `side-by-side` exactly
 * when it renders so (diffEditorWidget: `elements.root.classList.toggle('side-by-side', renderSideBySide)`).
 */
export function rendersSideBySide(editor: Monaco.editor.IStandaloneDiffEditor): boolean {
  return rootOf(editor).classList.contains('side-by-side');
}

/** Monaco's diff root: the container itself or its `.monaco-diff-editor` child. */
function rootOf(editor: Monaco.editor.IStandaloneDiffEditor): HTMLElement {
  const container = editor.getContainerDomNode();
  if (container.classList.contains('monaco-diff-editor')) return container;
  return container.querySelector<HTMLElement>('.monaco-diff-editor') ?? container;
}

/** Calls `onChange` with the diff editor's actual layout now and whenever Monaco changes it. */
export function watchRenderMode(editor: Monaco.editor.IStandaloneDiffEditor, onChange: (sideBySide: boolean) => void): () => void {
  const root = rootOf(editor);
  let last: boolean | null = null;
  const check = () => {
    const now = rendersSideBySide(editor);
    if (now !== last) {
      last = now;
      onChange(now);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { attributes: true, attributeFilter: ['class'] });
  check();
  return () => observer.disconnect();
}

/** The actual layout of a diff editor (null until there is one). */
export function useRenderMode(editor: Monaco.editor.IStandaloneDiffEditor | null): boolean | null {
  const [sideBySide, setSideBySide] = useState<boolean | null>(null);
  useEffect(() => {
    if (!editor) return;
    return watchRenderMode(editor, setSideBySide);
  }, [editor]);
  return sideBySide;
}
