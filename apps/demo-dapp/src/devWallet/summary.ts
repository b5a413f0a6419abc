import { formatEther, hexToString, isHex, type Address } from 'viem';

/** Longest text shown for one summary line, in characters. */
const MAX_LINE = 280;

const clip = (text: string): string => (text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text);

/**
 * Decodes a personal_sign message for display: utf8 text when the hex is
 * printable text, otherwise the hex itself; a plain string is shown as is.
 */
export function readableMessage(message: unknown): string {
  if (typeof message !== 'string') return String(message);
  if (!isHex(message)) return message;
  try {
    const text = hexToString(message);
    return /^[\P{Cc}\n\r\t]*$/u.test(text) ? text : message;
  } catch {
    return message;
  }
}

const quantity = (value: unknown): bigint | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return undefined;
  try {
    return BigInt(value);
  } catch {
    return undefined;
  }
};

/**
 * A readable summary of a request for the approval panel, one fact per line:
 * - eth_requestAccounts: `Connect this site to <address>`;
 * - personal_sign: `Message: <text>`;
 * - eth_signTypedData_v4: `Type: <primaryType>`, `Domain: <name>`, `Data: <json>`;
 * - eth_sendTransaction: `To: <address>`, `Value: <ether> <symbol>` (value in wei → ether), `Data: <n> bytes`;
 * - wallet_sendCalls (EIP-5792): the number of calls, then each call's lines as `Call <n>: …`;
 * - wallet chain calls: the chain id.
 */
export function summarizeRequest(method: string, params: unknown, address: Address, symbol = 'ETH'): string[] {
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'eth_requestAccounts':
      return [`Connect ${typeof location === 'undefined' ? 'this site' : location.origin} to ${address}`];
    case 'personal_sign':
      return [clip(`Message: ${readableMessage(list[0])}`), `Account: ${address}`];
    case 'eth_signTypedData_v4': {
      const json = typeof list[1] === 'string' ? list[1] : JSON.stringify(list[1]);
      try {
        const data = JSON.parse(json) as { primaryType?: string; domain?: { name?: string }; message?: unknown };
        return [
          `Type: ${data.primaryType ?? '?'}`,
          `Domain: ${data.domain?.name ?? '?'}`,
          clip(`Data: ${JSON.stringify(data.message)}`),
        ];
      } catch {
        return [clip(`Data: ${json}`)];
      }
    }
    case 'eth_sendTransaction': {
      const tx = (list[0] ?? {}) as Record<string, unknown>;
      const lines = [`To: ${typeof tx.to === 'string' ? tx.to : '(contract creation)'}`];
      lines.push(`Value: ${formatEther(quantity(tx.value) ?? 0n)} ${symbol}`);
      const data = tx.data ?? tx.input;
      if (typeof data === 'string' && data.length > 2) lines.push(`Data: ${(data.length - 2) / 2} bytes`);
      return lines;
    }
    case 'wallet_sendCalls': {
      const calls = ((list[0] ?? {}) as { calls?: unknown }).calls;
      const each = Array.isArray(calls) ? calls : [];
      return [
        `${each.length} calls, sent one by one (not atomic)`,
        ...each.flatMap((call, i) =>
          summarizeRequest('eth_sendTransaction', [call], address, symbol).map((line) => `Call ${i + 1}: ${line}`),
        ),
      ];
    }
    default:
      return [clip(`Params: ${JSON.stringify(params ?? [])}`)];
  }
}
