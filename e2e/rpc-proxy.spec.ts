import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '@airlock/testing';
import { spawnApi, stopApi, waitForApi } from '../scripts/api.mjs';
import { rpc } from '../scripts/stack.mjs';
import { ACCOUNT_1 } from './support/api';
import { connectDevSolanaWallet } from './support/solana';
import { expect, test, urls } from './support/test';
import { DAPP_AUTO_APPROVE, connectDevWallet, showAccount, widget } from './support/widget';

// The frame reads every chain the deployment's API serves (eip155 and Solana) through the API's RPC proxy
// (`POST /v1/`, spec §7), and the dapp's own RPC URL only after it. Here the dapp's URLs are dead (a port nothing
// listens on), so every read the widget makes comes through the proxy.

const CHAIN_A = 'eip155:31337';

/** The dapp's own configuration with every `namespace` network's RPC URL at `deadUrl` (what a dapp may choose). */
async function deadRpcUrls(page: Page, deadUrl: string, namespace: 'eip155' | 'solana' = 'eip155'): Promise<void> {
  await page.route('**/demo-config.js', async (route) => {
    const body = await (await route.fetch()).text();
    const config = JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1));
    for (const network of config.networks)
      if (network.chainNamespace === namespace) network.rpcUrls = { default: { http: [deadUrl] } };
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.AIRLOCK_DEMO_CONFIG = ${JSON.stringify(config)};`,
    });
  });
}

/** A read the dapp asks through the widget's EIP-1193 provider (the frame answers it from the chain). */
function dappRead(page: Page, method: string, params: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([m, p]) =>
      (
        window as unknown as {
          __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: unknown): Promise<unknown> } };
        }
      ).__airlockDemoWidget
        .getProvider('eip155')
        .request({ method: m, params: p }),
    [method, params] as const,
  );
}

/** A port nothing listens on. */
async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

test('with the dapp’s RPC URLs dead, the widget reads the chain through the deployment API’s RPC proxy', async ({
  page,
}) => {
  await deadRpcUrls(page, await deadUrl());
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  // The native balance (a failed read shows 0.000 and the 'Token Balance Unavailable' toast).
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9]\d*\.\d{3} ETH$/);
  // A read the dapp asks for: the same answer as the chain's.
  const expected = await rpc(urls.rpcA, 'eth_getBalance', [ACCOUNT_1, 'latest']);
  expect(await dappRead(page, 'eth_getBalance', [ACCOUNT_1, 'latest'])).toBe(expected);
  await expect(widget(page).getByText('Token Balance Unavailable')).toHaveCount(0);
});

test('with the dapp’s Solana RPC URL dead, the widget reads the SOL balance through the deployment API’s RPC proxy', async ({
  page,
}) => {
  // The stack's API serves the local Solana chain (AIRLOCK_SOLANA_CHAINS), so its proxy does too.
  await deadRpcUrls(page, await deadUrl(), 'solana');
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevSolanaWallet(page);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9]\d*\.\d{3} SOL$/);
  await expect(widget(page).getByText('Token Balance Unavailable')).toHaveCount(0);
});

/** An upstream of the API: forwards JSON-RPC to anvil A and keeps the bodies it saw; `kill()` closes its port. */
type Upstream = { url: string; seen: string[]; kill: () => Promise<void> };

async function startUpstream(target: string): Promise<Upstream> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push(body);
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        },
        () => {
          res.writeHead(502);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let killed = false;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    kill: () =>
      new Promise<void>((resolve) => {
        if (killed) return resolve();
        killed = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('an API upstream killed mid-session: the widget’s reads go on through the next one, with no error', async ({
  page,
}) => {
  // Its own API (PGlite) over two upstreams of anvil A, so that one can be killed without touching the stack's.
  test.setTimeout(240_000);
  const upstreams = [await startUpstream(urls.rpcA), await startUpstream(urls.rpcA)];
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'airlock-e2e-rpc-proxy-'));
  const api = spawnApi({
    port,
    chains: [{ caipNetworkId: CHAIN_A, rpcUrl: upstreams[0]!.url, rpcUrls: [upstreams[1]!.url] }],
    dataDir,
    fresh: true,
    quiet: true,
  });
  try {
    await waitForApi(apiUrl, api, 180_000);
    // The frame's deployment names that API (the frame trusts only its own deployment.json).
    await page.route(`${urls.frame}/deployment.json`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), apiUrl } });
    });
    await deadRpcUrls(page, await deadUrl());
    await page.goto(DAPP_AUTO_APPROVE);
    await connectDevWallet(page);
    await showAccount(page);
    await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9]\d*\.\d{3} ETH$/);

    // A read only the dapp asks (an address nothing else reads): which upstream served it?
    const probe = '0x000000000000000000000000000000000000dead';
    const expected = await rpc(urls.rpcA, 'eth_getBalance', [probe, 'latest']);
    const served = () => upstreams.map((u) => u.seen.filter((body) => body.toLowerCase().includes(probe)).length);
    expect(await dappRead(page, 'eth_getBalance', [probe, 'latest'])).toBe(expected);
    const first = served();
    const used = first.findIndex((n) => n > 0);
    expect(used).toBeGreaterThanOrEqual(0);

    // Kill it mid-session: the next reads go to the other upstream, and the visitor sees no error.
    await upstreams[used]!.kill();
    expect(await dappRead(page, 'eth_getBalance', [probe, 'latest'])).toBe(expected);
    expect(await dappRead(page, 'eth_getBalance', [ACCOUNT_1, 'latest'])).toBe(
      await rpc(urls.rpcA, 'eth_getBalance', [ACCOUNT_1, 'latest']),
    );
    const other = 1 - used;
    expect(served()[other]).toBeGreaterThan(first[other]!);
    await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9]\d*\.\d{3} ETH$/);
    await expect(widget(page).getByText('Token Balance Unavailable')).toHaveCount(0);
  } finally {
    await stopApi(api);
    await Promise.all(upstreams.map((u) => u.kill()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
