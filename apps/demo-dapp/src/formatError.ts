/**
 * Formats a failed call for the `dapp-error` line as `<code>: <message>`
 * (e.g. `4001: Connection rejected`).
 *
 * viem wraps provider errors (UserRejectedRequestError, TransactionExecutionError …)
 * and keeps the original in `cause`; the innermost error with a numeric `code`
 * is the provider's own ProviderRpcError (EIP-1193), so its code and message are
 * shown. Without any code: `error: <viem shortMessage or message>`.
 */
export function formatError(error: unknown): string {
  let coded: { code: number; message: string } | undefined;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 20; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'number') coded = { code, message: typeof message === 'string' ? message : '' };
    current = cause;
  }
  if (coded) return `${coded.code}: ${firstLine(coded.message)}`;
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage;
  const message = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error);
  return `error: ${firstLine(message)}`;
}

const firstLine = (text: string): string => text.split('\n')[0] ?? '';
