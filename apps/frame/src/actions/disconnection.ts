import type { Frame } from '../store/frame.ts';
import { findNetwork, startingNetwork } from '../store/networks.ts';
import { initialConnections } from '../store/connectionsCore.ts';
import { forgotten } from '../store/forgottenConnectors.ts';
import { connectionOf } from '../store/connection.ts';
import { idleOn, type FrameState } from '../store/state.ts';

// The disconnected transition (connection.ts has the connected one), in the initial JS.

/**
 * Disconnected in one state change: no address, wallet or balance; the remembered
 * connector forgotten (no silent reconnect); the network kept when configured, else
 * the starting network; the modal closed unless `keepModal`.
 */
export function recordDisconnection(frame: Frame, options: { keepModal?: boolean } = {}): void {
  frame.store.setState((s): Partial<FrameState> => {
    const shown = connectionOf(s).caipNetworkId;
    const caipNetworkId = findNetwork(frame.config, shown) ? shown : startingNetwork(frame.config, s.preferences);
    return {
      active: idleOn(caipNetworkId),
      connections: initialConnections,
      preferences: forgotten(s.preferences, s.connections),
      modal: options.keepModal ? s.modal : { open: false, shake: false, stack: [{ view: 'Connect' }] },
    };
  });
}
