// `npm start`: the demo on a fresh clone. Installs dependencies when node_modules is
// missing (`npm ci`), builds host-sdk, frame and demo dapp, starts two anvil chains
// and the servers (scripts/stack.mjs, mode 'dev'), prints the URLs, and stops
// everything it started on Ctrl-C.
//
// This file must run before dependencies exist: only node: imports at the top level.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Installs the locked dependencies when node_modules (or a tool we need) is missing. */
function ensureDependencies() {
  const needed = ['node_modules/sirv', 'node_modules/vite', 'node_modules/@foundry-rs/anvil', 'node_modules/esbuild'];
  if (needed.every((path) => existsSync(join(ROOT, path)))) return;
  console.log('[start] dependencies missing: npm ci');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (install.status === 0) return;
  // A lock file out of step with package.json (e.g. edited by hand on another platform):
  // install from it without rewriting it, rather than leave the person with nothing.
  console.log('[start] npm ci refused the lock file; installing from it with npm install --no-save');
  const fallback = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (fallback.status !== 0) {
    console.error('[start] installing dependencies failed');
    process.exit(1);
  }
}

async function main() {
  ensureDependencies();
  const { startStack } = await import('./stack.mjs');
  const { DEV_ACCOUNT_0 } = await import('./ports.mjs');
  const {
    DEV_PAYMASTER_ADDRESS,
    ENTRY_POINT_07_ADDRESS,
    ENTRY_POINT_08_ADDRESS,
    SIMPLE_7702_ACCOUNT_ADDRESS,
    SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
  } = await import('./aa.mjs');

  console.log('[start] building host-sdk, frame and demo dapp, starting two anvil chains…');
  const stack = await startStack({ mode: 'dev', build: true });
  const { urls } = stack;

  console.log(`
  Airlock is running.

    Demo dapp          ${urls.dapp}/
    Demo, auto-approve ${urls.dapp}/?autoApprove=1   (the Dev Wallet approves without asking)
    Foreign page       ${urls.foreignPage}   (an origin the frame refuses)
    Widget frame       ${urls.frameUrl}   (origin ${urls.frame})
    Dev wallet (WC)    ${urls.devWallet}/   (WalletConnect web wallet: paste the widget's wc: URI)
    WalletConnect relay ${urls.relayUrl}
    Anvil A (31337)    ${urls.rpcA}
    Anvil B (31338)    ${urls.rpcB}
    Solana Local       ${urls.solanaRpc}   (WebSocket ${urls.solanaWs}; apps/solana-rpc over litesvm, dev SPL mint DEV)
    Bitcoin Regtest    ${urls.bitcoinEsplora}   (apps/bitcoin-esplora: Esplora API stand-in, a block every 5 s, funded dev accounts)
    Cosmos Local       ${urls.cosmosLcd}   (apps/cosmos-lcd: LCD and CometBFT RPC stand-in, not a node; funded dev accounts)
    Polkadot Local     ${urls.substrateRpc}   (apps/substrate-rpc: Substrate JSON-RPC stand-in, not a node; //Alice … seeded)
    Provider API       ${urls.api}   (apps/api on PGlite; project airlock-dev; dev ERC-20 DEV and ERC-721 DNFT on both chains)
    Onramp sandbox     ${urls.onramp}   (sandbox card provider: test card 4242 4242 4242 4242 pays out on the local chain)
    Secure frame       ${urls.secureFrame}/   (embedded wallet keys and approvals, a third site)
    Farcaster relay    ${urls.farcaster}   (stand-in relay; its app page approves as the dev fid 1001)
    Mail inbox         ${urls.mailWeb}/   (every mail the stack sends: login codes, device approval links; SMTP ${urls.mailSmtp})
    OpenID provider    ${urls.oidc}   (stands in for Google, GitHub, Apple, Facebook, X, Discord: any login, any password)
    Bundlers (Alto)    ${urls.bundlerA} and ${urls.bundlerB}   (ERC-4337 v0.7; dapps and frames use ${urls.api}/v1/bundler)

  Smart accounts: EntryPoint v0.7 ${ENTRY_POINT_07_ADDRESS}, SimpleAccountFactory ${SIMPLE_ACCOUNT_FACTORY_07_ADDRESS},
  dev VerifyingPaymaster ${DEV_PAYMASTER_ADDRESS}; EIP-7702: EntryPoint v0.8 ${ENTRY_POINT_08_ADDRESS},
  Simple7702Account ${SIMPLE_7702_ACCOUNT_ADDRESS}; all on both chains; the dev seed sponsors project
  airlock-dev up to 5,000,000 gas per account and day (apps/api/seed/dev.json "sponsorship").

  Dev accounts: the default anvil mnemonic ("test test … junk"), 10000 ETH each on both chains;
  the Dev Wallet in the demo uses account 0 (${DEV_ACCOUNT_0}).

  Press Ctrl-C to stop everything.
`);

  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[start] ${signal}: stopping anvils and servers…`);
    await stack.stop();
    console.log('[start] stopped');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
