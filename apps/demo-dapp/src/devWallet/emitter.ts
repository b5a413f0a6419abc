/** A listener of a provider event (EIP-1193: `accountsChanged`, `chainChanged`, `connect`, `disconnect`). */
export type Listener = (...args: unknown[]) => void;

/** The tiny EventEmitter-like part of an EIP-1193 provider. */
export type Emitter = {
  /** Adds `listener` for `event`. */
  on(event: string, listener: Listener): void;
  /** Removes `listener` for `event` (no-op when absent). */
  removeListener(event: string, listener: Listener): void;
  /** Calls every listener of `event` with `args`; a throwing listener is reported and does not stop the others. */
  emit(event: string, ...args: unknown[]): void;
};

/** Creates an {@link Emitter}. */
export function createEmitter(): Emitter {
  const listeners = new Map<string, Set<Listener>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args);
        } catch (error) {
          console.error(`[Dev Wallet] ${event} listener failed`, error);
        }
      }
    },
  };
}
