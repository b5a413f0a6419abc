import { CHAIN_NAMESPACES, type Connection } from '@airlock/protocol';
import { LogOut, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionsOf, deleteConnection, switchConnection } from '../actions/connections.ts';
import { pushRoute } from '../actions/modal.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { useLocale } from '../i18n/react.ts';
import { findNetwork } from '../store/networks.ts';
import { formatBalance, shortenAddress } from '../ui/format.ts';
import { WalletIcon } from '../ui/WalletIcon.tsx';
import './profileWallets.css';
import { connectionOf } from '../store/connection.ts';

/**
 * ProfileWallets (spec §2, multi-wallet §1): every wallet connection, grouped by chain namespace,
 * each with its icon, name, shortened address, account type, network and (for the active one, the
 * only one whose balance the frame reads) balance. A connection that is not active has 'Make
 * active' (switchConnection); each has a Disconnect button (deleteConnection, named 'Disconnect
 * <wallet>'). 'Connect another wallet'
 * opens Connect. Reached from Account while the `multiWallet` feature is on. The list comes from
 * `connectionsOf` (actions/connections.ts), the same as the dapp's `getConnections`.
 */
export function ProfileWallets() {
  const { t } = useTranslation();
  const frame = useFrame();
  const locale = useLocale();
  // By value: connectionsOf builds new objects on each call.
  const json = useFrameState((s) => JSON.stringify(CHAIN_NAMESPACES.flatMap((ns) => connectionsOf(s, ns))));
  const connections = useMemo(() => JSON.parse(json) as Connection[], [json]);
  const balance = useFrameState((s) => connectionOf(s).balance);
  const symbol = useFrameState((s) => connectionOf(s).balanceSymbol ?? '');
  const namespaces = CHAIN_NAMESPACES.filter((ns) => connections.some((c) => c.chainNamespace === ns));

  return (
    <div className="airlock-profile-wallets">
      {connections.length === 0 ? <p className="airlock-empty">{t('No wallet connected')}</p> : null}
      {namespaces.map((ns) => (
        <section key={ns} aria-labelledby={`airlock-wallets-${ns}`}>
          <h3 id={`airlock-wallets-${ns}`} className="airlock-group-title">
            {ns}
          </h3>
          <ul className="airlock-list">
            {connections
              .filter((c) => c.chainNamespace === ns)
              .map((c) => {
                const account = c.accounts[0];
                const network = findNetwork(frame.config, c.caipNetworkId);
                return (
                  <li
                    key={c.connectorId}
                    className="airlock-wallet-row"
                    data-testid="profile-wallet"
                    aria-current={c.active ? 'true' : undefined}
                  >
                    {c.icon ? <WalletIcon src={c.icon} size={36} /> : null}
                    <div className="airlock-row-main">
                      <span className="airlock-row-title">
                        <span className="airlock-wallet-name">{c.name}</span>
                        {c.active ? <span className="airlock-tag airlock-tag-active">{t('Active')}</span> : null}
                      </span>
                      {account ? (
                        <span className="airlock-muted" data-testid="profile-wallet-address" title={account.address}>
                          <bdi dir="ltr">{shortenAddress(account.address)}</bdi> ·{' '}
                          {account.type === 'eoa' ? t('EOA') : t('Smart account')}
                        </span>
                      ) : null}
                      <span className="airlock-muted">
                        {network?.name ?? c.caipNetworkId}
                        {c.active && balance !== null
                          ? ` · ${`${formatBalance(balance, locale)} ${symbol}`.trim()}`
                          : ''}
                      </span>
                      {!c.active && account ? (
                        <button
                          type="button"
                          className="airlock-link-button airlock-wallet-activate"
                          onClick={() =>
                            void switchConnection(frame, { connectorId: c.connectorId, address: account.address })
                          }
                        >
                          {t('Make active')}
                        </button>
                      ) : null}
                    </div>
                    <button
                      type="button"
                      className="airlock-icon-button airlock-wallet-disconnect"
                      aria-label={t('Disconnect {{name}}', { name: c.name })}
                      title={t('Disconnect')}
                      onClick={() => void deleteConnection(frame, { connectorId: c.connectorId })}
                    >
                      <LogOut size={16} aria-hidden="true" />
                    </button>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
      <button
        type="button"
        className="airlock-button airlock-secondary airlock-wallets-add"
        onClick={() => pushRoute(frame, { view: 'Connect' })}
      >
        <Plus size={16} aria-hidden="true" />
        {t('Connect another wallet')}
      </button>
    </div>
  );
}

export default ProfileWallets;
