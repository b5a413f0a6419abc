import type { DetailNode } from '../rpc/details.ts';
import type { PendingApproval } from '../approval/queue.ts';

/** Names of well-known networks, used where the deployment names none. */
const KNOWN_NETWORKS: Record<string, string> = {
  'eip155:1': 'Ethereum',
  'eip155:31337': 'Anvil A',
  'eip155:31338': 'Anvil B',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'Solana Devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
};

/**
 * A network in plain words, from trusted names only (the deployment's `networkNames`, then the
 * well-known ones; never the page's): an eip155 network with its short id, `Anvil A (eip155:31337)`; another
 * namespace's by name alone (its id is a 32-character hash), `Solana Local`; an unnamed one by its CAIP-2 id.
 */
export function networkLabel(caipNetworkId: string, trustedName?: string): string {
  const name = trustedName ?? KNOWN_NETWORKS[caipNetworkId];
  if (!name) return caipNetworkId;
  return caipNetworkId.startsWith('eip155:') ? `${name} (${caipNetworkId})` : name;
}

function Tree({ nodes }: { nodes: DetailNode[] }) {
  return (
    <ul className="tree">
      {nodes.map((node) => (
        // Labels are unique among siblings (object keys, array indices).
        <li key={node.label}>
          <span className="tree-label">{node.label}</span>
          {node.value !== undefined ? <span className="tree-value">{node.value}</span> : null}
          {node.children ? <Tree nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** One line of a transaction's maximum cost: the amount in the native coin, then ≈ USD when priced (`<testId>-usd`). */
function CostRow({ label, testId, value, usd }: { label: string; testId: string; value: string; usd?: string }) {
  return (
    <div className="field">
      <dt>{label}</dt>
      <dd>
        <span data-testid={testId}>{value}</span>
        {usd ? (
          <span className="usd" data-testid={`${testId}-usd`}>
            {' '}
            ({usd})
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/**
 * The request in plain words: the title, the caution if any, the verified origin, the network, the
 * fields, a transaction's maximum cost (fee and total in the network's coin, "≈ $…" beside them where
 * priced, with the notices when the page's RPC estimated it or the page named the coin), the message
 * or the typed data tree.
 */
export function Details({ approval }: { approval: PendingApproval }) {
  const { details } = approval;
  return (
    <>
      <h1 data-testid="approval-title">{details.title}</h1>
      {/* The caution first: a long message or typed data tree must not push it out of sight. */}
      {details.warning ? (
        <p className="warning" data-testid="approval-warning">
          {details.warning}
        </p>
      ) : null}
      <dl className="fields">
        <dt>Requested by</dt>
        <dd data-testid="approval-origin">{approval.dappOrigin}</dd>
        <dt>Network</dt>
        <dd data-testid="approval-network">{networkLabel(approval.caipNetworkId, approval.networkName)}</dd>
        {details.fields.map((field) => (
          <div key={field.label} className="field">
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
        {details.cost?.feePayer ? (
          <div className="field">
            <dt>Fee paid by</dt>
            <dd data-testid="approval-fee-payer">{details.cost.feePayer}</dd>
          </div>
        ) : null}
        {details.cost ? (
          <>
            <CostRow
              label="Network fee (max)"
              testId="approval-max-fee"
              value={details.cost.maxFee}
              usd={details.cost.maxFeeUsd}
            />
            <CostRow
              label="Total cost (max)"
              testId="approval-max-cost"
              value={details.cost.maxCost}
              usd={details.cost.maxCostUsd}
            />
          </>
        ) : null}
      </dl>
      {details.cost?.notice ? (
        <p className="warning" data-testid="approval-fee-notice">
          {details.cost.notice}
        </p>
      ) : null}
      {details.cost?.currencyNotice ? (
        <p className="warning" data-testid="approval-currency-notice">
          {details.cost.currencyNotice}
        </p>
      ) : null}
      {details.calls ? (
        <ol className="calls" data-testid="approval-calls">
          {details.calls.map((call, index) => (
            // The calls' order is the batch's; index is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a call has no other identity
            <li key={index} data-testid="approval-call">
              <h2>
                Call {index + 1} of {details.calls?.length}: {call.title}
              </h2>
              {call.warning ? <p className="warning">{call.warning}</p> : null}
              <dl className="fields">
                {call.fields.map((field) => (
                  <div key={field.label} className="field">
                    <dt>{field.label}</dt>
                    <dd>{field.value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      ) : null}
      {details.message !== undefined ? (
        <pre className="message" data-testid="approval-message">
          {details.message}
        </pre>
      ) : null}
      {details.tree ? <Tree nodes={details.tree} /> : null}
    </>
  );
}
