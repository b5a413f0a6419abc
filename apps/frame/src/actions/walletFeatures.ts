import { onrampOn, type FrameConfig } from '@airlock/protocol';
import { namespaceOf } from '../namespaces/info.ts';
import { findNetwork } from '../store/networks.ts';
import type { FrameState } from '../store/state.ts';
import { canRegisterName } from './namesGate.ts';
import { connectionOf } from '../store/connection.ts';

/** A wallet feature the Account view offers: spec §1 order onramp, swaps, receive, send; then the name. */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send' | 'name';

/**
 * The wallet features to offer on Account, in the spec §1 order (onramp, swaps, receive,
 * send), by the effective features (spec §1: remote ones when the project configuration
 * loaded, else the dapp's local ones): `onramp` and `swaps` when on (both off by default
 * and in basic mode) and the active network is a configured one whose namespace supports them
 * (eip155); `receive` unless off; `send` unless off, on a configured network whose namespace
 * supports it (spec §9 'Send supported on EVM and Solana'); then `name` when
 * {@link canRegisterName}. Pure.
 */
export function walletFeatures(state: FrameState, config: FrameConfig): WalletFeature[] {
  const { features } = state.features;
  const network = findNetwork(config, connectionOf(state).caipNetworkId);
  const supports = (network && namespaceOf(network.caipNetworkId)?.supports) || {};
  const list: WalletFeature[] = [];
  if (supports.onramp && onrampOn(features)) list.push('onramp');
  if (supports.swaps && features.swaps === true) list.push('swaps');
  if (features.receive !== false) list.push('receive');
  if (supports.send && features.send !== false) list.push('send');
  if (canRegisterName(state)) list.push('name');
  return list;
}
