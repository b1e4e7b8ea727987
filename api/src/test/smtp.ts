import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface ReceivedMail extends ParsedMail {
  /** Addresses from the SMTP envelope (RCPT TO), which is who really gets it. */
  rcpt: string[];
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** A reply that refuses a recipient: e.g. `{ code: 451, message: 'Try again later' }`. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server on loopback that parses and keeps every message it receives. `refuse`
 * (a 550 for the addresses it names) and `setRefusal` (any reply, changed while the server
 * runs: a 451 greylisting phase, a recipient refused N times) make it refuse at RCPT TO.
 */
export async function startSmtpServer(
  options: {
    refuse?: (address: string) => boolean;
    /** Close after the test file (default). False outside a test file, e.g. in a global setup. */
    autoClose?: boolean;
    /** Listen on this port (a server started again where a stopped one was); default a free one. */
    port?: number;
  } = {},
) {
  /** accept: keep and answer 250; drop: read the message, then cut the connection; stall: never answer. */
  let dataMode: 'accept' | 'drop' | 'stall' = 'accept';
  const dropSocket = (sessionId: string) => {
    // smtp-server keeps its connections (each with the session's id) on `connections`.
    const open = (
      server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }
    ).connections;
    for (const connection of open) if (connection.id === sessionId) connection._socket.destroy();
  };
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusal: ((address: string) => Refusal | undefined) | undefined;
  /** How many RCPT TO this server refused, by address. */
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        refused.set(address.address, (refused.get(address.address) ?? 0) + 1);
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      const reply = refusal?.(address.address);
      if (reply) {
        refused.set(address.address, (refused.get(address.address) ?? 0) + 1);
        return callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      if (dataMode === 'drop') {
        // The message is read whole, then the connection dies before the reply: the client
        // cannot know whether it was taken.
        stream.resume();
        stream.on('end', () => session && dropSocket(session.id));
        return;
      }
      if (dataMode === 'stall') {
        stream.resume();
        return; // never answers
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(
            Object.assign(mail, {
              rcpt: session.envelope.rcptTo.map((r) => r.address),
              at: Date.now(),
            }),
          );
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A client killed mid-send (the fault tests kill the API) resets its connection; smtp-server
  // reports that as an 'error' event, which with no listener would crash the test run.
  server.on('error', () => {});
  const port = await new Promise<number>((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  if (options.autoClose !== false) afterAll(close);

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close,
    refused,
    /** What the server does with a message's data from now on (see `dataMode`). */
    setDataMode(mode: 'accept' | 'drop' | 'stall') {
      dataMode = mode;
    },
    port,
    /** Replaces the refusal rule (undefined: accept everyone again). */
    setRefusal(rule: ((address: string) => Refusal | undefined) | undefined) {
      refusal = rule;
    },
    /** Mails so far sent to `address`. */
    to(address: string) {
      return received.filter((m) => m.rcpt.includes(address));
    },
    /** Waits for the first mail that `matches` (or fails after `timeoutMs`). */
    async waitForMail(
      matches: (mail: ReceivedMail) => boolean,
      timeoutMs = 5000,
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('the expected mail did not arrive');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Waits until `count` mails reached `address` (or fails after `timeoutMs`). */
    async waitFor(address: string, count = 1, timeoutMs = 5000): Promise<ReceivedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (this.to(address).length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} mail(s) to ${address}, got ${this.to(address).length}`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return this.to(address);
    },
  };
}

export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** A header's raw value as sent (mailparser structures some, e.g. List-*). */
export function rawHeader(mail: ParsedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/**
 * A mail server that accepts connections and never says a word (no greeting): the client's
 * timeouts are all that end a send. Answers its URL and how many connections it took.
 */
export async function startSilentSmtpServer(options: { autoClose?: boolean } = {}) {
  const { createServer } = await import('node:net');
  const sockets = new Set<import('node:net').Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  if (options.autoClose !== false) afterAll(close);
  return { url: `smtp://127.0.0.1:${port}`, close, connections: () => connections };
}
