import { RestoreDialog } from './RestoreDialog';
import { RestoreToast } from './RestoreToast';
import './timeline.css';

/** The restore dialog and banner: app-wide, so they stay up whichever view is shown. */
export function TimelineOverlays() {
  return (
    <>
      <RestoreDialog />
      <RestoreToast />
    </>
  );
}
