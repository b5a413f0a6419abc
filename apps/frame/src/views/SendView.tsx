import { useEffect, type FormEvent } from 'react';
import { loadTokens } from '../actions/portfolio.ts';
import { setSend, submitSend } from '../actions/send.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { formatBalance } from '../ui/format.ts';

/**
 * Send (spec §1, §4, §5; EVM): pick a token from the balances (native or
 * ERC-20), the amount in whole tokens and the receiver; `Send` asks the
 * connected wallet. Check and wallet errors show under the form, which keeps
 * its values; on success the view returns to Account.
 */
export function SendView() {
  const frame = useFrame();
  const { token, sendTokenAmount, receiverAddress, loading, error } = useFrameState((s) => s.send);
  const tokens = useFrameState((s) => s.portfolio.tokens);
  const caipNetworkId = useFrameState((s) => s.connection.caipNetworkId);
  const choices = tokens.filter((t) => t.chainId === caipNetworkId);

  useEffect(() => {
    void loadTokens(frame);
  }, [frame, caipNetworkId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitSend(frame);
  };
  const key = (t: { address?: string | undefined }) => t.address ?? 'native';

  return (
    <form className="airlock-form" onSubmit={submit} noValidate>
      <label className="airlock-field">
        <span>Token</span>
        <select
          value={token ? key(token) : ''}
          onChange={(e) =>
            setSend(frame, { token: choices.find((t) => key(t) === e.target.value) ?? null, error: null })
          }
        >
          <option value="">Select a token</option>
          {choices.map((t) => (
            <option key={key(t)} value={key(t)}>
              {`${t.symbol} (${formatBalance(t.quantity.numeric)})`}
            </option>
          ))}
        </select>
      </label>
      <label className="airlock-field">
        <span>Amount</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          value={sendTokenAmount}
          onChange={(e) => setSend(frame, { sendTokenAmount: e.target.value, error: null })}
          placeholder="0.0"
        />
      </label>
      <label className="airlock-field">
        <span>Receiver address</span>
        <input
          autoComplete="off"
          spellCheck={false}
          value={receiverAddress}
          onChange={(e) => setSend(frame, { receiverAddress: e.target.value, error: null })}
          placeholder="0x…"
        />
      </label>
      {error ? (
        <p className="airlock-error-text" role="alert" data-testid="send-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="airlock-button" disabled={loading}>
        {loading ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
