import { useAccount, useWidget } from '@airlock/react';
import { useState } from 'react';
import { parseEther, verifyMessage } from 'viem';
import { useConnect, useConnection, useSendTransaction, useSignMessage, useWaitForTransactionReceipt } from 'wagmi';
import { config } from './config.ts';

const MESSAGE = 'Hello from the Airlock React example';
/** Anvil's account 1. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Connect, Open, Sign and Send buttons: the account shown comes from `@airlock/react`, the actions from wagmi. */
export function App() {
  const { address, isConnected, connectedWalletInfo } = useAccount();
  const { open } = useWidget();
  const connection = useConnection();
  const connect = useConnect();
  const sign = useSignMessage();
  const send = useSendTransaction();
  const receipt = useWaitForTransactionReceipt({ hash: send.data });
  const [signature, setSignature] = useState('');
  const [error, setError] = useState('');

  /** Runs a button's action; shows its error instead of throwing. */
  const run = (action: () => Promise<unknown>) => () => {
    setError('');
    action().catch((e: { shortMessage?: string; message?: string }) =>
      setError(e.shortMessage ?? e.message ?? String(e)),
    );
  };
  /** wagmi's connected address; connects through the Airlock connector (the widget's modal) when there is none. */
  const account = async () =>
    connection.address ?? (await connect.mutateAsync({ connector: config.connectors[0]! })).accounts[0];

  return (
    <main>
      <h1>Airlock + React + wagmi</h1>
      <button type="button" onClick={run(account)}>
        Connect
      </button>
      <button type="button" onClick={run(() => open())}>
        Open widget
      </button>
      <button
        type="button"
        onClick={run(async () => {
          const from = await account();
          const signed = await sign.mutateAsync({ message: MESSAGE });
          setSignature(
            (await verifyMessage({ address: from, message: MESSAGE, signature: signed })) ? 'valid' : 'invalid',
          );
        })}
      >
        Sign message
      </button>
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
        Account: <code data-testid="account">{isConnected ? address : 'Not connected'}</code>{' '}
        {connectedWalletInfo?.name}
      </p>
      <p>
        Signature: <code data-testid="signature">{signature}</code>
      </p>
      <p>
        Transaction: <code data-testid="tx">{receipt.data?.status ?? (send.data ? 'pending' : '')}</code>
      </p>
      <p>
        Error: <code data-testid="error">{error}</code>
      </p>
    </main>
  );
}
