import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../client/ClientContext';
import { checkpointName } from '../timeline/checkpointNames';
import { fileAtQuery } from '../timeline/timelineQueries';
import { useTimelineStore } from '../timeline/timelineStore';
import { useNowRefresh } from '../timeline/useTimelineSync';
import { DiffViewer, type DiffSides } from './DiffViewer';
import type { DiffLayout } from '../../ui/DiffLayoutButton';
import { editorStrings } from './editorStrings';
import { useText } from '../../i18n';

/** Above this size (both sides together) the diff is not shown, as for git diffs. */
const TOO_LARGE_BYTES = 5 * 1024 * 1024;

/** Both sides of a file between two checkpoints (`from` null: before the first one; `to` may be 'now'). */
function useSides(path: string, from: string | null, to: string) {
  const client = useClient();
  const left = useQuery({ ...fileAtQuery(client, from ?? '', path), enabled: from !== null });
  const right = useQuery(fileAtQuery(client, to, path));
  const error = left.error ?? right.error;
  const leftReady = from === null || !!left.data;
  if (!leftReady || !right.data) return { sides: undefined, error, left: left.data, right: right.data };
  const l = from === null ? null : left.data!;
  const r = right.data;
  const sides: DiffSides = {
    original: l?.exists ? l.text : null,
    modified: r.exists ? r.text : null,
    binary: !!l?.binary || r.binary,
    tooLarge: (l?.size ?? 0) + r.size > TOO_LARGE_BYTES,
  };
  return { sides, error, left: l, right: r };
}

function useName(id: string | null): string {
  const t = useText(editorStrings);
  const record = useTimelineStore((s) => (id ? s.items.find((r) => r.checkpointId === id) : undefined));
  return id === null ? t.beforeFirstCheckpoint : checkpointName(id, record);
}

/** The editor header's words for a checkpoint diff: what is compared with what, and new/deleted. */
export function CheckpointDiffTag({ path, from, to }: { path: string; from: string | null; to: string }) {
  const t = useText(editorStrings);
  const { sides } = useSides(path, from, to);
  const fromName = useName(from);
  const toName = useName(to);
  return (
    <>
      {sides && sides.original === null && sides.modified !== null && <span className="tag tag-added">{t.newFile}</span>}
      {sides && sides.original !== null && sides.modified === null && <span className="tag tag-deleted">{t.deleted}</span>}
      <span className="tag" data-testid="checkpoint-diff-sides" title={t.sidesTitle(fromName, toName)}>
        {from === null ? t.nothing : fromName} ↔ {toName}
      </span>
    </>
  );
}

/** A file between two checkpoints (or a checkpoint and now) in the shared Monaco diff viewer. */
export function CheckpointDiffViewer({ path, from, to, sideBySide, onLayout }: { path: string; from: string | null; to: string; sideBySide: boolean; onLayout?(layout: DiffLayout): void }) {
  const t = useText(editorStrings);
  const { sides, error } = useSides(path, from, to);
  useNowRefresh();
  return (
    <DiffViewer
      path={path}
      sideBySide={sideBySide}
      sides={sides}
      error={error}
      absentMessage={t.absentInComparison}
      onLayout={onLayout}
    />
  );
}
