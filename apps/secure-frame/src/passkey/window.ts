import { connect, WindowMessenger, type Methods } from 'penpal';
import { z } from 'zod/mini';
import { EMBEDDED_TIMEOUTS_MS, err, ErrorCode, ok, validate, type Result } from '@airlock/protocol';

/**
 * The passkey window: where the browser does not let the secure frame use WebAuthn inside the
 * widget (a cross-origin iframe without the `publickey-credentials-get` / `-create` permission),
 * the ceremony continues in a popup on the secure frame's own origin, as approvals do
 * (approval/popup.ts): a top-level window, so WebAuthn runs there with the secure frame's
 * origin as relying party. The frame keeps the device key and every API call; the window gets
 * only the WebAuthn options (public) and answers only the browser's credential JSON.
 */

/** What the ceremony is: a new passkey (`create`) or an assertion (`get`). */
export type CeremonyKind = 'create' | 'get';

/** A ceremony for the window: its kind and the options the API made (JSON). */
export type CeremonyRequest = { kind: CeremonyKind; options: Record<string, unknown> };

/** What the frame exposes to its passkey window. */
export type PasskeyWindowParent = {
  request: () => Promise<Result<CeremonyRequest>>;
  answer: (response: unknown) => Promise<Result<null>>;
};

/** The query parameter of the passkey window (`/?passkey=<id>`). */
export const PASSKEY_WINDOW_PARAM = 'passkey';

/** Message when the visitor closed the window (or no passkey was chosen there). */
export const PASSKEY_WINDOW_CLOSED = 'The passkey window was closed';

const AnswerSchema = z.tuple([z.union([z.looseObject({ id: z.string() }), z.strictObject({ error: z.string() })])]);

/** An open passkey window: `ceremony` hands it the request and waits for the credential. */
export type PasskeyWindow = {
  ceremony: (request: Promise<CeremonyRequest>) => Promise<unknown>;
  close: () => void;
};

/**
 * Opens the passkey window (call in a trusted click: a popup needs the user activation).
 * @returns null when the browser blocked it
 */
export function openPasskeyWindow(): PasskeyWindow | null {
  const url = new URL(location.href);
  url.search = `?${PASSKEY_WINDOW_PARAM}=1`;
  url.hash = '';
  const popup = window.open(url.href, `airlock-passkey-${crypto.randomUUID()}`, 'popup,width=440,height=560');
  if (!popup) return null;
  return {
    close: () => popup.close(),
    ceremony: (request) =>
      new Promise<unknown>((resolve, reject) => {
        const methods: PasskeyWindowParent = {
          request: async () => {
            try {
              return ok(await request);
            } catch (error) {
              return err(ErrorCode.InternalError, (error as Error).message);
            }
          },
          answer: async (...args: unknown[]) => {
            const parsed = validate(AnswerSchema, args);
            if (!parsed.ok) return parsed;
            const [value] = parsed.value;
            if ('error' in value)
              reject(Object.assign(new Error(String(value.error)), { code: ErrorCode.UserRejected }));
            else resolve(value);
            return ok(null);
          },
        };
        const connection = connect({
          messenger: new WindowMessenger({ remoteWindow: popup, allowedOrigins: [location.origin] }),
          methods: methods as unknown as Methods,
          timeout: EMBEDDED_TIMEOUTS_MS.load,
        });
        connection.promise.catch(() => {});
        const watch = setInterval(() => {
          if (!popup.closed) return;
          clearInterval(watch);
          connection.destroy();
          reject(Object.assign(new Error(PASSKEY_WINDOW_CLOSED), { code: ErrorCode.UserRejected }));
        }, 250);
        setTimeout(() => clearInterval(watch), EMBEDDED_TIMEOUTS_MS.login + 1_000);
      }),
  };
}

/** In the window: connects to the opener (the secure frame, same origin). */
export async function connectPasskeyOpener(): Promise<PasskeyWindowParent> {
  if (!window.opener) throw new Error('This window must be opened from the wallet');
  const connection = connect<PasskeyWindowParent & Methods>({
    messenger: new WindowMessenger({ remoteWindow: window.opener as Window, allowedOrigins: [location.origin] }),
    methods: {},
    timeout: EMBEDDED_TIMEOUTS_MS.load,
  });
  return (await connection.promise) as unknown as PasskeyWindowParent;
}
