import type { z } from 'zod/mini';
import {
  Alert,
  EMBEDDED_TIMEOUTS_MS,
  EmbeddedUserSchema,
  ErrorCode,
  FrameConfigSchema,
  HostEventSchema,
  Message,
  HOST_FORWARDED_METHODS,
  REFUSAL_REASON_MAX,
  REFUSED_MESSAGE_TYPE,
  RPC_METHOD_POLICY,
  Timeout,
  WalletEventSchema,
  WidgetStateSchema,
  embeddedParentMethods,
  frameMethods,
  hostMethods,
  solanaHostMethods,
  secureFrameMethods,
  type MethodSpec,
} from '../src/index.ts';
import { Bip122WalletEventSchema, bitcoinHostMethods } from '../src/bip122Wallets.ts';
import { CosmosWalletEventSchema, cosmosHostMethods } from '../src/cosmosWallets.ts';
import { PolkadotWalletEventSchema, polkadotHostMethods } from '../src/polkadotWallets.ts';
import { CreateSessionParamsSchema, InvokeMethodParamsSchema, multichainHostMethods } from '../src/multichain.ts';
import { ENFORCEMENT } from './enforcement.ts';
import { renderParams, renderSchema } from './renderSchema.ts';

const code = (text: string) => `\`\`\`ts\n${text}\n\`\`\``;

function method(name: string, spec: MethodSpec): string {
  const errors = Object.entries(spec.errors)
    .map(([c, when]) => `| ${c} | ${when} |`)
    .join('\n');
  return [
    `### \`${name}\``,
    '',
    spec.summary,
    '',
    'Parameters:',
    '',
    code(`${name}${renderParams(spec.params, spec.paramNames)}`),
    '',
    'Result value (inside `{ ok: true, value }`):',
    '',
    code(renderSchema(spec.result)),
    '',
    `Timeout applied by the caller: ${spec.timeout}.`,
    '',
    errors
      ? `Errors (inside \`{ ok: false, error }\`):\n\n| code | when |\n|---|---|\n${errors}`
      : 'Errors: none specific to this method.',
    '',
  ].join('\n');
}

const yes = (b: boolean) => (b ? 'yes' : 'no');

/** The method-policy table (rpcMethods.ts) as a Markdown table. */
function methodPolicyTable(): string {
  const rows = Object.entries(RPC_METHOD_POLICY).map(
    ([m, p]) => `| \`${m}\` | ${p.class} | ${yes(p.waitsForPerson)} | ${yes(p.unsafe)} | ${yes(p.hostForward)} |`,
  );
  return [
    '| method | class | waits for a person | unsafe (spec §6) | forwarded to page wallets |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The enforcement list (enforcement.ts) as Markdown. */
function enforcementList(): string {
  return ENFORCEMENT.map((e) => `- **${e.what}**: ${e.how} ${e.paths.map((p) => `[\`${p}\`](${p})`).join(', ')}`).join(
    '\n',
  );
}

/** The embedded-wallet channel (embedded.ts): rules, timeouts, both method tables, the user shape. */
function embeddedSection(): string[] {
  const t = EMBEDDED_TIMEOUTS_MS;
  return [
    '## Embedded wallet channel (widget frame ↔ secure frame)',
    '',
    'The embedded (email) wallet keeps its keys in a third origin, the secure frame (origin C), which the widget frame (origin B) embeds as a hidden iframe. They talk in the same style as host and frame: penpal v7, positional parameters validated with zod on arrival, every method returning the result union. Source: `packages/protocol/src/embedded.ts` (schemas) and `packages/protocol/src/embeddedMethods.ts` (method tables).',
    '',
    '### Rules',
    '',
    "- The secure frame's origin comes only from the widget frame's deployment (`secureFrameOrigin` in `deployment.json` or the build); without one the email login is not offered. B pins it: `WindowMessenger` with `allowedOrigins: [secureFrameOrigin]` on that iframe's window.",
    "- C accepts only B's deployment origin as its parent, and checks the dapp origin B reports (`syncDappData`) against the project's allowed origins.",
    `- Lifecycle (spec §4): iframe created → C calls \`ready\` → ${t.postReady} ms → initialized; B then calls \`syncDappData\` (the parent origin B verified) and \`syncTheme\`, and only then any other method. No \`ready\` within ${t.load} ms: **Network Error - Could not load embedded wallet**, with Try again (RELOAD: a fresh iframe).`,
    `- Every call has a time limit (ms): login and email-update calls ${t.login}; \`signOut\` ${t.signOut} (the widget frame forgets the user either way); unsafe \`rpcRequest\` ${t.approval} (the person decides in the approval); everything else ${t.default}. No answer in time: -32603 **Embedded Wallet Request Timed Out**.`,
    "- B validates every answer of C with the method's result schema (an invalid answer is -32603) and every call of C with the parameter schemas below (-32602, nothing changes).",
    '- Dapp requests for the embedded account: reads and account queries are answered without a person; methods marked unsafe in the method-policy table go to `rpcRequest` with a random id, the active `caipNetworkId` and its RPC URL, and open ApproveTransaction, where C renders its own approval over the space B reserves (`setLayout`). Closing the modal or leaving the view while it is pending sends `rpcAbort` and answers the dapp 4001 at once. An unsupported method gets 4200 and, 300 ms later, its message.',
    '- Nothing that crosses this channel carries key material: `EmbeddedUser` holds addresses and profile only.',
    '',
    '### Methods the secure frame exposes (called by the widget frame)',
    '',
    ...Object.entries(secureFrameMethods).map(([n, s]) => method(n, s)),
    '### Methods the widget frame exposes (called by the secure frame)',
    '',
    ...Object.entries(embeddedParentMethods).map(([n, s]) => method(n, s)),
    '### EmbeddedUser',
    '',
    code(renderSchema(EmbeddedUserSchema)),
    '',
  ];
}

/** Builds the full text of PROTOCOL.md. Pure: same schemas, same text. */
export function buildProtocolMd(): string {
  const codes = Object.entries(ErrorCode)
    .map(([name, value]) => `| ${value} | ${name} |`)
    .join('\n');
  const messages = Object.values(Message)
    .map((m) => `- ${m}`)
    .join('\n');
  const alerts = Object.values(Alert)
    .map((a) => `- **${a.short}**: ${a.long}`)
    .join('\n');
  return [
    '# Airlock host-frame protocol',
    '',
    '<!-- Generated by packages/protocol/scripts/generate-protocol-md.ts from packages/protocol/src. Do not edit by hand: run `npm run protocol:md`. -->',
    '',
    'The dapp page (host SDK, origin A) and the widget frame (origin B) talk over penpal v7 (`WindowMessenger`, postMessage).',
    'This file lists every method each side exposes, with parameters, results and errors, generated from the zod schemas in `packages/protocol/src`.',
    '',
    '## Rules',
    '',
    "- The host pins the frame's exact origin (`allowedOrigins: [new URL(frameUrl).origin]`).",
    "- The frame learns the parent origin from `config.parentOrigin` in its URL, cross-checks it with `location.ancestorOrigins[0]` and the origin of `document.referrer`, requires every entry of `location.ancestorOrigins` to be allowed too (a foreign page framing an allowed dapp gets nothing), checks it against the project's allowed origins from the deployment's provider API intersected with the deployment's own bound (patterns as in [docs/origins.md](docs/origins.md), spec §5; see docs/threat-model.md), and only then connects with `allowedOrigins: [thatOrigin]`. A parent that is not allowed, or that lied, never connects; the frame shows **Invalid App Configuration**.",
    `- A refused page learns it at once: the frame posts \`{ type: '${REFUSED_MESSAGE_TYPE}', reason }\` to \`window.parent\` with \`targetOrigin\` = the claimed parent origin, and nothing else. The host accepts it only from the iframe's window (\`event.source\`) at the frame's origin (\`event.origin\`), cuts \`reason\` to ${REFUSAL_REASON_MAX} characters, and rejects every pending and later call, \`open()\` included, with 4900 "Airlock: origin not allowed (<reason>)".`,
    "- The caller's identity is the browser's `MessageEvent.origin` (checked by penpal), never a field of a payload.",
    '- The frame validates every parameter of every call, and every value the host returns, with the schemas below. A malformed call gets `{ ok: false, error: { code: -32602 } }` and changes nothing.',
    "- Every method returns `{ ok: true, value } | { ok: false, error: { code, message, data? } }` (penpal drops an Error's `code` and `data`); the host turns errors back into EIP-1193 `ProviderRpcError`s with `code` and `data` intact.",
    `- The host forwards to a page wallet only: ${HOST_FORWARDED_METHODS.map((m) => `\`${m}\``).join(', ')}. Anything else gets 4200.`,
    `- Timeouts (ms): handshake ${Timeout.handshake}; calls that do not wait for a person ${Timeout.read}; wallet calls that wait for a person ${Timeout.person}.`,
    '',
    '## RPC methods (the method-policy table)',
    '',
    "What `request()` on the widget's EIP-1193 provider accepts, from `packages/protocol/src/rpcMethods.ts`. Any other method gets 4200. Classes: `read` is answered by the active network's RPC, also while disconnected; `account` from the widget's own state; `connect` asks for account access (opens the modal when disconnected); `wallet` goes to the connected wallet (4100 while disconnected). A method that waits for a person has no host-side timeout and gets the wallet timeout in the frame; an unsafe one signs or moves value, so an embedded wallet shows an approval screen first.",
    '',
    methodPolicyTable(),
    '',
    '## Where the protocol is enforced',
    '',
    'The files to read with this contract (the list is data in `packages/protocol/scripts/enforcement.ts`; a test checks that every path exists):',
    '',
    enforcementList(),
    '',
    '## Frame configuration (iframe URL `?config=`)',
    '',
    code(renderSchema(FrameConfigSchema)),
    '',
    '## Methods the frame exposes (called by the host)',
    '',
    ...Object.entries(frameMethods).map(([n, s]) => method(n, s)),
    '## Methods the host exposes (called by the frame)',
    '',
    ...Object.entries(hostMethods).map(([n, s]) => method(n, s)),
    '## Methods the host exposes with its opt-in Solana entry (`@airlock/host-sdk/solana`)',
    '',
    "A host without the entry has no `solana` methods: the call fails and the frame lists no Solana wallet. Requests of `getProvider('solana')` go through the frame's `request` with chainNamespace `solana` (`SolanaRequestParamsSchemas` in `packages/protocol/src/solana.ts`).",
    '',
    ...Object.entries(solanaHostMethods).map(([n, s]) => method(n, s)),
    '',
    '## Methods the host exposes with its opt-in Bitcoin entry (`@airlock/host-sdk/bitcoin`)',
    '',
    'A host without the entry has no `bitcoin` methods: the call fails and the frame lists no Bitcoin wallet. The shapes are in `packages/protocol/src/bip122Wallets.ts`; an account change of a bridged wallet is sent with `walletEvent` as:',
    '',
    code(renderSchema(Bip122WalletEventSchema as unknown as z.ZodMiniType)),
    '',
    ...Object.entries(bitcoinHostMethods).map(([n, s]) => method(n, s)),
    '',
    '## Methods the host exposes with its opt-in Cosmos entry (`@airlock/host-sdk/cosmos`)',
    '',
    'A host without the entry has no `cosmos` methods. The shapes are in `packages/protocol/src/cosmosWallets.ts`; a key change of a bridged wallet is sent with `walletEvent` as:',
    '',
    code(renderSchema(CosmosWalletEventSchema as unknown as z.ZodMiniType)),
    '',
    ...Object.entries(cosmosHostMethods).map(([n, s]) => method(n, s)),
    '',
    '## Methods the host exposes with its opt-in Polkadot entry (`@airlock/host-sdk/polkadot`)',
    '',
    'A host without the entry has no `polkadot` methods. The shapes are in `packages/protocol/src/polkadotWallets.ts`; an account change of an enabled extension is sent with `walletEvent` as:',
    '',
    code(renderSchema(PolkadotWalletEventSchema as unknown as z.ZodMiniType)),
    '',
    ...Object.entries(polkadotHostMethods).map(([n, s]) => method(n, s)),
    '',
    '## The multichain session (CAIP-25) and the opt-in multichain entry (`@airlock/host-sdk/multichain`)',
    '',
    "The dapp's `wallet_createSession`, `wallet_getSession`, `wallet_revokeSession` and `wallet_invokeMethod` travel in the frame's `request` (the entry names chainNamespace `eip155` for all four); the frame answers them from its session module, never from a namespace router, and validates their params (`packages/protocol/src/multichain.ts`). `wallet_createSession` params:",
    '',
    code(renderSchema(CreateSessionParamsSchema as unknown as z.ZodMiniType)),
    '',
    '`wallet_invokeMethod` params:',
    '',
    code(renderSchema(InvokeMethodParamsSchema as unknown as z.ZodMiniType)),
    '',
    'A host without the entry has no `multichain` methods (the notifications are then lost; the frame ignores the failure).',
    '',
    ...Object.entries(multichainHostMethods).map(([n, s]) => method(n, s)),
    '',
    ...embeddedSection(),
    '## Shared shapes',
    '',
    '### WidgetState',
    '',
    code(renderSchema(WidgetStateSchema)),
    '',
    '### HostEvent (`emit`)',
    '',
    code(renderSchema(HostEventSchema)),
    '',
    '### WalletEvent (`walletEvent`)',
    '',
    code(renderSchema(WalletEventSchema as unknown as z.ZodMiniType)),
    '',
    '## Error codes (EIP-1193, EIP-1474, spec §8)',
    '',
    '| code | name |',
    '|---|---|',
    codes,
    '',
    '## Messages (spec §5, §8)',
    '',
    messages,
    '',
    '## Alerts (spec §8)',
    '',
    alerts,
    '',
  ].join('\n');
}
