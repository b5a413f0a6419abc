/**
 * Where the protocol is enforced: the files a reviewer reads beside PROTOCOL.md, as data.
 * PROTOCOL.md renders this list, and `src/enforcement.test.ts` fails when a listed path
 * does not exist, so the list cannot drift from the repository.
 */

/** One rule of the protocol and the files that enforce it (paths from the repository root). */
export type Enforcement = {
  /** Short name of the rule, e.g. "Parent-origin verification". */
  what: string;
  /** What the files do, in one or two sentences. */
  how: string;
  /** Repository-relative paths of the enforcing files. */
  paths: readonly string[];
};

/** The enforcement points, in the order a message travels (page → frame → page wallet). */
export const ENFORCEMENT: readonly Enforcement[] = [
  {
    what: 'Origin patterns',
    how: 'Parses allowlist entries (`*` only as a whole leftmost label or a whole port) and matches serialised origins; invalid entries never match. See docs/origins.md.',
    paths: ['packages/protocol/src/origin.ts'],
  },
  {
    what: 'Parent-origin verification',
    how: "Before penpal connects, the frame checks the origin the page claims against what the browser reports (ancestorOrigins, referrer) and against the project's allowed origins.",
    paths: [
      'apps/frame/src/config/verifyParentOrigin.ts',
      'apps/frame/src/config/boot.ts',
      'apps/frame/src/config/projectOrigins.ts',
      'apps/frame/src/config/originCache.ts',
      'apps/frame/src/config/refusal.ts',
    ],
  },
  {
    what: 'Message filter',
    how: "Window messages from the parent reach penpal only if they are well-formed handshake messages, and only until the handshake completes; after it, calls travel over penpal's private MessagePort.",
    paths: ['apps/frame/src/handlers/messageFilter.ts', 'apps/frame/src/handlers/connect.ts'],
  },
  {
    what: 'Method handlers',
    how: 'Every frame method validates its arguments with the zod schemas (-32602 and no change otherwise) and returns a Result; RPC requests are served according to the method-policy table.',
    paths: [
      'apps/frame/src/handlers/frameMethods.ts',
      'apps/frame/src/handlers/request.ts',
      'apps/frame/src/namespaces/eip155/request.ts',
      'apps/frame/src/namespaces/solana/request.ts',
      'packages/protocol/src/methods.ts',
      'packages/protocol/src/validate.ts',
      'packages/protocol/src/rpcMethods.ts',
    ],
  },
  {
    what: 'Values from the host',
    how: 'The frame validates every value the host returns (wallet announcements, the stored blob, wallet results) before using it.',
    paths: ['apps/frame/src/host/client.ts'],
  },
  {
    what: 'Deployment config',
    how: "What the frame trusts (provider API, relay, secure-frame origin, allowed-origin bound, Verify) comes from deployment.json on the frame's own origin or its build, never from the page's FrameConfig.",
    paths: ['apps/frame/src/config/deployment.ts', 'apps/frame/src/config/bootFrame.ts'],
  },
  {
    what: 'Wallet events from their own source',
    how: "The host's walletEvent reaches only the injected connector, and only for the page wallet the visitor connected; WalletConnect's account and chain changes come only from its session, checked against the session's namespaces.",
    paths: [
      'apps/frame/src/handlers/walletEvent.ts',
      'apps/frame/src/connectors/injected/connector.ts',
      'apps/frame/src/connectors/walletconnect/connector.ts',
      'apps/frame/src/app/connectors.ts',
    ],
  },
  {
    what: 'Storage',
    how: "Secrets (WalletConnect keys and session data) live only in the frame's own storage, a Storage Access grant or memory; only non-secret preferences may go to the dapp-origin blob; every key is prefixed with the verified parent origin.",
    paths: [
      'apps/frame/src/storage/secrets.ts',
      'apps/frame/src/storage/preferences.ts',
      'apps/frame/src/storage/keys.ts',
    ],
  },
  {
    what: 'Embedded wallet channel (widget frame side)',
    how: "The secure frame's origin comes only from the deployment; penpal is pinned to that iframe and origin; every call of the secure frame is validated, every answer checked against the method's result schema, every call has its time limit; a pending approval whose view leaves the stack is aborted (4001); the secure frame's iframe is placed over the approval view without moving it in the DOM.",
    paths: [
      'packages/protocol/src/embedded.ts',
      'packages/protocol/src/embeddedMethods.ts',
      'apps/frame/src/connectors/embedded/link.ts',
      'apps/frame/src/connectors/embedded/channel.ts',
      'apps/frame/src/connectors/embedded/parentMethods.ts',
      'apps/frame/src/connectors/embedded/connector.ts',
      'apps/frame/src/actions/embeddedApproval.ts',
      'apps/frame/src/views/ApproveTransactionView.tsx',
    ],
  },
  {
    what: 'Host bridge',
    how: 'The host pins the frame origin and window, and forwards to page wallets only the methods with `hostForward` (4200 otherwise); its compact copies of the method-policy table are pinned to it by a test.',
    paths: [
      'apps/host-sdk/src/createWidget.ts',
      'apps/host-sdk/src/walletBridge.ts',
      'apps/host-sdk/src/methodPolicy.ts',
    ],
  },
  {
    what: 'Host refusal handling',
    how: "The host accepts `airlock:refused` only from the iframe's window at the frame's origin, then rejects every pending and later call with 4900 and the reason.",
    paths: ['apps/host-sdk/src/createWidget.ts', 'packages/protocol/src/refusal.ts'],
  },
];
