import { parseAbi, type PublicClient } from 'viem';

/** Token metadata read from the contract: name, symbol, decimals (0 for ERC-721). */
export type TokenMetadata = { standard: 'erc20' | 'erc721'; name: string; symbol: string; decimals: number };

const abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
]);

/**
 * Reads `name()`, `symbol()` and (ERC-20 only) `decimals()` of a token.
 * Missing methods fall back to 'Unknown Token', 'UNKNOWN' and 18 (ERC-20) /
 * 0 (ERC-721). Never throws.
 */
export async function readTokenMetadata(
  client: PublicClient,
  address: `0x${string}`,
  standard: 'erc20' | 'erc721',
): Promise<TokenMetadata> {
  const read = async <T>(functionName: 'name' | 'symbol' | 'decimals', fallback: T): Promise<T> => {
    try {
      return (await client.readContract({ address, abi, functionName })) as T;
    } catch {
      return fallback;
    }
  };
  const [name, symbol, decimals] = await Promise.all([
    read('name', 'Unknown Token'),
    read('symbol', 'UNKNOWN'),
    standard === 'erc20' ? read('decimals', 18) : Promise.resolve(0),
  ]);
  return {
    standard,
    name: String(name).slice(0, 200),
    symbol: String(symbol).slice(0, 32),
    decimals: Number(decimals),
  };
}
