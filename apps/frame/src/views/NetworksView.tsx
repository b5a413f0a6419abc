import { NetworkList } from './NetworkList.tsx';

/** Networks ('Select network'): the configured networks; picking one leads to SwitchNetwork while connected. */
export function NetworksView() {
  return <NetworkList />;
}
