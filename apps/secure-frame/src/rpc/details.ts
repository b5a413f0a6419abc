import type { CostDetails } from './cost.ts';

/** One line of an approval: a label and its value in plain words. */
export type DetailField = { label: string; value: string };
/** A node of a readable tree (typed data). */
export type DetailNode = { label: string; value?: string; children?: DetailNode[] };

/**
 * What the approval screen shows for a request, in plain words: a title, the fields
 * (recipient, value, token, spender …), a message as text when it is text, typed data
 * as a tree. Built only from the request and public chain data; never holds key material.
 */
export type ApprovalDetails = {
  title: string;
  fields: DetailField[];
  /** The message to sign as text (or hex when it is not UTF-8 text). */
  message?: string;
  /** Typed data (EIP-712) as a tree: domain, then the message. */
  tree?: DetailNode[];
  /** A caution shown above the buttons (unlimited approval, message not text …). */
  warning?: string;
  /** A transaction's maximum cost (fee and total), computed before the screen and signed exactly so. */
  cost?: CostDetails;
  /**
   * A batch (EIP-5792 `wallet_sendCalls`, one user operation): every call in order, each described as a
   * single transaction would be. The screen lists all of them; none is left out or merged.
   */
  calls?: ApprovalDetails[];
};

/** Token facts read from the chain for an ERC-20 call (symbol, decimals), or undefined when unknown. */
export type TokenInfo = { symbol: string; decimals: number } | undefined;
