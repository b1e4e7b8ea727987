import { authMessages } from '@studio/shared/messages/auth';
import { customerMessages } from '@studio/shared/messages/customers';
import type { AdminHost } from '@studio/site/admin';
import type { StudioBridge } from '../../../preload/bridge.ts';
import { consoleApiBase, signOutOnServer } from './auth-api.ts';

export interface DesktopHostOptions {
  bridge: StudioBridge;
  token: string;
  adminName: string | null;
  /** Back to the sign-in screen, with a message when the session ended by itself. */
  onSignedOut: (notice: string | null) => void;
}

/**
 * The dashboard's host in the console: the token the main process keeps, native printing and
 * PDF saving, and local files read through the preload bridge.
 */
export function createDesktopHost({
  bridge,
  token: initialToken,
  adminName,
  onSignedOut,
}: DesktopHostOptions): AdminHost {
  let token: string | null = initialToken;
  return {
    kind: 'desktop',
    apiBase: consoleApiBase(),
    token: () => token,
    adminName: () => adminName,
    async logout() {
      const ending = token;
      token = null;
      if (ending) await signOutOnServer(ending);
      await bridge.clearSession();
      onSignedOut(null);
    },
    adminRoleLost() {
      // The console is for admins only: signed out, here and on the server, with the reason.
      const ending = token;
      if (ending === null) return;
      token = null;
      signOutOnServer(ending)
        .catch(() => {})
        .then(() => bridge.clearSession())
        .catch(() => {})
        .finally(() => onSignedOut(customerMessages.adminRevoked));
    },
    sessionExpired() {
      // Several calls may fail with 401 at once; the first one ends the session.
      if (token === null) return;
      token = null;
      bridge
        .clearSession()
        .catch(() => {})
        .finally(() => onSignedOut(authMessages.sessionExpired));
    },
    printReport: ({ title }) => bridge.printReport({ title }),
    saveReportPdf: ({ title }) => bridge.saveReportPdf({ title }),
    pickTextFile: ({ extensions }) => bridge.pickTextFile({ extensions }),
    // The main process shows the save dialog and streams the export to the file (decision 034).
    saveExport: ({ kind, query }) => bridge.saveExport({ kind, query }),
  };
}
