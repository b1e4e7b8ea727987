/** Events tab: event cards with edit and delete, the create/edit modal. */
export function EventsTab() {
  return null;
}
