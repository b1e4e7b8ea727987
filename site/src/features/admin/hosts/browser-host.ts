import { customerMessages } from '@studio/shared/messages/customers';
import { storedToken } from '../../../lib/api-client';
import type { AuthStore } from '../../auth/auth-store';
import type { AdminHost } from '../host';

/** Reads a file the admin picks in the browser's own file dialog. */
function pickInBrowser(extensions: string[]): Promise<{ name: string; text: string } | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = extensions.map((e) => `.${e}`).join(',');
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return resolve(null);
      file.text().then(
        (text) => resolve({ name: file.name, text }),
        () => resolve(null),
      );
    });
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}

/**
 * Hands a signed export link to the browser's own download (its progress, straight to disk): the
 * API answers it with Content-Disposition: attachment, so the page stays where it is.
 */
function followDownloadLink(href: string) {
  const a = document.createElement('a');
  a.href = href;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The dashboard at /admin: same-origin API, the site's session, the browser's print dialog. */
export function browserHost({
  auth,
  onLoggedOut,
}: {
  auth: AuthStore;
  /** Where to go once signed out (the site navigates to /login). */
  onLoggedOut: () => void;
}): AdminHost {
  let roleLost = false;
  return {
    kind: 'browser',
    apiBase: window.location.origin,
    token: storedToken,
    adminName: () => auth.getState().user?.firstName ?? null,
    async logout() {
      await auth.logout();
      onLoggedOut();
    },
    // Once signed out (the role lost, or an earlier 401), a late 401 of a call still in flight
    // changes nothing: it would replace the reason shown at sign-in with "session expired".
    sessionExpired() {
      if (roleLost || auth.getState().token === null) return;
      auth.expire();
    },
    adminRoleLost() {
      if (roleLost || auth.getState().token === null) return;
      roleLost = true;
      void auth.logout(customerMessages.adminRevoked).then(onLoggedOut);
    },
    async printReport() {
      window.print();
    },
    pickTextFile: ({ extensions }) => pickInBrowser(extensions),
    // The admin's token lives in localStorage, which a navigation does not send: a signed link
    // the browser follows saves the export natively, in constant memory (decision 034).
    async saveExport({ link }) {
      followDownloadLink(await link());
      return { outcome: 'started' };
    },
  };
}
