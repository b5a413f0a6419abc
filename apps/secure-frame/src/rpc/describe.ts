import { decodeFunctionData, erc20Abi, formatUnits, hexToString, isHex, type Hex } from 'viem';
import { describeApprovalCall } from './approvalCalls.ts';
import { describePermit, typedDataChainId, type TypedDataRequest } from './typedData.ts';
import type { ApprovalDetails, DetailField, DetailNode, TokenInfo } from './details.ts';
import { formatNative, type NativeCurrency } from './nativeCurrency.ts';

/** True when `text` has a control character other than tab, newline and carriage return, or U+FFFD (bad UTF-8). */
export function hasControlCharacters(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f || code === 0xfffd)
      return true;
  }
  return false;
}

/** The message of a personal_sign request as text when it is printable UTF-8, else undefined. */
export function messageText(data: string): string | undefined {
  if (!isHex(data)) return data;
  try {
    const text = hexToString(data as Hex);
    return hasControlCharacters(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** Typed data as a tree: each object a node, each scalar a leaf (arrays by index). Depth is capped at 8. */
export function toTree(value: unknown, label: string, depth = 0): DetailNode {
  if (value !== null && typeof value === 'object' && depth < 8) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    return { label, children: entries.map(([key, child]) => toTree(child, key, depth + 1)) };
  }
  return { label, value: typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)) };
}

/** personal_sign: the message, as text when it is text. */
export function describePersonalSign(data: string): ApprovalDetails {
  const text = messageText(data);
  return {
    title: 'Sign a message',
    fields: [],
    message: text ?? data,
    warning: text === undefined ? 'This message is not readable text. Sign it only if you trust the site.' : undefined,
  };
}

/**
 * eth_signTypedData_v4: the application, the domain's chain ("Signed for chain": `eip155:<id>`, or
 * that it names none), the contract and the type; a permit (EIP-2612, DAI, Permit2) decoded as
 * who may spend which token, how much and until when, with warnings; always the message as a
 * readable tree. `now` is unix seconds.
 */
export function describeTypedData(typed: TypedDataRequest, now: number = Date.now() / 1000): ApprovalDetails {
  const fields: DetailField[] = [];
  if (typeof typed.domain?.name === 'string') fields.push({ label: 'Application', value: typed.domain.name });
  const chainId = typedDataChainId(typed.domain);
  fields.push({
    label: 'Signed for chain',
    value: chainId === undefined ? 'Not bound to a chain' : `eip155:${chainId}`,
  });
  if (typed.domain?.verifyingContract)
    fields.push({ label: 'Contract', value: String(typed.domain.verifyingContract) });
  if (typed.primaryType) fields.push({ label: 'Type', value: typed.primaryType });
  const tree = [toTree(typed.message ?? {}, typed.primaryType ?? 'Message')];
  const permit = describePermit(typed, now);
  if (!permit) return { title: 'Sign typed data', fields, tree };
  return {
    title: permit.title,
    fields: [...fields, ...permit.fields],
    tree,
    warning: permit.warnings.length ? permit.warnings.join(' ') : undefined,
  };
}

/**
 * eth_sendTransaction: recipient and value, an ERC-20 `transfer` decoded (amount in the token's
 * units when `token` is known), and the calls that grant an allowance (`approve`,
 * `increaseAllowance`, `setApprovalForAll`, Permit2 `approve`) with their warnings
 * ({@link describeApprovalCall}; `now` in unix seconds for expiries). Native amounts in `native`'s unit.
 */
export function describeTransaction(
  tx: { to?: string; value?: string; data?: string },
  native: NativeCurrency,
  token: TokenInfo,
  now: number = Date.now() / 1000,
): ApprovalDetails {
  const value = BigInt(tx.value ?? '0x0');
  const fields: DetailField[] = [];
  const amount = (raw: bigint) =>
    token ? `${formatUnits(raw, token.decimals)} ${token.symbol}` : `${raw} (token units)`;
  if (tx.data && tx.data !== '0x' && tx.to) {
    const approval = describeApprovalCall(tx.to, tx.data, token, now);
    if (approval)
      return value > 0n
        ? {
            ...approval,
            fields: [...approval.fields, { label: 'Also sends', value: formatNative(value, native) }],
          }
        : approval;
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: tx.data as Hex });
      if (call.functionName === 'transfer') {
        const [to, raw] = call.args as [string, bigint];
        return {
          title: 'Send tokens',
          fields: [
            { label: 'To', value: to },
            { label: 'Amount', value: amount(raw) },
            { label: 'Token contract', value: tx.to },
            ...(value > 0n ? [{ label: 'Also sends', value: formatNative(value, native) }] : []),
          ],
        };
      }
    } catch {
      // Not an ERC-20 call: shown as a contract call below.
    }
  }
  fields.push({ label: 'To', value: tx.to ?? 'New contract' });
  fields.push({ label: 'Value', value: formatNative(value, native) });
  if (tx.data && tx.data !== '0x')
    fields.push({ label: 'Data', value: `${tx.data.slice(0, 10)}… (${(tx.data.length - 2) / 2} bytes)` });
  return { title: tx.data && tx.data !== '0x' ? 'Contract call' : 'Send', fields };
}

/** solana_signMessage: the message as text when it is UTF-8 text. */
export function describeSolanaMessage(bytes: Uint8Array): ApprovalDetails {
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (hasControlCharacters(text)) text = undefined;
  } catch {
    text = undefined;
  }
  return {
    title: 'Sign a message',
    fields: [],
    message: text ?? `${bytes.length} bytes`,
    warning: text === undefined ? 'This message is not readable text. Sign it only if you trust the site.' : undefined,
  };
}
