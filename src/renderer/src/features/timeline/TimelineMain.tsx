import type { ReactNode } from 'react';
import { CheckpointDetail, type CheckpointDiffView } from './CheckpointDetail';
import { useTimelineStore } from './timelineStore';

/**
 * The main area while the Timeline is shown: the selected checkpoint's detail and its diff (CheckpointDetail), or
 * `otherwise` (the editor) when none is selected. App gives the diff viewer (features/editor, which imports the
 * Timeline) and how to show a forked session (features/agent), so the Timeline imports neither.
 */
export function TimelineMain({ diffView, otherwise, openSession }: { diffView: CheckpointDiffView; otherwise: ReactNode; openSession(sessionId: string): void }) {
  const items = useTimelineStore((s) => s.items);
  const record = useTimelineStore((s) => (s.selectedId ? s.items.find((r) => r.checkpointId === s.selectedId) : undefined));
  if (!record) return <>{otherwise}</>;
  return <CheckpointDetail key={record.checkpointId} record={record} items={items} diffView={diffView} openSession={openSession} />;
}
