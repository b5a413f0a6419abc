import type { RpcRequest } from '@airlock/protocol';

/** A dapp request as the frame's `request()` receives it (validated FrameRequest). */
export type DappRequest = RpcRequest & { chainNamespace: string };
