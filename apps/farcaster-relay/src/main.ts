import { pathToFileURL } from 'node:url';
import { DEV_FID, devCustody, ID_REGISTRY } from './dev.ts';
import { installDevRegistry } from './registry.ts';
import { startFarcasterRelay } from './relay.ts';

/**
 * Starts the stand-in relay from the environment: `PORT` (default 8795), `HOST`,
 * `AIRLOCK_FARCASTER_PUBLIC_URL` (base of the app page links), `AIRLOCK_FARCASTER_RPC_URL`
 * (an anvil: the dev IdRegistry is placed there at `AIRLOCK_FARCASTER_ID_REGISTRY`, default the
 * OP mainnet address, with the dev fid's custody), `AIRLOCK_FARCASTER_CONTROL=1` for the e2e
 * down/up switch.
 */
async function main(): Promise<void> {
  const rpcUrl = process.env.AIRLOCK_FARCASTER_RPC_URL;
  if (rpcUrl) {
    const registry = (process.env.AIRLOCK_FARCASTER_ID_REGISTRY || ID_REGISTRY) as `0x${string}`;
    await installDevRegistry(rpcUrl, registry, [{ fid: DEV_FID, custody: devCustody().address }]);
  }
  const relay = await startFarcasterRelay({
    port: Number(process.env.PORT ?? 8795),
    host: process.env.HOST,
    publicUrl: process.env.AIRLOCK_FARCASTER_PUBLIC_URL,
    control: process.env.AIRLOCK_FARCASTER_CONTROL === '1',
  });
  console.log(`[farcaster-relay] listening on ${relay.url}`);
  const stop = () => void relay.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`[farcaster-relay] failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
}
