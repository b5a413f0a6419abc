import { z } from 'zod/mini';

/**
 * The secure frame's deployment (docs/embedded-wallet.md "Deployment"): the widget
 * frame origin it accepts as its parent, the provider API, the trusted JSON-RPC URL
 * of each network (`rpcUrls`, CAIP-2 id → http(s) URL; may be empty) that fees, nonces
 * and the facts an approval shows are read from, and the native currency of each network
 * (`nativeCurrencies`, CAIP-2 id → `{ symbol, decimals }`; optional, default none) that a
 * transaction's amounts are shown in, and the networks with smart accounts (`smartAccounts`, CAIP-2 id →
 * `safe` | `eip7702`; default none), and the name an approval shows for each network (`networkNames`, CAIP-2 id →
 * 1–40 characters; default none: the well-known networks keep their names, others show their id).
 * Read from build-time `VITE_AIRLOCK_WIDGET_ORIGIN` /
 * `VITE_AIRLOCK_API_URL` / `VITE_AIRLOCK_RPC_URLS` (JSON) / `VITE_AIRLOCK_NATIVE_CURRENCIES` (JSON) /
 * `VITE_AIRLOCK_SMART_ACCOUNTS` (JSON) / `VITE_AIRLOCK_NETWORK_NAMES` (JSON),
 * then `./deployment.json` on the secure frame's own origin, field by field. Never from the page.
 */
export type SecureFrameDeployment = {
  widgetOrigin: string;
  apiUrl: string;
  rpcUrls: Record<string, string>;
  nativeCurrencies: Record<string, { symbol: string; decimals: number }>;
  /**
   * The eip155 networks where the visitor's account may be a smart account (spec §6
   * `smartAccountEnabledNetworks`), CAIP-2 id → mode: `safe` (a Safe 1.4.1 with its ERC-4337 module,
   * owned by the embedded key, at its own counterfactual address) or `eip7702` (the embedded EOA
   * delegated to Simple7702Account, the same address). Each needs an `rpcUrls` entry. Default none.
   */
  smartAccounts: Record<string, SmartAccountMode>;
  /** The network's name an approval shows (CAIP-2 id → name), e.g. `Solana Local`. Default none. */
  networkNames: Record<string, string>;
};

/** How a network's smart account is made (docs/embedded-wallet.md "Smart accounts"). */
export type SmartAccountMode = 'safe' | 'eip7702';

const Origin = z.string().check(
  z.refine((value) => {
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, 'Expected an origin (scheme://host[:port])'),
);

/** A CAIP-2 network id (`namespace:reference`). */
const CaipNetworkId = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'Expected a CAIP-2 network id'));
/** An http(s) JSON-RPC URL. */
const RpcUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' });

/** A network's name: 1–40 letters, digits, spaces and `._()-`. */
const NetworkName = z
  .string()
  .check(z.regex(/^[\p{L}\p{N} ._()-]{1,40}$/u, 'Expected a network name of 1–40 characters'));

/** A native currency: a short symbol (letters, digits, `$._-`) and its decimals (0–36). */
const NativeCurrency = z.strictObject({
  symbol: z
    .string()
    .check(z.regex(/^[\p{L}\p{N}$._-]{1,16}$/u, 'Expected a currency symbol of 1–16 letters or digits')),
  decimals: z.int().check(z.gte(0)).check(z.lte(36)),
});

const DeploymentSchema = z
  .object({
    widgetOrigin: Origin,
    apiUrl: z.url(),
    rpcUrls: z.record(CaipNetworkId, RpcUrl),
    nativeCurrencies: z.record(CaipNetworkId, NativeCurrency),
    smartAccounts: z.record(
      z.string().check(z.regex(/^eip155:[0-9]{1,32}$/, 'Expected an eip155 CAIP-2 network id')),
      z.enum(['safe', 'eip7702']),
    ),
    networkNames: z.record(CaipNetworkId, NetworkName),
  })
  .check(
    // The smart account's address, deployment and fees are read from the deployment's own RPC only.
    z.refine(
      (value) => Object.keys(value.smartAccounts).every((id) => Object.hasOwn(value.rpcUrls, id)),
      'smartAccounts: every network needs an rpcUrls entry',
    ),
  );
const FileSchema = z.partial(
  z.object({
    widgetOrigin: Origin,
    apiUrl: z.url(),
    rpcUrls: z.record(CaipNetworkId, RpcUrl),
    nativeCurrencies: z.record(CaipNetworkId, NativeCurrency),
    smartAccounts: z.record(z.string(), z.enum(['safe', 'eip7702'])),
    networkNames: z.record(CaipNetworkId, NetworkName),
  }),
);

/**
 * Loads and validates the deployment (10 s at most for the file).
 * @throws Error naming what is missing or malformed
 */
export async function loadDeployment(
  env: Record<string, string | undefined> = import.meta.env as Record<string, string | undefined>,
): Promise<SecureFrameDeployment> {
  let file: z.infer<typeof FileSchema> = {};
  try {
    const res = await fetch('./deployment.json', { cache: 'no-store', signal: AbortSignal.timeout(10_000) });
    if (res.ok) file = FileSchema.parse(await res.json());
  } catch (error) {
    if (error instanceof z.core.$ZodError) throw new Error(`deployment.json: ${error.issues[0]?.message ?? 'invalid'}`);
  }
  const json = (name: string): unknown => {
    try {
      return env[name] ? JSON.parse(env[name]) : {};
    } catch {
      throw new Error(`Secure frame deployment: ${name} is not JSON`);
    }
  };
  const merged = {
    widgetOrigin: file.widgetOrigin ?? env.VITE_AIRLOCK_WIDGET_ORIGIN,
    apiUrl: file.apiUrl ?? env.VITE_AIRLOCK_API_URL,
    rpcUrls: file.rpcUrls ?? json('VITE_AIRLOCK_RPC_URLS'),
    nativeCurrencies: file.nativeCurrencies ?? json('VITE_AIRLOCK_NATIVE_CURRENCIES'),
    smartAccounts: file.smartAccounts ?? json('VITE_AIRLOCK_SMART_ACCOUNTS'),
    networkNames: file.networkNames ?? json('VITE_AIRLOCK_NETWORK_NAMES'),
  };
  const parsed = DeploymentSchema.safeParse(merged);
  if (!parsed.success)
    throw new Error(
      `Secure frame deployment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
