import type { SiwxOptions, SiwxSession } from '@airlock/protocol';
import type { EIP1193Provider, Widget } from '@airlock/host-sdk';
import { byId, byTestId } from './dom.ts';

/**
 * The demo's sign-in (SIWX) options and session panel. Sign-in is on when the demo config
 * says so (the dev stack) or with `?siwx=1`; `?siwx=0` turns it off. Further query
 * parameters exercise the options (e2e): `siwxRequired=1`, `siwxExpires=<seconds>`,
 * `siwxDomain=<host>` (a page trying to name another site: the widget ignores it),
 * `siwxCustom=1` (custom mode: this page's server issues the nonce and verifies) and
 * `siweConfig=1` (spec §5: refused next to `siwx`).
 */
export function demoSiwxOptions(defaultOn: boolean, search: string = location.search): Record<string, unknown> {
  const q = new URLSearchParams(search);
  const on = q.get('siwx') === '1' || (defaultOn && q.get('siwx') !== '0');
  if (!on) return {};
  const siwx: SiwxOptions & Record<string, unknown> = { statement: 'Sign in to the Airlock demo dapp.' };
  if (q.get('siwxRequired') === '1') siwx.required = true;
  const expires = Number(q.get('siwxExpires'));
  if (expires > 0) siwx.expiresInSeconds = expires;
  const domain = q.get('siwxDomain');
  if (domain) Object.assign(siwx, { domain, uri: `https://${domain}` });
  if (q.get('siwxCustom') === '1') {
    const api = `${location.origin}/api/siwx/custom`; // this page's own server verifies (e2e stack)
    siwx.custom = { nonceUrl: `${api}/nonce`, verifyUrl: `${api}/verify` };
  }
  return { siwx, ...(q.get('siweConfig') === '1' ? { siweConfig: {} } : {}) };
}

/**
 * Shows the signed-in session (`widget.getState().siwx`, the `siwx` provider event) and
 * lets the visitor ask this page's own server to verify its token (`POST /api/siwx/verify`,
 * served by the stack with `@airlock/siwx`) or to revoke it (`POST /api/siwx/revoke`).
 */
export function installSiwxPanel(widget: Widget, provider: EIP1193Provider): void {
  byId('siwx-panel').hidden = false;
  const ui = {
    status: byTestId('dapp-siwx'),
    account: byTestId('dapp-siwx-account'),
    domain: byTestId('dapp-siwx-domain'),
    server: byTestId('dapp-siwx-server'),
  };
  let session: SiwxSession | null = null;
  const show = (next: SiwxSession | null | undefined) => {
    session = next ?? null;
    ui.status.textContent = session ? 'signed in' : 'none';
    ui.account.textContent = session ? `${session.data.chainId}:${session.data.accountAddress}` : '';
    ui.domain.textContent = session ? session.data.domain : '';
  };
  show(widget.getState()?.siwx);
  widget.subscribe((state) => show(state.siwx));
  provider.on('siwx', show);
  const call = async (path: string, body: unknown) => {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { valid?: boolean; reason?: string; revoked?: boolean; message?: string };
  };
  byId('siwx-verify').addEventListener('click', async () => {
    ui.server.textContent = '';
    if (!session?.token) {
      ui.server.textContent = 'no session';
      return;
    }
    const result = await call('/api/siwx/verify', { token: session.token });
    ui.server.textContent = result.valid ? 'valid' : `invalid: ${result.reason}`;
  });
  byId('siwx-revoke').addEventListener('click', async () => {
    if (!session?.sessionId) return;
    const { chainId, accountAddress } = session.data;
    const result = await call('/api/siwx/revoke', {
      caipAddress: `${chainId}:${accountAddress}`,
      pci: session.sessionId,
      signature: session.signature,
    });
    ui.server.textContent = result.revoked ? 'revoked' : `not revoked: ${result.message}`;
  });
}
