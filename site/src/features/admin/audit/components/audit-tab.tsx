import { AuditPanel } from './audit-panel';

/** Audit tab: the audit trail, filtered by person, kind and days, each entry linked to its object. */
export function AuditTab() {
  return <AuditPanel />;
}
