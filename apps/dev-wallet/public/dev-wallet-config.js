// Sample configuration for the dev ports of docs/integration.md (relay ws://127.0.0.1:8555,
// anvil A 8545 / chain 31337, anvil B 8546 / chain 31338). The dev stack serves its own
// dev-wallet-config.js at this path with the ports of its mode; this file is the fallback for a
// plain `vite` or a static server on apps/dev-wallet/dist.
window.AIRLOCK_DEV_WALLET_CONFIG = {
  relayUrl: 'ws://127.0.0.1:8555',
  projectId: 'airlock-dev',
  networks: [
    { caipNetworkId: 'eip155:31337', name: 'Anvil A', rpcUrl: 'http://127.0.0.1:8545' },
    { caipNetworkId: 'eip155:31338', name: 'Anvil B', rpcUrl: 'http://127.0.0.1:8546' },
  ],
};
