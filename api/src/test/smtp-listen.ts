import type { SMTPServer } from 'smtp-server';

/**
 * Serves an SMTP server of the test's own making (one that breaks, stalls or only counts) on a
 * free loopback port; answers its URL and how to close it.
 */
export async function listenSmtp(server: SMTPServer) {
  // A client that goes away mid-send resets its connection: smtp-server reports that as an
  // 'error' event, which with no listener would crash the run.
  server.on('error', () => {});
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
