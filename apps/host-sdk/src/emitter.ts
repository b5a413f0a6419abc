/** An event listener; receives the event's single argument (EIP-1193 events carry one). */
export type Listener = (data: unknown) => void;

/**
 * A minimal Node.js-style event emitter, the part EIP-1193 asks for.
 *
 * - `on(event, listener)` / `removeListener(event, listener)` add and remove a listener
 *   (adding the same function twice keeps one).
 * - `emit(event, data)` calls the event's listeners in the order they were added; a
 *   listener that throws is reported with `console.error` and does not stop the others.
 */
export type Emitter = {
  /** Adds `listener` for `event`. */
  on(event: string, listener: Listener): void;
  /** Removes `listener` from `event`; unknown listeners are ignored. */
  removeListener(event: string, listener: Listener): void;
  /** Calls every listener of `event` with `data`. */
  emit(event: string, data?: unknown): void;
};

/** Returns `map.get(key)`, first setting it to `create()` when the key is missing. */
export const memo = <V>(map: Map<string, V>, key: string, create: () => V): V =>
  map.get(key) ?? (map.set(key, create()), map.get(key)!);

/** Creates an {@link Emitter} (EIP-1193 'Events'). */
export const createEmitter = (): Emitter => {
  const m = new Map<string, Set<Listener>>();
  const get = (e: string) => memo(m, e, () => new Set());
  return {
    on: (e, l) => void get(e).add(l),
    removeListener: (e, l) => void get(e).delete(l),
    emit: (e, d) =>
      get(e).forEach((l) => {
        try {
          l(d);
        } catch (x) {
          console.error(x);
        }
      }),
  };
};
