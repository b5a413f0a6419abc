import { useAccount, useNetwork, useWidget } from '@airlock/react';
import { useState } from 'react';
import { parseEther, verifyMessage } from 'viem';
import {
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
  useWaitForTransactionReceipt,
} from 'wagmi';
import type { Network } from '../config.ts';
import { formatError } from '../formatError.ts';
import { RECIPIENT, SIGN_MESSAGE } from './constants.ts';

/**
 * The React + wagmi demo: the widget's state from `@airlock/react` (`react-*` test ids), wagmi's
 * connection (`wagmi-*`), and wagmi's actions through the Airlock connector: Connect, Sign message
 * (checked with viem `verifyMessage`), Send 0.01 ETH, the network select (wagmi `switchChain`) and
 * Disconnect. `react-error` shows the last action's error as `<code>: <message>`. The widget's own
 * network (`useNetwork`, every namespace: `react-network` is `<chainNamespace> <chainId>`) has a
 * select of its own ("Widget network", `switchNetwork` with a CAIP-2 id).
 */
export function App({ networks }: { networks: readonly Network[] }) {
  const airlockAccount = useAccount();
  const airlockNetwork = useNetwork();
  const { open } = useWidget();
  const connection = useConnection();
  const [airlockConnector] = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const sign = useSignMessage();
  const send = useSendTransaction();
  const receipt = useWaitForTransactionReceipt({ hash: send.data, pollingInterval: 250 });
  const [signature, setSignature] = useState('');
  const [error, setError] = useState('');

  /** Runs a user action: clears `react-error` on success, shows `<code>: <message>` on failure. */
  const run = (action: () => Promise<unknown>) => () => {
    action().then(
      () => setError(''),
      (e: unknown) => setError(formatError(e)),
    );
  };
  /** wagmi's address; connects through the Airlock connector (the widget's modal) when there is none. */
  const account = async () => {
    if (connection.address) return connection.address;
    if (!airlockConnector) throw new Error('No Airlock connector');
    return (await connect.mutateAsync({ connector: airlockConnector })).accounts[0];
  };

  return (
    <>
      <section className="card" aria-labelledby="connection-title">
        <h2 id="connection-title">Connection</h2>
        <div className="actions">
          <button type="button" className="primary" onClick={run(account)}>
            Connect
          </button>
          <button type="button" onClick={run(() => open())}>
            Open widget
          </button>
          <button type="button" onClick={run(() => disconnect.mutateAsync())}>
            Disconnect
          </button>
        </div>
        <dl className="facts">
          <dt>Account (@airlock/react)</dt>
          <dd>
            <code data-testid="react-account" className="address">
              {airlockAccount.address ?? 'Not connected'}
            </code>
          </dd>
          <dt>Widget status</dt>
          <dd>
            <span data-testid="react-status" className="pill" data-status={airlockAccount.status}>
              {airlockAccount.status}
            </span>
          </dd>
          <dt>Widget network (@airlock/react)</dt>
          <dd>
            <code data-testid="react-network">
              {airlockNetwork.chainNamespace ?? '…'} {airlockNetwork.chainId ?? '…'}
            </code>
          </dd>
          <dt>Account (wagmi)</dt>
          <dd>
            <code data-testid="wagmi-account" className="address">
              {connection.address ?? 'Not connected'}
            </code>
          </dd>
          <dt>Chain id (wagmi)</dt>
          <dd>
            <code data-testid="wagmi-chain">{connection.chainId ?? '…'}</code>
          </dd>
        </dl>
        <label className="field">
          <span>Network</span>
          <select
            aria-label="Network"
            value={connection.chainId ?? ''}
            onChange={(e) => run(() => switchChain.mutateAsync({ chainId: Number(e.target.value) }))()}
          >
            {networks
              .filter((n) => n.chainNamespace === 'eip155')
              .map((n) => (
                <option key={n.caipNetworkId} value={String(n.id)}>
                  {n.name}
                </option>
              ))}
          </select>
        </label>
        <label className="field">
          <span>Widget network</span>
          <select
            aria-label="Widget network"
            value={airlockNetwork.caipNetworkId ?? ''}
            onChange={(e) => run(() => airlockNetwork.switchNetwork(e.target.value as Network['caipNetworkId']))()}
          >
            {networks.map((n) => (
              <option key={n.caipNetworkId} value={n.caipNetworkId}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
      </section>

      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title">Sign and send</h2>
        <div className="action-row">
          <button
            type="button"
            onClick={run(async () => {
              setSignature('');
              const address = await account();
              const signed = await sign.mutateAsync({ message: SIGN_MESSAGE });
              setSignature(
                (await verifyMessage({ address, message: SIGN_MESSAGE, signature: signed })) ? 'valid' : 'invalid',
              );
            })}
          >
            Sign message
          </button>
          <p>
            Signature check (viem <code>verifyMessage</code>):{' '}
            <strong data-testid="react-signature">{signature}</strong>
          </p>
        </div>
        <div className="action-row">
          <button
            type="button"
            onClick={run(async () => {
              await account();
              await send.mutateAsync({ to: RECIPIENT, value: parseEther('0.01') });
            })}
          >
            Send 0.01 ETH
          </button>
          <p>
            Transaction: <strong data-testid="react-tx">{receipt.data?.status ?? (send.data ? 'pending' : '')}</strong>
          </p>
        </div>
        <p className="error-line">
          Last error: <code data-testid="react-error">{error}</code>
        </p>
      </section>
    </>
  );
}
