/** Mass Email tab: recipients, subject, message, flyer, preview, history. */
export function MassEmailTab() {
  return null;
}
