import { storedToken } from '../../../lib/api-client';
import type { AuthStore } from '../../../lib/auth/auth-store';
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

/** The dashboard at /admin: same-origin API, the site's session, the browser's print dialog. */
export function browserHost({
  auth,
  onLoggedOut,
}: {
  auth: AuthStore;
  /** Where to go once signed out (the site navigates to /login). */
  onLoggedOut: () => void;
}): AdminHost {
  return {
    kind: 'browser',
    apiBase: window.location.origin,
    token: storedToken,
    adminName: () => auth.getState().user?.firstName ?? null,
    async logout() {
      await auth.logout();
      onLoggedOut();
    },
    sessionExpired: () => auth.expire(),
    async printReport() {
      window.print();
    },
    pickTextFile: ({ extensions }) => pickInBrowser(extensions),
  };
}
