/** Placeholder while the section is built. */
export function ContactSection() {
  return null;
}
