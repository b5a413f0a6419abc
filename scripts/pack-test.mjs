// The pack-and-install test (`npm test` step): what a dapp outside this repository gets.
// `npm pack`s @airlock/host-sdk, @airlock/react, @airlock/vue, @airlock/wagmi and @airlock/siwx (each built
// by its `prepack`; a tarball without dist/index.js, or with a TypeScript source or a test, fails), installs the
// tarballs with react, react-dom, their @types, vue, viem and @wagmi/core (npm cache first, then the
// registry) into a fresh project in os.tmpdir(), then:
//   1. `tsc` (strict, skipLibCheck off) type-checks a file using the public API: createWidget with
//      every option and the Solana extension (`@airlock/host-sdk/solana`), state fields, the
//      providers, the React hooks and the wagmi connector;
//   2. `tsc` must FAIL on a createWidget call with an option the widget does not take (`apiUrl`, TS2353);
//   3. Vite bundles the app;
//   4. the host's published types name no package it does not ship (`@airlock/protocol`, `zod`,
//      `@wallet-standard/*`);
//   5. Node runs a dapp server's sign-in check with `@airlock/siwx` (both entries, from the tarball):
//      a signed message verifies, another domain is refused, a session token round-trips;
//   6. the examples/ install from the same tarballs, type-check and build (scripts/examples.mjs).
// Exit code 1 when any step fails. Keeps the project with AIRLOCK_PACK_KEEP=1.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildExamples } from './examples.mjs';
import { packPackages, sh } from './pack.mjs';
import { ROOT } from './stack.mjs';

const BIN = join(ROOT, 'node_modules/.bin');
const rootPkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const wagmiPkg = JSON.parse(readFileSync(join(ROOT, 'packages/wagmi/package.json'), 'utf8'));
const vuePkg = JSON.parse(readFileSync(join(ROOT, 'packages/vue/package.json'), 'utf8'));
const siwxPkg = JSON.parse(readFileSync(join(ROOT, 'packages/siwx/package.json'), 'utf8'));

let failed = 0;
function step(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  if (!ok) failed += 1;
}

const project = mkdtempSync(join(tmpdir(), 'airlock-pack-'));
try {
  // Build and pack.
  const packed = packPackages(project);
  for (const p of packed) {
    // No sources, no tests: only built JavaScript, declarations and the manifest and readme.
    const stray = p.files.filter(
      (f) => f.path.startsWith('src/') || /\.test\.|(?<!\.d)\.tsx?$/.test(f.path) || f.path.includes('/test/'),
    );
    step(
      `npm pack ${p.name}`,
      stray.length === 0 && p.files.some((f) => f.path === 'dist/index.js'),
      `${basename(p.tarball)}, ${p.size} B, ${p.files.length} files${stray.length ? `; sources: ${stray.map((f) => f.path).join(', ')}` : ''}`,
    );
  }

  // The host's classic scripts, each with its versioned CDN copy and Subresource Integrity hash.
  const host = packed.find((p) => p.name === '@airlock/host-sdk');
  const version = JSON.parse(readFileSync(join(ROOT, 'apps/host-sdk/package.json'), 'utf8')).version;
  const classic = [
    'airlock.js',
    'airlock-solana.js',
    'airlock-bitcoin.js',
    'airlock-cosmos.js',
    'airlock-polkadot.js',
    'airlock-multichain.js',
  ];
  const cdn = classic.flatMap((f) => [`dist/v${version}/${f}`, `dist/v${version}/${f}.sri`]);
  const missing = cdn.filter((f) => !host?.files.some((x) => x.path === f));
  step(
    '@airlock/host-sdk ships the versioned classic scripts with their SRI hashes',
    missing.length === 0,
    missing.join(', '),
  );

  // A fresh project outside the repository.
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'airlock-pack-test',
        private: true,
        type: 'module',
        dependencies: {
          ...Object.fromEntries(packed.map((p) => [p.name, `file:./${basename(p.tarball)}`])),
          react: rootPkg.dependencies.react,
          'react-dom': rootPkg.dependencies['react-dom'],
          '@types/react': rootPkg.devDependencies['@types/react'],
          '@types/react-dom': rootPkg.devDependencies['@types/react-dom'],
          vue: vuePkg.devDependencies.vue,
          viem: rootPkg.dependencies.viem,
          '@wagmi/core': wagmiPkg.devDependencies['@wagmi/core'],
          jose: siwxPkg.dependencies.jose,
        },
      },
      null,
      2,
    ),
  );
  const install = sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project);
  step('npm install of the tarballs in a fresh project', install.code === 0);

  mkdirSync(join(project, 'src'));
  const tsconfig = (files) =>
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files,
    });
  writeFileSync(join(project, 'tsconfig.json'), tsconfig(['src/main.tsx', 'src/vue.ts', 'src/siwx.ts']));
  writeFileSync(join(project, 'tsconfig.bad.json'), tsconfig(['src/bad.ts']));
  writeFileSync(
    join(project, 'src/main.tsx'),
    `import { createWidget, ProviderRpcError, type Network, type WidgetOptions, type WidgetState, type EIP1193Provider } from '@airlock/host-sdk';
import { AIRLOCK_WALLET_NAME, getSolanaProvider, SOLANA_NETWORKS, solana, type SolanaProvider } from '@airlock/host-sdk/solana';
import { BIP122_NETWORKS, bitcoin } from '@airlock/host-sdk/bitcoin';
import { COSMOS_NETWORKS, cosmos } from '@airlock/host-sdk/cosmos';
import { POLKADOT_NETWORKS, polkadot } from '@airlock/host-sdk/polkadot';
import { AirlockProvider, useAccount, useNetwork, useProvider, useWidget, useWidgetState } from '@airlock/react';
import { airlock } from '@airlock/wagmi';
import { createConfig, http } from '@wagmi/core';
import { createRoot } from 'react-dom/client';
import { defineChain } from 'viem';

const network: Network = {
  id: 31337,
  name: 'Anvil',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};
const options: WidgetOptions = {
  projectId: 'airlock-dev',
  networks: [network, SOLANA_NETWORKS.mainnet, SOLANA_NETWORKS.devnet],
  frameUrl: 'https://widget.example.com/',
  metadata: { name: 'Pack test', url: 'https://app.example.com', icons: [] },
  themeMode: 'dark',
  features: { send: true, receive: false, socials: ['google'] },
  extensions: [solana()],
};
const widget = createWidget(options);
// The predefined networks of the other namespaces come from the public entries too (no @airlock/protocol).
const chains: Network[] = [BIP122_NETWORKS.mainnet, COSMOS_NETWORKS.cosmoshub, POLKADOT_NETWORKS.polkadot];
const other = createWidget({ projectId: 'airlock-dev', frameUrl: 'https://widget.example.com/', networks: chains, extensions: [bitcoin(), cosmos(), polkadot()] });
console.log(other.getProvider('bip122'));
const provider: EIP1193Provider = widget.getProvider('eip155');
provider.on('chainChanged', (chainId: string) => console.log(chainId));
const state: WidgetState | undefined = widget.getState();
const status: 'disconnected' | 'connecting' | 'connected' | undefined = state?.status;
const off: () => void = widget.subscribe((s) => console.log(s.caipAddress, s.caipNetworkId, s.balance, s.connectedWalletInfo?.name));
void widget.open({ view: 'Networks' }).then(({ caipAddress }) => console.log(caipAddress));
void widget.switchNetwork('eip155:31337').catch((e: unknown) => e instanceof ProviderRpcError && console.log(e.code));
console.log(status, off);
const sol: SolanaProvider = getSolanaProvider(widget);
void sol.connect().then(({ publicKey }) => console.log(AIRLOCK_WALLET_NAME, publicKey.toBase58()));
void sol.signMessage(new Uint8Array([1])).then(({ signature }: { signature: Uint8Array }) => console.log(signature.length));

const chain = defineChain({ id: 31337, name: 'Anvil', nativeCurrency: network.nativeCurrency, rpcUrls: network.rpcUrls });
export const config = createConfig({ chains: [chain], connectors: [airlock({ widget })], transports: { [chain.id]: http() } });

function App() {
  const { address, isConnected } = useAccount();
  const { chainId, switchNetwork } = useNetwork();
  const { open, disconnect } = useWidget();
  const eip155 = useProvider('eip155');
  const s = useWidgetState();
  return (
    <button type="button" onClick={() => void (isConnected ? disconnect() : open())}>
      {address ?? 'Connect'} {chainId} {s?.status} {eip155 ? 'ready' : ''} {String(switchNetwork.length)}
    </button>
  );
}
createRoot(document.getElementById('app')!).render(
  <AirlockProvider options={options}>
    <App />
  </AirlockProvider>,
);
`,
  );
  writeFileSync(
    join(project, 'src/vue.ts'),
    `import type { Network } from '@airlock/host-sdk';
import { createAirlock, useAccount, useNetwork, useProvider, useWidget, useWidgetState, type AirlockPlugin } from '@airlock/vue';
import { createApp, defineComponent, h, type ComputedRef } from 'vue';

const network: Network = {
  id: 31337,
  name: 'Anvil',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};
const App = defineComponent({
  setup() {
    const { address, isConnected } = useAccount();
    const { chainId, chainNamespace, switchNetwork } = useNetwork();
    const { open, disconnect, widget } = useWidget();
    const provider = useProvider('solana');
    const state = useWidgetState();
    const connected: ComputedRef<boolean> = isConnected;
    return () =>
      h('button', { onClick: () => void (connected.value ? disconnect() : open({ view: 'Connect' })) }, [
        address.value ?? 'Connect',
        String(chainId.value),
        chainNamespace.value ?? '',
        state.value?.status ?? '',
        provider.value ? 'ready' : '',
        widget.value ? 'widget' : '',
        String(switchNetwork.length),
      ]);
  },
});
const plugin: AirlockPlugin = createAirlock({ options: { projectId: 'airlock-dev', networks: [network], frameUrl: 'https://widget.example.com/' } });
createApp(App).use(plugin).mount('#vue');
`,
  );
  // A dapp server's sign-in check (docs/siwx.md), type-checked with the rest and run by Node below.
  writeFileSync(
    join(project, 'src/siwx.ts'),
    `import { createSessionToken, verifySessionToken, verifySiwxMessage, type SessionClaims, type SiwxVerification } from '@airlock/siwx';
import { formatSiwxMessage, parseSiwxMessage, type SiwxMessageData } from '@airlock/siwx/message';
import { exportJWK, generateKeyPair } from 'jose';
import { privateKeyToAccount } from 'viem/accounts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const data: SiwxMessageData = {
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  version: '1',
  nonce: 'abcdef123456',
  issuedAt: new Date().toISOString(),
  accountAddress: account.address,
  chainId: 'eip155:1',
};
const message = formatSiwxMessage(data);
const signature = await account.signMessage({ message });
const ok: SiwxVerification = await verifySiwxMessage({ message, signature, domain: 'app.example.com', nonce: data.nonce });
const other = await verifySiwxMessage({ message, signature, domain: 'evil.example' });
const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
const now = Math.floor(Date.now() / 1000);
const claims: SessionClaims = {
  iss: 'https://api.example.com',
  aud: 'my-project',
  sub: \`eip155:1:\${account.address}\`,
  sid: 'session-1',
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  iat: now,
  exp: now + 3600,
};
const token = await createSessionToken(claims, { privateKey, kid: 'k1' });
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }] };
const session = await verifySessionToken(token, { jwks, projectId: 'my-project', domain: 'app.example.com' });
console.log(JSON.stringify({
  parsed: parseSiwxMessage(message).accountAddress === account.address,
  valid: ok.valid,
  otherDomain: other.valid ? 'valid' : other.reason,
  session: session.valid ? session.claims.sub : session.reason,
}));
`,
  );
  writeFileSync(
    join(project, 'src/bad.ts'),
    `import { createWidget } from '@airlock/host-sdk';
// apiUrl is not a page option (the frame takes its API from its own deployment): TS2353.
createWidget({ projectId: 'p', networks: [], frameUrl: 'https://widget.example.com/', apiUrl: 'https://evil.example' });
`,
  );
  writeFileSync(
    join(project, 'index.html'),
    '<!doctype html><html><body><div id="app"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );

  const good = sh(join(BIN, 'tsc'), ['-p', 'tsconfig.json'], project);
  step('tsc on the public API (strict, skipLibCheck off)', good.code === 0);
  const bad = sh(join(BIN, 'tsc'), ['-p', 'tsconfig.bad.json'], project);
  step(
    'tsc rejects createWidget({ apiUrl }) with TS2353',
    bad.code !== 0 && /TS2353/.test(bad.out) && /apiUrl/.test(bad.out),
    bad.out.split('\n')[0],
  );
  // Node runs the server-side check from the installed tarball (its dist, no TypeScript loader).
  const nodeConfig = JSON.parse(tsconfig(['src/siwx.ts']));
  nodeConfig.compilerOptions = { ...nodeConfig.compilerOptions, noEmit: false, outDir: 'node-out' };
  writeFileSync(join(project, 'tsconfig.node.json'), JSON.stringify(nodeConfig));
  const built = sh(join(BIN, 'tsc'), ['-p', 'tsconfig.node.json'], project);
  const run = built.code === 0 ? sh(process.execPath, ['node-out/siwx.js'], project) : built;
  const expected = `{"parsed":true,"valid":true,"otherDomain":"Domain mismatch","session":"eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"}`;
  step(
    'node runs @airlock/siwx from the tarball (verify a message, refuse another domain, a session token)',
    run.stdout.trim() === expected,
    run.stdout.trim(),
  );
  const vite = sh(join(BIN, 'vite'), ['build', '--logLevel', 'warn', '--outDir', 'out'], project);
  step(
    'vite build of the app',
    vite.code === 0 && readdirSync(join(project, 'out/assets')).some((f) => f.endsWith('.js')),
  );

  const typesDir = join(project, 'node_modules/@airlock/host-sdk/dist/types');
  const types = readdirSync(typesDir, { recursive: true })
    .filter((f) => f.endsWith('.d.ts'))
    .map((f) => readFileSync(join(typesDir, f), 'utf8'))
    .join('\n');
  step(
    'host types (both entries) import only their own files',
    /declare const solana/.test(types) && !/from '[^.'][^']*'|import\('[^.]/.test(types),
  );

  // The examples (examples/*), installed from the same tarballs in one workspace root, type-checked
  // and built for the e2e stack, which e2e/examples.spec.ts loads in Chromium.
  await buildExamples({ packed, step, keep: process.env.AIRLOCK_PACK_KEEP === '1' });
} catch (error) {
  step('pack test', false, error instanceof Error ? error.message : String(error));
} finally {
  if (process.env.AIRLOCK_PACK_KEEP === '1') console.log(`[pack-test] kept ${project}`);
  else rmSync(project, { recursive: true, force: true });
}
console.log(`[pack-test] ${failed === 0 ? 'passed' : `${failed} step(s) failed`}`);
process.exitCode = failed === 0 ? 0 : 1;
