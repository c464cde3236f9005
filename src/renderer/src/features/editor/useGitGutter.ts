import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useClient } from '../../client/ClientContext';
import { diffQuery } from './editorQueries';
import { classifyGutter, type GutterKind } from './gitGutter';
import './gitGutter.css';

/** The wait after a keystroke before the gutter is worked out again. */
const GUTTER_DELAY_MS = 150;

const CLASS: Record<GutterKind, string> = { added: 'git-gutter-added', modified: 'git-gutter-modified', deleted: 'git-gutter-deleted' };
const RULER: Record<GutterKind, string> = { added: '#2ea043', modified: '#1b81a8', deleted: '#f85149' };

/**
 * The git gutter of the file in the editor (issue 27): its lines against HEAD (git.diff's `original`, the query the
 * diff viewer shares and git.onChanged refreshes), marked as VS Code does and kept up while the person types. Nothing
 * where HEAD has no such file: untracked or new, no repository, git missing, binary or too large.
 */
export function useGitGutter(model: Monaco.editor.ITextModel | null, path: string): void {
  const client = useClient();
  const diff = useQuery(diffQuery(client, path)).data;
  const head = diff && !diff.binary && !diff.tooLarge ? diff.original : null;
  useEffect(() => {
    if (!model || model.isDisposed()) return;
    // On the model, not the editor: whichever editor shows the buffer shows its gutter.
    let ids: string[] = [];
    const draw = () => {
      if (model.isDisposed()) return;
      ids = model.deltaDecorations(
        ids,
        classifyGutter(head, model.getValue()).map((r) => ({
          range: { startLineNumber: r.startLine, startColumn: 1, endLineNumber: r.endLine, endColumn: 1 },
          options: {
            description: `git-gutter-${r.kind}`,
            isWholeLine: true,
            linesDecorationsClassName: `git-gutter ${CLASS[r.kind]}`,
            overviewRuler: { color: RULER[r.kind], position: 1 /* OverviewRulerLane.Left */ },
          },
        })),
      );
    };
    draw();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const typed = model.onDidChangeContent(() => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(draw, GUTTER_DELAY_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      typed.dispose();
      if (!model.isDisposed()) model.deltaDecorations(ids, []);
    };
  }, [model, head]);
}
