// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyMessage, verifyTypedData, type Address } from 'viem';
import type { Network } from '@airlock/protocol';
import { announceDevWallet, DEV_WALLET_RDNS, type DevWalletInfo } from './announce.ts';
import { autoApprove } from './approval.ts';
import { mountDevWalletBadge } from './badge.ts';
import { createPanelApprover, PANEL_NAME } from './panel.ts';
import { CONNECTED_KEY, createDevWalletProvider, type DevWalletProvider } from './provider.ts';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const anvil = (id: number, name: string, port: number): Network => ({
  id,
  name,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } },
});
const networks = [anvil(31337, 'Anvil A', 8545), anvil(31338, 'Anvil B', 8546)];

const codeOf = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'resolved',
    (error: { code?: unknown }) => error.code,
  );

const panels = () => [...document.querySelectorAll(`[role="dialog"][aria-label="${PANEL_NAME}"]`)];
const button = (panel: Element, name: string) =>
  [...panel.querySelectorAll('button')].find((b) => b.textContent === name)!;
/** Waits until the approval panel is on the page (the queue asks asynchronously). */
const nextPanel = async (): Promise<Element> => {
  for (let i = 0; i < 50 && panels().length === 0; i++) await new Promise((r) => setTimeout(r, 0));
  const [panel] = panels();
  if (!panel) throw new Error('no Dev Wallet request panel');
  return panel;
};

beforeEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
});
afterEach(() => localStorage.clear());

describe('Dev Wallet discovery (EIP-6963)', () => {
  it('announces itself at start and again on every eip6963:requestProvider', () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    const seen: { info: DevWalletInfo; provider: unknown }[] = [];
    const onAnnounce = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    const stop = announceDevWallet(provider, window);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    stop();
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    window.removeEventListener('eip6963:announceProvider', onAnnounce);

    expect(seen).toHaveLength(3);
    const [first] = seen;
    expect(first!.info).toMatchObject({ name: 'Dev Wallet', rdns: DEV_WALLET_RDNS });
    expect(first!.info.icon).toMatch(/^data:image\/svg\+xml/);
    expect(first!.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first!.provider).toBe(provider);
    expect(Object.isFrozen(first)).toBe(true);
    expect(new Set(seen.map((s) => s.info.uuid)).size).toBe(1);
  });
});

describe('Dev Wallet accounts', () => {
  it('has no accounts before the person approves, then the anvil account 0, remembered across reloads', async () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));

    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ANVIL_ACCOUNT_0]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ANVIL_ACCOUNT_0]);
    expect(changes).toEqual([[ANVIL_ACCOUNT_0]]);
    expect(localStorage.getItem(CONNECTED_KEY)).not.toBeNull();

    const afterReload = createDevWalletProvider({ networks, approve: async () => false });
    expect(await afterReload.request({ method: 'eth_accounts' })).toEqual([ANVIL_ACCOUNT_0]);
  });

  it('Lock wallet forgets the approval and emits accountsChanged []', async () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    await provider.request({ method: 'eth_requestAccounts' });
    const changes: unknown[] = [];
    provider.on('accountsChanged', (accounts) => changes.push(accounts));
    provider.lock();
    expect(changes).toEqual([[]]);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('wallet_revokePermissions forgets the approval: the next eth_requestAccounts asks again', async () => {
    let asked = 0;
    const provider = createDevWalletProvider({
      networks,
      approve: async () => {
        asked++;
        return true;
      },
    });
    await provider.request({ method: 'eth_requestAccounts' });
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    await provider.request({ method: 'eth_requestAccounts' });
    expect(asked).toBe(2);
  });

  it("the badge says 'Not connected' without a Lock button, and the account with an enabled one", async () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    const unmount = mountDevWalletBadge(provider, document);
    const state = () => document.querySelector('[data-testid="devwallet-state"]')!.textContent;
    const lock = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Lock wallet')!;
    expect(state()).toBe('Not connected · Anvil A');
    expect(lock().hidden).toBe(true);
    await provider.request({ method: 'eth_requestAccounts' });
    expect(state()).toBe('0xf39F…2266 · Anvil A');
    expect(lock().hidden).toBe(false);
    expect(lock().disabled).toBe(false);
    lock().click();
    expect(state()).toBe('Not connected · Anvil A');
    unmount();
  });

  it('rejects with 4001 when the person clicks Reject in the Dev Wallet request panel', async () => {
    const provider = createDevWalletProvider({ networks, approve: createPanelApprover(document) });
    const pending = provider.request({ method: 'eth_requestAccounts' });
    const panel = await nextPanel();
    expect(panel.textContent).toContain('eth_requestAccounts');
    button(panel, 'Reject').click();

    await expect(pending).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(panels()).toHaveLength(0);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('asks one request at a time and shows what is being signed', async () => {
    const provider = createDevWalletProvider({ networks, approve: createPanelApprover(document) });
    const connecting = provider.request({ method: 'eth_requestAccounts' });
    button(await nextPanel(), 'Approve').click();
    await connecting;

    const first = provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ANVIL_ACCOUNT_0] });
    const second = provider.request({ method: 'personal_sign', params: ['second message', ANVIL_ACCOUNT_0] });
    const panel = await nextPanel();
    expect(panels()).toHaveLength(1);
    expect(panel.textContent).toContain('personal_sign');
    expect(panel.textContent).toContain('Message: hello');
    button(panel, 'Approve').click();
    expect(await first).toMatch(/^0x[0-9a-f]{130}$/);

    const next = await nextPanel();
    expect(next.textContent).toContain('Message: second message');
    button(next, 'Reject').click();
    expect(await codeOf(second)).toBe(4001);
  });
});

describe('Dev Wallet signing', () => {
  let provider: DevWalletProvider;
  beforeEach(async () => {
    provider = createDevWalletProvider({ networks, approve: autoApprove });
    await provider.request({ method: 'eth_requestAccounts' });
  });

  it('personal_sign gives a signature that viem verifyMessage accepts (utf8 and hex messages)', async () => {
    const address = ANVIL_ACCOUNT_0 as Address;
    const text = await provider.request({ method: 'personal_sign', params: ['Hello Airlock', address] });
    expect(await verifyMessage({ address, message: 'Hello Airlock', signature: text as `0x${string}` })).toBe(true);
    expect(await verifyMessage({ address, message: 'Hello Airlock!', signature: text as `0x${string}` })).toBe(false);

    const hex = await provider.request({ method: 'personal_sign', params: ['0x48656c6c6f', address] });
    expect(await verifyMessage({ address, message: 'Hello', signature: hex as `0x${string}` })).toBe(true);
  });

  it('eth_signTypedData_v4 gives a signature that viem verifyTypedData accepts', async () => {
    const typed = {
      domain: { name: 'Airlock Demo', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'gm' },
    } as const;
    const signature = await provider.request({
      method: 'eth_signTypedData_v4',
      params: [ANVIL_ACCOUNT_0, JSON.stringify(typed)],
    });
    const { EIP712Domain: _, ...types } = typed.types;
    expect(
      await verifyTypedData({ ...typed, types, address: ANVIL_ACCOUNT_0, signature: signature as `0x${string}` }),
    ).toBe(true);
  });

  it('refuses to sign before approval (4100) and for another address (4100)', async () => {
    provider.lock();
    expect(await codeOf(provider.request({ method: 'personal_sign', params: ['hi', ANVIL_ACCOUNT_0] }))).toBe(4100);
    expect(await codeOf(provider.request({ method: 'eth_signTypedData_v4', params: [ANVIL_ACCOUNT_0, '{}'] }))).toBe(
      4100,
    );
    expect(await codeOf(provider.request({ method: 'eth_sendTransaction', params: [{ from: ANVIL_ACCOUNT_0 }] }))).toBe(
      4100,
    );
    await provider.request({ method: 'eth_requestAccounts' });
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(await codeOf(provider.request({ method: 'personal_sign', params: ['hi', other] }))).toBe(4100);
  });
});

describe('Dev Wallet chains and methods', () => {
  it('switches to a known chain (chainChanged 0x7a6a) and refuses an unknown one with 4902', async () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    const changes: unknown[] = [];
    provider.on('chainChanged', (chainId) => changes.push(chainId));
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
    expect(changes).toEqual(['0x7a6a']);

    const unknown = provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(await codeOf(unknown)).toBe(4902);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a');
  });

  it('wallet_addEthereumChain makes an unknown chain switchable', async () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    const chain = { chainId: '0x7a6b', chainName: 'Anvil C', rpcUrls: ['http://127.0.0.1:8547'] };
    expect(await provider.request({ method: 'wallet_addEthereumChain', params: [chain] })).toBeNull();
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] });
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6b');
    expect(provider.activeChain().name).toBe('Anvil C');
  });

  it('answers a method it does not support with 4200', async () => {
    const provider = createDevWalletProvider({ networks, approve: autoApprove });
    const error = await provider.request({ method: 'eth_getEncryptionPublicKey', params: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4200 });
    expect(await codeOf(provider.request({ method: 'toString' }))).toBe(4200);
  });
});
