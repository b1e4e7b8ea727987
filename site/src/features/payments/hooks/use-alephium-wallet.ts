import type { AlephiumWindowObject } from '@alephium/get-extension-wallet';
import { paymentMessages } from '@studio/shared/messages/payments';
import { useCallback, useEffect, useState } from 'react';

declare global {
  interface Window {
    alephiumProviders?: Record<string, unknown>;
  }
}

/** What @alephium/get-extension-wallet checks before it trusts `window.alephiumProviders.alephium`. */
const WALLET_MEMBERS = [
  'id',
  'name',
  'icon',
  'unsafeEnable',
  'isPreauthorized',
  'nodeProvider',
  'explorerProvider',
  'signAndSubmitTransferTx',
  'signAndSubmitDeployContractTx',
  'signAndSubmitExecuteScriptTx',
  'signAndSubmitUnsignedTx',
  'signUnsignedTx',
  'signMessage',
] as const;

/**
 * The Alephium extension wallet's window object, found the way its own package finds it, but
 * without pulling @alephium/web3 (and its Node polyfills) into the page just to look.
 */
export function alephiumWallet(): AlephiumWindowObject | undefined {
  const candidate = window.alephiumProviders?.alephium;
  if (candidate && typeof candidate === 'object' && WALLET_MEMBERS.every((k) => k in candidate)) {
    return candidate as AlephiumWindowObject;
  }
  return undefined;
}

/** Spec 5: the two reasons a connect cannot start. */
export function alephiumWalletOrThrow(): AlephiumWindowObject {
  if (!window.alephiumProviders) throw new Error(paymentMessages.alphNotInstalled);
  const wallet = alephiumWallet();
  if (!wallet) throw new Error(paymentMessages.alphProviderMissing);
  return wallet;
}

export function useAlephiumWallet() {
  const [address, setAddress] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);

  // A wallet already connected to this site is picked up without a prompt.
  useEffect(() => {
    const account = alephiumWallet()?.connectedAccount;
    if (account?.address) setAddress(account.address);
  }, []);

  const connect = useCallback(async () => {
    const wallet = alephiumWalletOrThrow();
    setConnecting(true);
    try {
      const account = await wallet.enable({ onDisconnected: () => setAddress(null) });
      if (!account?.address) throw new Error(paymentMessages.noAccount);
      setAddress(account.address);
      return account.address;
    } finally {
      setConnecting(false);
    }
  }, []);

  return { address, connected: address !== null, connecting, connect };
}
