import { SubmissionsPanel } from './submissions-panel';

/** Submissions tab: list with payment state, detail, file downloads. */
export function SubmissionsTab() {
  return <SubmissionsPanel />;
}
