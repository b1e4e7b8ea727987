import { paymentMessages } from '@studio/shared/messages/payments';
import { useCallback, useEffect, useRef, useState } from 'react';

/** An EIP-1193 browser wallet (MetaMask and the like) as injected into the page. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

declare global {
  interface Window {
    ethereum?: Eip1193Provider;
  }
}

export const NO_EVM_WALLET = paymentMessages.evmNotInstalled;

export interface EvmWallet {
  provider: Eip1193Provider | undefined;
  account: string | null;
  chainId: number | null;
  connected: boolean;
  connecting: boolean;
  connect(): Promise<string>;
  switchChain(chainId: number): Promise<void>;
}

/**
 * The wallet state of spec 3/4: not connected, connecting, connected. An existing connection is
 * found silently (`eth_accounts`, no prompt); an account change with an empty list disconnects,
 * otherwise switches; a chain change reloads (`onChainChanged`, by default the page).
 */
export function useEvmWallet({ onChainChanged }: { onChainChanged?: () => void } = {}): EvmWallet {
  const provider = typeof window === 'undefined' ? undefined : window.ethereum;
  const [account, setAccount] = useState<string | null>(null);
  const [chainId, setChainId] = useState<number | null>(null);
  const [connecting, setConnecting] = useState(false);
  // The latest handler, without re-subscribing (and re-asking the wallet) on every render.
  const chainChanged = useRef(onChainChanged);
  chainChanged.current = onChainChanged;

  useEffect(() => {
    if (!provider) return;
    let live = true;
    provider
      .request({ method: 'eth_accounts' })
      .then((accounts) => {
        if (live && Array.isArray(accounts) && typeof accounts[0] === 'string')
          setAccount(accounts[0]);
      })
      .catch((error: unknown) => console.warn('eth_accounts failed', error));
    provider
      .request({ method: 'eth_chainId' })
      .then((id) => {
        if (live && typeof id === 'string') setChainId(Number.parseInt(id, 16));
      })
      .catch((error: unknown) => console.warn('eth_chainId failed', error));

    const onAccounts = (...args: unknown[]) => {
      const accounts = args[0];
      setAccount(Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null);
    };
    const onChain = () => {
      if (chainChanged.current) chainChanged.current();
      else window.location.reload();
    };
    provider.on?.('accountsChanged', onAccounts);
    provider.on?.('chainChanged', onChain);
    return () => {
      live = false;
      provider.removeListener?.('accountsChanged', onAccounts);
      provider.removeListener?.('chainChanged', onChain);
    };
  }, [provider]);

  const connect = useCallback(async () => {
    if (!provider) throw new Error(NO_EVM_WALLET);
    setConnecting(true);
    try {
      const accounts = await provider.request({ method: 'eth_requestAccounts' });
      const first = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof first !== 'string') throw new Error(paymentMessages.noAccount);
      setAccount(first);
      const id = await provider.request({ method: 'eth_chainId' });
      if (typeof id === 'string') setChainId(Number.parseInt(id, 16));
      return first;
    } finally {
      setConnecting(false);
    }
  }, [provider]);

  const switchChain = useCallback(
    async (target: number) => {
      if (!provider) throw new Error(NO_EVM_WALLET);
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: `0x${target.toString(16)}` }],
      });
      setChainId(target);
    },
    [provider],
  );

  return {
    provider,
    account,
    chainId,
    connected: account !== null,
    connecting,
    connect,
    switchChain,
  };
}
