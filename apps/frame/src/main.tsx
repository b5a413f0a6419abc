import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initNetwork } from './actions/network.ts';
import { expectRestore, restoreSession } from './actions/restore.ts';
import { startStateSync } from './actions/state.ts';
import { connectToHost } from './bridge/connect.ts';
import { hostStorageGet, hostStorageSet } from './bridge/host.ts';
import { hydrateFromHost } from './stores/persistence.ts';
import { bootFrame } from './config/bootFrame.ts';
import { startApi } from './api/start.ts';
import { useOptionsStore } from './stores/options.ts';
import './styles.css';

/**
 * Frame entry: verify the FrameConfig and the parent origin FIRST
 * (docs/threat-model.md); only a verified, allowed parent gets a penpal connection.
 * Otherwise the frame renders the spec §8 alert and never connects.
 */
async function start(): Promise<void> {
  const boot = await bootFrame();
  if (!boot.ok) {
    useOptionsStore.setState({ problem: boot.problem });
  } else {
    useOptionsStore.setState({ config: boot.config, parentOrigin: boot.parentOrigin, problem: null, deployment: boot.deployment });
    initNetwork();
    startApi();
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  if (!boot.ok) return;
  expectRestore();
  await connectToHost(boot.parentOrigin);
  // Third-party storage denied: the remembered wallet and network live on the dapp origin.
  await hydrateFromHost(hostStorageGet, hostStorageSet);
  initNetwork();
  startStateSync();
  await restoreSession();
}

void start().catch((error: unknown) => {
  console.error('[airlock frame]', error);
});
