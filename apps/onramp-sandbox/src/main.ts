import { pathToFileURL } from 'node:url';
import { startOnrampSandbox, type SandboxChain } from './sandbox.ts';

/**
 * Starts the sandbox from the environment: `PORT` (default 8790), `HOST`,
 * `AIRLOCK_SANDBOX_CHAINS` (JSON list of `{ caipNetworkId, rpcUrl, tokens }`),
 * `AIRLOCK_API_URL`, `AIRLOCK_ONRAMP_WEBHOOK_SECRET`, `AIRLOCK_ONRAMP_SIGNING_SECRET`,
 * `AIRLOCK_SANDBOX_PARTNERS` (JSON `{ "<publicKey>": { id, feePercent } }`),
 * `AIRLOCK_SANDBOX_TREASURY_KEY` (0x private key of the funded account).
 * @throws Error naming the first missing variable.
 */
async function main(): Promise<void> {
  const need = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const sandbox = await startOnrampSandbox({
    port: Number(process.env.PORT ?? 8790),
    host: process.env.HOST,
    chains: JSON.parse(need('AIRLOCK_SANDBOX_CHAINS')) as SandboxChain[],
    apiUrl: need('AIRLOCK_API_URL'),
    webhookSecret: need('AIRLOCK_ONRAMP_WEBHOOK_SECRET'),
    signingSecret: need('AIRLOCK_ONRAMP_SIGNING_SECRET'),
    partners: JSON.parse(need('AIRLOCK_SANDBOX_PARTNERS')) as Record<string, { id: string; feePercent: number }>,
    treasuryKey: need('AIRLOCK_SANDBOX_TREASURY_KEY') as `0x${string}`,
  });
  console.log(`[onramp-sandbox] listening on ${sandbox.url}`);
  const stop = () => void sandbox.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`[onramp-sandbox] failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
}
