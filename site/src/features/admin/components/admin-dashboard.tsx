import { PageShell } from '../../../components/ui/page-shell';

/**
 * The admin dashboard (tabs Orders, Events, Mass Email in a later issue). Written once here and
 * also mounted by the desktop console, so it must not depend on the site's routes.
 */
export function AdminDashboard() {
  return <PageShell title="Admin Dashboard" />;
}
