import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * An SMTP server of the test's own making (one that breaks, stalls or only counts): each message
 * is taken whole, then `onMessage` is told its recipients and answers it (`done`) or not. Served
 * on a free loopback port; answers the server, its URL and how to close it.
 */
export async function serveSmtp(
  onMessage: (to: string[], session: SMTPServerSession, done: () => void) => void,
) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () =>
        onMessage(
          session.envelope.rcptTo.map((r) => r.address),
          session,
          () => callback(),
        ),
      );
    },
  });
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
    server,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
