/** Submissions tab: list with payment state, detail, file downloads. */
export function SubmissionsTab() {
  return null;
}
