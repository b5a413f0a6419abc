// Sample configuration for the dev ports of docs/integration.md.
// The dev stack (scripts/stack.mjs) serves its own /demo-config.js at this path,
// with the ports of its mode; this file is only the fallback for a plain `vite`.
window.AIRLOCK_DEMO_CONFIG = {
  frameUrl: 'http://127.0.0.1:5174/',
  projectId: 'demo-project',
  devWallet: true,
  networks: [
    {
      id: 31337,
      name: 'Anvil A',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
      testnet: true,
    },
    {
      id: 31338,
      name: 'Anvil B',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31338',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
      testnet: true,
    },
  ],
};
