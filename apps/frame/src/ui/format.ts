/**
 * Display formatting (spec §5 'Balance display floors to 3 decimals; 0.000
 * when zero or invalid', §9 'addresses shortened to 4 start and 6 end characters').
 */

/**
 * Floors a decimal string in whole units to 3 decimals: '10000' → '10000.000',
 * '1.23456' → '1.234', '0.0009' → '0.000'. Zero, null, negative or anything
 * that is not a plain decimal number gives '0.000'. `locale` (BCP 47, default English) sets
 * the digits and the decimal sign ('10000,000' in `es`). Pure, never throws.
 */
export function formatBalance(balance: string | null | undefined, locale = 'en'): string {
  const valid = typeof balance === 'string' && /^\d+(\.\d+)?$/.test(balance);
  const [whole = '0', fraction = ''] = valid ? balance.split('.') : ['0'];
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const floored = `${wholeDigits}.${fraction.padEnd(3, '0').slice(0, 3)}`;
  if (locale === 'en') return floored;
  // Intl formats the decimal string exactly (no float): the language's digits and decimal sign.
  const format = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
    useGrouping: false,
  });
  return format.format(floored as unknown as number);
}

/**
 * Shortens an address to its first 4 and last 6 characters with an ellipsis:
 * `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266` → `0xf3…b92266`.
 * Strings of 10 characters or fewer are returned as they are.
 */
export function shortenAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}\u2026${address.slice(-6)}`;
}
