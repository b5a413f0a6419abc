import type { Widget } from '@airlock/host-sdk';
import { byId, byTestId } from './dom.ts';
import { formatError } from './formatError.ts';

/** The fixed message of `Sign Bitcoin message` (the e2e test verifies the signature with bip322-js). */
export const BITCOIN_SIGN_MESSAGE = 'Sign in to the Airlock demo dapp on Bitcoin.';

/** A bip122 account as `getProvider('bip122')` answers it. */
type Bip122Account = { address: string; purpose: 'payment' | 'ordinals'; publicKey?: string };

/**
 * The page's Bitcoin card (shown with `?bitcoin=1`), over `widget.getProvider('bip122')` as a
 * dapp would use it: `Connect Bitcoin` (`requestAccounts`), `Sign Bitcoin message`
 * (`signMessage`, BIP-322, by the payment address; the base64 signature in
 * `dapp-bitcoin-signature`), the payment and ordinals addresses in `dapp-bitcoin-account` and
 * `dapp-bitcoin-ordinals` (kept in step with `getAccounts` after the provider's events) and the
 * last error as `<code>: <message>` in `dapp-bitcoin-error`.
 */
export function runBitcoinCard(widget: Widget): void {
  byId('bitcoin-card').hidden = false;
  const provider = widget.getProvider('bip122');
  const ui = {
    account: byTestId('dapp-bitcoin-account'),
    ordinals: byTestId('dapp-bitcoin-ordinals'),
    signature: byTestId('dapp-bitcoin-signature'),
    error: byTestId('dapp-bitcoin-error'),
  };
  let payment: string | null = null;
  const show = (accounts: Bip122Account[]) => {
    payment = accounts.find((a) => a.purpose === 'payment')?.address ?? null;
    ui.account.textContent = payment ?? 'Not connected';
    ui.ordinals.textContent = accounts.find((a) => a.purpose === 'ordinals')?.address ?? '';
  };
  const refresh = async () => show((await provider.request({ method: 'getAccounts' })) as Bip122Account[]);
  provider.on('accountsChanged', () => void refresh().catch(() => show([])));
  provider.on('disconnect', () => show([]));
  void refresh().catch(() => show([]));
  const run = (task: () => Promise<void>) => () => {
    ui.error.textContent = '';
    task().catch((error: unknown) => (ui.error.textContent = formatError(error)));
  };
  byId('bitcoin-connect').addEventListener(
    'click',
    run(async () => show((await provider.request({ method: 'requestAccounts' })) as Bip122Account[])),
  );
  byId('bitcoin-sign').addEventListener(
    'click',
    run(async () => {
      ui.signature.textContent = '';
      const { signature } = (await provider.request({
        method: 'signMessage',
        params: [{ address: payment ?? '', message: BITCOIN_SIGN_MESSAGE }],
      })) as { signature: string };
      ui.signature.textContent = signature;
    }),
  );
}
