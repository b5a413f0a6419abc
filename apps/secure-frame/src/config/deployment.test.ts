import { describe, expect, it } from 'vitest';
import { loadDeployment } from './deployment.ts';

// No deployment.json is reachable here (a relative fetch fails in Node): the build-time values apply.
const base = {
  VITE_AIRLOCK_WIDGET_ORIGIN: 'https://widget.example.com',
  VITE_AIRLOCK_API_URL: 'https://api.example.com',
};

describe('secure frame deployment', () => {
  it('reads the trusted RPC URL per network from VITE_AIRLOCK_RPC_URLS, none when unset', async () => {
    expect((await loadDeployment(base)).rpcUrls).toEqual({});
    const rpcUrls = {
      'eip155:1': 'https://rpc.example.com/eth',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://sol.example.com',
    };
    expect(await loadDeployment({ ...base, VITE_AIRLOCK_RPC_URLS: JSON.stringify(rpcUrls) })).toEqual({
      widgetOrigin: 'https://widget.example.com',
      apiUrl: 'https://api.example.com',
      rpcUrls,
      nativeCurrencies: {},
      smartAccounts: {},
      networkNames: {},
    });
  });

  it('reads the smart account networks from VITE_AIRLOCK_SMART_ACCOUNTS: eip155 only, each with a trusted RPC', async () => {
    const rpcUrls = JSON.stringify({ 'eip155:1': 'https://rpc.example.com/eth' });
    const smart = (value: unknown) =>
      loadDeployment({ ...base, VITE_AIRLOCK_RPC_URLS: rpcUrls, VITE_AIRLOCK_SMART_ACCOUNTS: JSON.stringify(value) });
    expect((await smart({ 'eip155:1': 'safe' })).smartAccounts).toEqual({ 'eip155:1': 'safe' });
    expect((await smart({ 'eip155:1': 'eip7702' })).smartAccounts).toEqual({ 'eip155:1': 'eip7702' });
    // No trusted RPC for the network: its address and fees would come from the page's.
    await expect(smart({ 'eip155:10': 'safe' })).rejects.toThrow(/rpcUrls entry/);
    await expect(smart({ 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'safe' })).rejects.toThrow(/smartAccounts/);
    await expect(smart({ 'eip155:1': 'kernel' })).rejects.toThrow(/smartAccounts/);
  });

  it('reads the native currency per network from VITE_AIRLOCK_NATIVE_CURRENCIES, none when unset', async () => {
    const nativeCurrencies = {
      'eip155:1': { symbol: 'ETH', decimals: 18 },
      'eip155:7001': { symbol: 'DEV', decimals: 18 },
    };
    expect(
      (await loadDeployment({ ...base, VITE_AIRLOCK_NATIVE_CURRENCIES: JSON.stringify(nativeCurrencies) }))
        .nativeCurrencies,
    ).toEqual(nativeCurrencies);
  });

  it('reads the name of each network an approval shows from VITE_AIRLOCK_NETWORK_NAMES, refuses markup', async () => {
    const names = (value: unknown) => loadDeployment({ ...base, VITE_AIRLOCK_NETWORK_NAMES: JSON.stringify(value) });
    expect((await names({ 'solana:8xH': 'Solana Local' })).networkNames).toEqual({ 'solana:8xH': 'Solana Local' });
    await expect(names({ 'solana:8xH': '<b>Solana</b>' })).rejects.toThrow(/network name/);
    await expect(names({ 'solana:8xH': 'x'.repeat(41) })).rejects.toThrow(/network name/);
  });

  it('refuses a currency symbol that is not a short word, decimals out of range, and unknown fields', async () => {
    const withCurrency = (currency: unknown) =>
      loadDeployment({ ...base, VITE_AIRLOCK_NATIVE_CURRENCIES: JSON.stringify({ 'eip155:1': currency }) });
    await expect(withCurrency({ symbol: 'ETH 1000', decimals: 18 })).rejects.toThrow(/currency symbol/);
    await expect(withCurrency({ symbol: '', decimals: 18 })).rejects.toThrow(/currency symbol/);
    await expect(withCurrency({ symbol: 'ETH', decimals: 37 })).rejects.toThrow(/nativeCurrencies/);
    await expect(withCurrency({ symbol: 'ETH', decimals: 18, name: 'Ether' })).rejects.toThrow(/nativeCurrencies/);
    await expect(loadDeployment({ ...base, VITE_AIRLOCK_NATIVE_CURRENCIES: 'ETH' })).rejects.toThrow(/not JSON/);
  });

  it('refuses a network id that is not CAIP-2, a URL that is not http(s), and text that is not JSON', async () => {
    await expect(
      loadDeployment({ ...base, VITE_AIRLOCK_RPC_URLS: '{"mainnet":"https://rpc.example.com"}' }),
    ).rejects.toThrow(/rpcUrls/);
    await expect(
      loadDeployment({ ...base, VITE_AIRLOCK_RPC_URLS: '{"eip155:1":"ws://rpc.example.com"}' }),
    ).rejects.toThrow(/http\(s\) URL/);
    await expect(loadDeployment({ ...base, VITE_AIRLOCK_RPC_URLS: 'eip155:1=https://x' })).rejects.toThrow(/not JSON/);
  });
});
