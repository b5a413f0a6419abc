import { useEffect, useState, type FormEvent } from 'react';
import { loadTokens } from '../actions/portfolio.ts';
import { setSend } from '../actions/send.ts';
import { checkSolanaSend, submitSolanaSend } from '../actions/solanaSend.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { formatBalance } from '../ui/format.ts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/react.ts';
import { ReceiverField, TokenField } from './SendFields.tsx';

/**
 * Send on a Solana network (spec §1, §4, §5): pick SOL or an SPL token from the balances, the
 * amount in whole tokens and the receiver (base58). Problems show once the visitor tries to send,
 * in `send-error`; 'Send' asks the connected wallet to sign, then sends and confirms
 * (actions/solanaSend.ts). Loaded lazily with `@solana/web3.js` and `@solana/spl-token`.
 */
export function SolanaSendView() {
  // `t` names a token below.
  const { t: translate } = useTranslation();
  const locale = useLocale();
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, loading, error } = useFrameState((s) => s.send);
  const tokens = useFrameState((s) => s.portfolio.tokens);
  const caipNetworkId = useFrameState((s) => s.connection.caipNetworkId);
  const choices = tokens.filter((t) => t.chainId === caipNetworkId);
  const [attempted, setAttempted] = useState(false);
  useEffect(() => {
    void loadTokens(frame);
  }, [frame, caipNetworkId]);
  const problems = attempted ? checkSolanaSend({ token, sendTokenAmount, receiverAddress }, caipNetworkId) : [];
  const edit = (patch: Parameters<typeof setSend>[1]) => setSend(frame, { ...patch, error: null });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (checkSolanaSend({ token, sendTokenAmount, receiverAddress }, caipNetworkId).length === 0)
      void submitSolanaSend(frame);
  };
  return (
    <form className="airlock-form" onSubmit={submit} noValidate>
      <TokenField choices={choices} token={token} onPick={(picked) => edit({ token: picked })} />
      <label className="airlock-field">
        <span>{translate('Amount')}</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          value={sendTokenAmount}
          onChange={(e) => edit({ sendTokenAmount: e.target.value })}
          placeholder="0.0"
        />
      </label>
      <ReceiverField
        value={receiverAddress}
        placeholder={translate('Solana address')}
        onChange={(value) => edit({ receiverAddress: value })}
      />
      {problems[0] || error ? (
        <p className="airlock-error-text" role="alert" data-testid="send-error">
          {translate(problems[0] ?? error ?? '')}
        </p>
      ) : null}
      <button type="submit" className="airlock-button" disabled={loading}>
        {loading ? translate('Sending…') : translate('Send')}
      </button>
    </form>
  );
}
