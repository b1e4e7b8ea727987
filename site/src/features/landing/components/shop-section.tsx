/** Placeholder while the section is built. */
export function ShopSection() {
  return null;
}
