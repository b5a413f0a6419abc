/** The examples, each a folder of examples/: `viem`, `ethers`, `wagmi`, `react`, `vue`, `bitcoin`, `cosmjs`, `polkadot`. */
export declare const EXAMPLES: readonly string[];
/** The examples on an eip155 network (the Dev Wallet signs for them): `viem`, `ethers`, `wagmi`, `react`, `vue`. */
export declare const EIP155_EXAMPLES: readonly string[];
/** Where the built examples go: e2e/fixtures/dist/examples/<name>/ (served under `/fixtures/dist/examples/`). */
export declare const EXAMPLES_OUT: string;
/** The JSON file naming the URLs the examples were built for: `{ frameUrl, projectId, rpcUrl, esploraUrl, cosmosUrl, substrateUrl }`. */
export declare const EXAMPLES_STAMP: string;
/** The examples' build-time configuration for the e2e stack of `env`'s ports. */
export declare function examplesConfig(env?: Record<string, string | undefined>): {
  frameUrl: string;
  projectId: string;
  rpcUrl: string;
  /** The regtest stand-in's Esplora API (the Bitcoin example's network). */
  esploraUrl: string;
  /** The Cosmos stand-in (LCD and CometBFT JSON-RPC) of the CosmJS example. */
  cosmosUrl: string;
  /** The Substrate JSON-RPC stand-in of the Polkadot example. */
  substrateUrl: string;
};
/** Installs, type-checks and builds the examples against the packed tarballs; failures go to `step`, never rejects. */
export declare function buildExamples(options: {
  packed: { name: string; tarball: string }[];
  step: (name: string, ok: boolean, detail?: string) => void;
  keep?: boolean;
}): Promise<void>;
