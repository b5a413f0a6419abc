import type { Widget } from '@airlock/host-sdk';
import { getSolanaProvider } from '@airlock/host-sdk/solana';
import { ed25519 } from '@noble/curves/ed25519';
import { byId, byTestId } from './dom.ts';
import { formatError } from './formatError.ts';

/** The fixed message of `Sign Solana message` (verified here with ed25519). */
export const SOLANA_SIGN_MESSAGE = 'Sign in to the Airlock demo dapp on Solana.';

/**
 * The page's Solana card, over `widget.getProvider('solana')` as a dapp would use it:
 * `Connect Solana` (provider.connect()), `Sign Solana message` (provider.signMessage, then the
 * signature checked with ed25519 against the public key: `valid` / `invalid`), the account in
 * `dapp-solana-account` (kept in step with the provider's events) and the last error as
 * `<code>: <message>` in `dapp-solana-error`.
 */
export function runSolanaCard(widget: Widget): void {
  const provider = getSolanaProvider(widget);
  const ui = {
    account: byTestId('dapp-solana-account'),
    signature: byTestId('dapp-solana-signature'),
    error: byTestId('dapp-solana-error'),
  };
  const show = () => (ui.account.textContent = provider.publicKey?.toBase58() ?? 'Not connected');
  provider.on('connect', show);
  provider.on('accountChanged', show);
  provider.on('disconnect', show);
  const run = (task: () => Promise<void>) => () => {
    ui.error.textContent = '';
    task().catch((error: unknown) => (ui.error.textContent = formatError(error)));
  };
  byId('solana-connect').addEventListener(
    'click',
    run(async () => void (await provider.connect(), show())),
  );
  byId('solana-sign').addEventListener(
    'click',
    run(async () => {
      ui.signature.textContent = '';
      const message = new TextEncoder().encode(SOLANA_SIGN_MESSAGE);
      const { signature, publicKey } = await provider.signMessage(message);
      ui.signature.textContent = ed25519.verify(signature, message, publicKey.toBytes()) ? 'valid' : 'invalid';
    }),
  );
}
