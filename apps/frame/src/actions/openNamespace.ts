import { type ChainNamespace, err, ErrorCode, ok, type Result } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { findNetwork, networkOn } from '../store/networks.ts';
import type { OpenableView } from '../store/routes.ts';
import { openModal, pushRoute } from './modal.ts';
import { switchNetwork } from './switchNetwork.ts';
import { connectionOf } from '../store/connection.ts';

/** The spec §5 text when the dapp names a namespace none of its networks is on. */
export const noAdapterFor = (chainNamespace: string): string => `Adapter for namespace ${chainNamespace} doesn't exist`;

/**
 * `open({ namespace })` (spec §2 'If another namespace is requested, the network switches first'):
 * when the active network is on another namespace, switches to the configured network of
 * `chainNamespace` (the first one the dapp listed), then opens the modal on its usual view — Connect
 * listing only that namespace's wallets while disconnected, Account when the connected wallet has an account
 * there. A connected wallet without an account on it opens SwitchActiveChain over Account (spec §2),
 * and the call still resolves when the modal closes. While the switch runs the modal state's `loading`
 * is true (the dapp's `WidgetState.loading`). Loaded only when a dapp passes a namespace.
 * @returns -32602 "Adapter for namespace {x} doesn't exist" when no configured network is on it, or
 * the wallet's error when it refused to switch; in both cases the modal stays closed.
 */
export async function openOnNamespace(
  frame: Frame,
  chainNamespace: ChainNamespace,
  view: OpenableView | undefined,
): Promise<Result<null>> {
  const { caipNetworkId } = connectionOf(frame.store.getState());
  if (findNetwork(frame.config, caipNetworkId)?.chainNamespace !== chainNamespace) {
    const target = networkOn(frame.config, chainNamespace, '');
    if (!target) return err(ErrorCode.InvalidParams, noAdapterFor(chainNamespace));
    // Spec §3 modal state `loading`: the dapp sees the switch before the modal shows.
    setLoading(frame, true);
    const switched = await switchNetwork(frame, target).finally(() => setLoading(frame, false));
    const shown = frame.store.getState().modal.stack.at(-1);
    const needsWallet = shown?.view === 'SwitchActiveChain';
    if (!switched.ok && !needsWallet) return switched;
    openModal(frame, { view, namespace: chainNamespace });
    if (needsWallet) pushRoute(frame, shown);
    return ok(null);
  }
  openModal(frame, { view, namespace: chainNamespace });
  return ok(null);
}

const setLoading = (frame: Frame, loading: boolean) =>
  frame.store.setState((s) => ({ modal: { ...s.modal, loading } }));
