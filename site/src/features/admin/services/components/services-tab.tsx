import { ServicesPanel } from './services-panel';

/** Services tab: both prices side by side, mismatches flagged, edit. */
export function ServicesTab() {
  return <ServicesPanel />;
}
