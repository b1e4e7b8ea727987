/** Placeholder while the section is built. */
export function NewsletterBox() {
  return null;
}
