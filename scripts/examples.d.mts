/** The examples, each a folder of examples/: `viem`, `ethers`, `wagmi`, `react`, `vue`, `bitcoin`. */
export declare const EXAMPLES: readonly string[];
/** Where the built examples go: e2e/fixtures/dist/examples/<name>/ (served under `/fixtures/dist/examples/`). */
export declare const EXAMPLES_OUT: string;
/** The JSON file naming the URLs the examples were built for: `{ frameUrl, projectId, rpcUrl, esploraUrl }`. */
export declare const EXAMPLES_STAMP: string;
/** The examples' build-time configuration for the e2e stack of `env`'s ports. */
export declare function examplesConfig(env?: Record<string, string | undefined>): {
  frameUrl: string;
  projectId: string;
  rpcUrl: string;
  /** The regtest stand-in's Esplora API (the Bitcoin example's network). */
  esploraUrl: string;
};
/** Installs, type-checks and builds the examples against the packed tarballs; failures go to `step`, never rejects. */
export declare function buildExamples(options: {
  packed: { name: string; tarball: string }[];
  step: (name: string, ok: boolean, detail?: string) => void;
  keep?: boolean;
}): Promise<void>;
