/**
 * What the frame trusts, from its own deployment and never from the page: the
 * provider API, the WalletConnect relay, the embedded wallet's secure-frame origin,
 * and a bound on the dapp origins that may embed it. The page's FrameConfig may
 * choose only what a dapp legitimately chooses (project id, networks, metadata,
 * theme, features); see docs/threat-model.md.
 */
export type Deployment = {
  /** Base URL of the provider API (spec §7), e.g. `https://api.example.com`; null = no API calls. */
  apiUrl: string | null;
  /** WalletConnect relay URL (`ws://` / `wss://`); null = WalletConnect's hosted relay. */
  relayUrl: string | null;
  /** Origin of the embedded-wallet secure frame; null = no embedded wallet. */
  secureFrameOrigin: string | null;
  /**
   * Origin patterns that bound the project's allowed origins (the result is the
   * intersection, never a widening); null = no bound beyond the project's list.
   */
  allowedOrigins: readonly string[] | null;
};
