import { Center, Loader } from '@mantine/core';
import { authMessages } from '@studio/shared/messages/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SessionPersistence } from '../../shared/ipc.ts';
import { restoreSession } from './session/auth-api.ts';
import { createDesktopHost } from './session/desktop-host.ts';
import { ConsoleShell } from './shell/console-shell.tsx';
import { SignInScreen } from './sign-in/sign-in-screen.tsx';

type View =
  | { kind: 'starting' }
  | { kind: 'signed-out'; notice: string | null }
  | { kind: 'signed-in'; token: string; adminName: string | null };

interface Server {
  apiBase: string | null;
  persistence: SessionPersistence;
}

function SignedIn({
  token,
  adminName,
  server,
  onSignedOut,
}: {
  token: string;
  adminName: string | null;
  server: string;
  onSignedOut: (notice: string | null) => void;
}) {
  const host = useMemo(
    () => createDesktopHost({ bridge: window.studio, token, adminName, onSignedOut }),
    [token, adminName, onSignedOut],
  );
  return <ConsoleShell host={host} server={server} />;
}

/** Start-up (a kept session is checked with the server), sign-in, and the dashboard. */
export function App() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'starting' });
  const [server, setServer] = useState<Server>({ apiBase: null, persistence: 'encrypted' });

  useEffect(() => {
    let live = true;
    (async () => {
      const kept = await window.studio.getSession();
      if (!live) return;
      setServer({ apiBase: kept.apiBase, persistence: kept.persistence });
      if (!kept.token) return setView({ kind: 'signed-out', notice: null });
      const restored = await restoreSession(kept.token);
      if (!live) return;
      if (restored.kind === 'valid') {
        setView({ kind: 'signed-in', token: kept.token, adminName: restored.user.firstName });
      } else if (restored.kind === 'expired') {
        await window.studio.clearSession();
        setView({ kind: 'signed-out', notice: authMessages.sessionExpired });
      } else {
        setView({ kind: 'signed-out', notice: restored.message });
      }
    })().catch((e: unknown) => {
      setView({ kind: 'signed-out', notice: e instanceof Error ? e.message : String(e) });
    });
    return () => {
      live = false;
    };
  }, []);

  const onSignedOut = useCallback(
    (notice: string | null) => {
      // Nothing of one session's data may show in the next.
      queryClient.clear();
      setView({ kind: 'signed-out', notice });
    },
    [queryClient],
  );

  if (view.kind === 'starting') {
    return (
      <Center mih="100vh">
        <Loader aria-label="Starting" />
      </Center>
    );
  }
  if (view.kind === 'signed-out') {
    return (
      <SignInScreen
        apiBase={server.apiBase}
        persistence={server.persistence}
        notice={view.notice}
        onSignedIn={async ({ token, adminName }) => {
          const kept = await window.studio.getSession();
          setServer({ apiBase: kept.apiBase, persistence: kept.persistence });
          setView({ kind: 'signed-in', token, adminName });
        }}
      />
    );
  }
  return (
    <SignedIn
      token={view.token}
      adminName={view.adminName}
      server={server.apiBase ?? ''}
      onSignedOut={onSignedOut}
    />
  );
}
