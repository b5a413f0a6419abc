import { createWidget, type Widget } from '@airlock/host-sdk';
import { bitcoin } from '@airlock/host-sdk/bitcoin';
import { cosmos } from '@airlock/host-sdk/cosmos';
import { inline } from '@airlock/host-sdk/inline';
import { multichain } from '@airlock/host-sdk/multichain';
import { polkadot } from '@airlock/host-sdk/polkadot';
import { solana } from '@airlock/host-sdk/solana';
import { bip122RegtestNetwork } from '@airlock/protocol/bip122';
import { cosmosLocalNetwork } from '@airlock/protocol/cosmos';
import { polkadotLocalNetwork } from '@airlock/protocol/polkadot';
import type { DemoConfig } from './config.ts';
import { demoLocale } from './language.ts';
import { demoSiwxOptions } from './siwx.ts';
import { demoThemeOptions } from './theme.ts';

/**
 * The one `createWidget` call of the demo (index.html and foreign.html make the
 * same call): projectId, networks (spec §3) and frameUrl from the demo config,
 * plus this page's metadata (spec §3 'Dapp data'), the sign-in options (./siwx.ts), the theme of the query (./theme.ts), the opt-in Solana extension
 * and the opt-in multichain (CAIP-25) entry (`widget.getProvider('multichain')`, docs/sdk.md).
 * `?namespaces=eip155` keeps only the eip155 networks (a dapp without Solana, e.g. for
 * WalletConnect one-click sign-in, which needs a single eip155 namespace, spec §5).
 * `?locale=es` sets the modal's language (./language.ts).
 * `?bitcoin=1` adds Bitcoin: the regtest network of the stack's stand-in (`bitcoinEsploraUrl`) and
 * the opt-in Bitcoin extension, so the Dev Bitcoin Wallet is listed (docs/bitcoin.md).
 * `?cosmos=1` / `?polkadot=1` add the local Cosmos / Polkadot network of the stack's stand-ins
 * (`cosmosLcdUrl`, `substrateRpcUrl`) and the opt-in Cosmos / Polkadot extension, so the Dev Keplr
 * Wallet / Dev Polkadot extension are listed (docs/cosmos-polkadot.md).
 * `?multiWallet=1` turns the multi-wallet feature on locally (spec §6; the project's remote
 * configuration must allow it too).
 * `?reconnect=0` sets `enableReconnect: false` (spec §4: a reload disconnects the remembered wallet
 * instead of reconnecting it).
 * `?socialLogin=redirect` turns on the social login's redirect mode (the page goes to the
 * provider and comes back here, see {@link demoSocialLogin}).
 * `?inline=1` mounts the widget in embedded (inline) mode in the page's `dapp-inline` element
 * (`@airlock/host-sdk/inline`, docs/sdk.md), shown.
 */
export function createDemoWidget(config: DemoConfig, search: string = location.search): Widget {
  const only = new URLSearchParams(search).get('namespaces')?.split(',');
  const locale = demoLocale(search);
  const btc = new URLSearchParams(search).get('bitcoin') === '1' && config.bitcoinEsploraUrl;
  const query = new URLSearchParams(search);
  const lcd = query.get('cosmos') === '1' && config.cosmosLcdUrl;
  const substrate = query.get('polkadot') === '1' && config.substrateRpcUrl;
  const networks = [
    ...config.networks,
    ...(btc ? [bip122RegtestNetwork(btc)] : []),
    ...(lcd ? [cosmosLocalNetwork(lcd)] : []),
    ...(substrate ? [polkadotLocalNetwork(substrate)] : []),
  ];
  return createWidget({
    projectId: config.projectId,
    networks: only ? networks.filter((network) => only.includes(network.chainNamespace)) : networks,
    frameUrl: config.frameUrl,
    metadata: {
      name: 'Airlock Demo Dapp',
      description: 'A plain dapp using @airlock/host-sdk with viem',
      url: location.origin,
    },
    ...(locale ? { locale } : {}),
    ...demoSiwxOptions(config.siwx === true),
    // The theme picker's choice (./theme.ts); `themeVariables` passes through to the frame config.
    ...demoThemeOptions(search),
    ...demoSocialLogin(search),
    extensions: [
      solana(),
      multichain(),
      ...(btc ? [bitcoin()] : []),
      ...(lcd ? [cosmos()] : []),
      ...(substrate ? [polkadot()] : []),
      ...inlineMode(query),
    ],
    ...(query.get('multiWallet') === '1' ? { features: { multiWallet: true } } : {}),
    ...(query.get('reconnect') === '0' ? { enableReconnect: false } : {}),
  });
}

/**
 * `?socialLogin=redirect`: the `socialLogin` option in redirect mode, coming back to this very
 * page (its address without a `result_uri`); anything else: none (popup, the default).
 */
export function demoSocialLogin(search: string = location.search): {
  socialLogin?: { mode: 'redirect'; returnUrl: string };
} {
  if (new URLSearchParams(search).get('socialLogin') !== 'redirect') return {};
  const returnUrl = new URL(location.href);
  returnUrl.searchParams.delete('result_uri');
  return { socialLogin: { mode: 'redirect', returnUrl: returnUrl.href } };
}

/** `?inline=1`: the embedded-mode extension on the page's `dapp-inline` element, its panel shown; otherwise none. */
function inlineMode(query: URLSearchParams) {
  const element = document.querySelector('[data-testid="dapp-inline"]');
  if (query.get('inline') !== '1' || !element) return [];
  document.getElementById('inline-panel')?.removeAttribute('hidden');
  return [inline(element)];
}
