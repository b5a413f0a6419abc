import type { DetailNode } from '../rpc/details.ts';
import type { PendingApproval } from '../approval/queue.ts';
import { NetworkMark } from './NetworkMark.tsx';
import { useApprovalText } from './useApprovalText.ts';

/** Names of well-known networks, used where the deployment names none. */
const KNOWN_NETWORKS: Record<string, string> = {
  'eip155:1': 'Ethereum',
  'eip155:31337': 'Anvil A',
  'eip155:31338': 'Anvil B',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'Solana Devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
};

/** A network's trusted name (the deployment's, then the well-known one), or undefined. */
function networkName(caipNetworkId: string, trustedName?: string): string | undefined {
  return trustedName ?? (Object.hasOwn(KNOWN_NETWORKS, caipNetworkId) ? KNOWN_NETWORKS[caipNetworkId] : undefined);
}

/**
 * A network in plain words, from trusted names only (the deployment's `networkNames`, then the
 * well-known ones; never the page's): an eip155 network with its short id, `Anvil A (eip155:31337)`; another
 * namespace's by name alone (its id is a 32-character hash), `Solana Local`; an unnamed one by its CAIP-2 id.
 */
export function networkLabel(caipNetworkId: string, trustedName?: string): string {
  const name = networkName(caipNetworkId, trustedName);
  if (!name) return caipNetworkId;
  return caipNetworkId.startsWith('eip155:') ? `${name} (${caipNetworkId})` : name;
}

function Tree({ nodes }: { nodes: DetailNode[] }) {
  return (
    <ul className="tree">
      {nodes.map((node) => (
        // Labels are unique among siblings (object keys, array indices).
        <li key={node.label}>
          <span className="tree-label" dir="auto">
            {node.label}
          </span>
          {node.value !== undefined ? (
            <span className="tree-value" dir="auto">
              {node.value}
            </span>
          ) : null}
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
        <bdi dir="ltr">
          <span data-testid={testId}>{value}</span>
          {usd ? (
            <span className="usd" data-testid={`${testId}-usd`}>
              {' '}
              ({usd})
            </span>
          ) : null}
        </bdi>
      </dd>
    </div>
  );
}

/**
 * The request in plain words: the title, the caution if any, the verified origin, the network, the
 * fields, a transaction's maximum cost (fee and total in the network's coin, "≈ $…" beside them where
 * priced, with the notices when the page's RPC estimated it or the page named the coin), the message
 * or the typed data tree. Titles, labels, warnings and notices are in the secure frame's language
 * (`translate`, i18n/approvalText.ts); values (addresses, amounts, the origin, the network, the
 * message, the typed data) are shown exactly as computed, isolated from the text around them
 * (`<bdi>`, left to right for addresses and amounts; the page's own text by its first letters).
 */
export function Details({ approval }: { approval: PendingApproval }) {
  const { t, translate } = useApprovalText();
  const { details } = approval;
  return (
    <>
      <h1 data-testid="approval-title">{translate(details.title)}</h1>
      {/* The caution first: a long message or typed data tree must not push it out of sight. */}
      {details.warning ? (
        <p className="warning" data-testid="approval-warning">
          {translate(details.warning)}
        </p>
      ) : null}
      <dl className="fields">
        <dt>{t('Requested by')}</dt>
        <dd>
          <bdi dir="ltr" data-testid="approval-origin">
            {approval.dappOrigin}
          </bdi>
        </dd>
        <dt>{t('Network')}</dt>
        <dd className="network">
          {/* The mark from this origin's own build, decorative: the name beside it is the text. */}
          <NetworkMark
            caipNetworkId={approval.caipNetworkId}
            name={networkName(approval.caipNetworkId, approval.networkName) ?? approval.caipNetworkId}
          />
          <bdi dir="ltr" data-testid="approval-network">
            {networkLabel(approval.caipNetworkId, approval.networkName)}
          </bdi>
        </dd>
        {details.fields.map((field) => (
          <div key={field.label} className="field">
            <dt>{translate(field.label)}</dt>
            <dd>
              <bdi>{field.value}</bdi>
            </dd>
          </div>
        ))}
        {details.cost?.feePayer ? (
          <div className="field">
            <dt>{t('Fee paid by')}</dt>
            <dd>
              <bdi dir="ltr" data-testid="approval-fee-payer">
                {details.cost.feePayer}
              </bdi>
            </dd>
          </div>
        ) : null}
        {details.cost ? (
          <>
            <CostRow
              label={t('Network fee (max)')}
              testId="approval-max-fee"
              value={details.cost.maxFee}
              usd={details.cost.maxFeeUsd}
            />
            <CostRow
              label={t('Total cost (max)')}
              testId="approval-max-cost"
              value={details.cost.maxCost}
              usd={details.cost.maxCostUsd}
            />
          </>
        ) : null}
      </dl>
      {details.cost?.notice ? (
        <p className="warning" data-testid="approval-fee-notice">
          {translate(details.cost.notice)}
        </p>
      ) : null}
      {details.cost?.currencyNotice ? (
        <p className="warning" data-testid="approval-currency-notice">
          {translate(details.cost.currencyNotice)}
        </p>
      ) : null}
      {details.calls ? (
        <ol className="calls" data-testid="approval-calls">
          {details.calls.map((call, index) => (
            // The calls' order is the batch's; index is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a call has no other identity
            <li key={index} data-testid="approval-call">
              <h2>
                {t('Call {{index}} of {{total}}: {{title}}', {
                  index: index + 1,
                  total: details.calls?.length ?? 0,
                  title: translate(call.title),
                })}
              </h2>
              {call.warning ? <p className="warning">{translate(call.warning)}</p> : null}
              <dl className="fields">
                {call.fields.map((field) => (
                  <div key={field.label} className="field">
                    <dt>{translate(field.label)}</dt>
                    <dd>
                      <bdi>{field.value}</bdi>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      ) : null}
      {details.message !== undefined ? (
        <pre className="message" data-testid="approval-message" dir="auto">
          {details.message}
        </pre>
      ) : null}
      {details.tree ? <Tree nodes={details.tree} /> : null}
    </>
  );
}
