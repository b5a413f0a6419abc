import type { CaipNetworkId, EmbeddedUser, Result, SecureFrameMethods } from '@airlock/protocol';

/** A call to the secure frame (the connector's channel). */
type Call = <K extends keyof SecureFrameMethods>(
  name: K,
  args: Parameters<SecureFrameMethods[K]>,
) => ReturnType<SecureFrameMethods[K]>;

/** The spec §7 smart account calls of the embedded connector (docs/embedded-wallet.md "Smart accounts"). */
export type SmartAccountCalls = {
  /** 'get enabled networks': the eip155 networks where the secure frame's deployment enables smart accounts. */
  getSmartAccountEnabledNetworks(): Promise<Result<{ smartAccountEnabledNetworks: string[] }>>;
  /**
   * 'set preferred account type' (spec §5): eoa or smartAccount on `caipNetworkId`; the secure frame
   * answers the user with its new account (and reports it as a session update: accountsChanged).
   */
  setPreferredAccountType(caipNetworkId: CaipNetworkId, type: 'eoa' | 'smartAccount'): Promise<Result<EmbeddedUser>>;
};

/** The smart account calls over `call`; `setUser` keeps the connector's user (its address may change). */
export function smartAccountCalls(call: Call, setUser: (user: EmbeddedUser) => void): SmartAccountCalls {
  return {
    getSmartAccountEnabledNetworks: () => call('getSmartAccountEnabledNetworks', []),
    async setPreferredAccountType(caipNetworkId, type) {
      const result = await call('setPreferredAccountType', [{ caipNetworkId, type }]);
      if (result.ok) setUser(result.value);
      return result;
    },
  };
}
