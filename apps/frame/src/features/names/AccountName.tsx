import { useEffect } from 'react';
import { lookupName } from '../../actions/namesLookup.ts';
import { useFrame, useFrameState } from '../../core/react.ts';

/**
 * The registered name of `address` (spec §9 identity cache 5 min), shown beside the
 * address wherever one is shown; nothing while unknown or when it has none.
 */
export function AccountName({ address, testId }: { address: string; testId?: string }) {
  const frame = useFrame();
  const valid = /^0x[0-9a-fA-F]{40}$/.test(address);
  const name = useFrameState((s) => (valid ? s.names[address.toLowerCase()] : null));
  useEffect(() => {
    if (valid) void lookupName(frame, address);
  }, [frame, address, valid]);
  return name ? (
    <span className="airlock-account-name" data-testid={testId}>
      {name}
    </span>
  ) : null;
}
