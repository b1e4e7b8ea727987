import { type PaymentPeer, PeerUnavailableError } from './peer-unavailable-error.ts';

/** Tries per call: the first and one retry, with the same request (and idempotency key). */
const PEER_ATTEMPTS = 2;
const PAUSE_MS = 300;

/** Node's and undici's codes for a connection that failed or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);
/** ethers' codes for a JSON-RPC endpoint that did not answer usefully (not a chain answer). */
const ETHERS_CODES = new Set(['TIMEOUT', 'NETWORK_ERROR', 'SERVER_ERROR']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The outage `error` stands for, if it is one: a timeout, a refused or broken connection, a 5xx. */
function asUnavailable(peer: PaymentPeer, error: unknown): PeerUnavailableError | undefined {
  if (error instanceof PeerUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return new PeerUnavailableError(peer, 'timed out', { cause: error });
  }
  const code = codeOf(error) ?? codeOf(error.cause);
  const nested = (error.cause as { cause?: unknown } | undefined)?.cause;
  if (
    (code && (NETWORK_CODES.has(code) || ETHERS_CODES.has(code))) ||
    (codeOf(nested) && NETWORK_CODES.has(codeOf(nested) ?? '')) ||
    // fetch's own failure ("fetch failed"), whatever the socket said.
    (error instanceof TypeError && error.message === 'fetch failed')
  ) {
    return new PeerUnavailableError(peer, code ?? error.message, { cause: error });
  }
  return undefined;
}

/**
 * One call to a payment peer with a tight time limit and bounded retries: `run` gets the attempt's
 * abort signal (`timeoutMs`) and is run again once after a timeout, a refused or broken connection
 * or a 5xx (thrown as PeerUnavailableError), so it must send the same request, with the same
 * idempotency key. Any other error is the peer's answer and is thrown at once. After the last try,
 * throws PeerUnavailableError.
 */
export async function callPeer<T>(
  peer: PaymentPeer,
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let last: PeerUnavailableError | undefined;
  for (let attempt = 1; attempt <= PEER_ATTEMPTS; attempt++) {
    try {
      return await run(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      const unavailable = asUnavailable(peer, error);
      if (!unavailable) throw error;
      last = unavailable;
      if (attempt < PEER_ATTEMPTS) await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  }
  throw last ?? new PeerUnavailableError(peer, 'no attempt made');
}
