import type { FrameConfig } from '@airlock/protocol';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { viewTitle } from './viewTitle.ts';

const t = ((key: string) => key) as unknown as TFunction;
const config = {} as FrameConfig;
const title = (method?: string) =>
  viewTitle(config, { view: 'ApproveTransaction', requestId: 'r1', ...(method ? { method } : {}) }, t);

describe('ApproveTransaction title', () => {
  it('names what is asked: a message, typed data, or a transaction', () => {
    expect(title('personal_sign')).toBe('Sign Message');
    expect(title('solana_signMessage')).toBe('Sign Message');
    expect(title('eth_signTypedData_v4')).toBe('Sign Typed Data');
    expect(title('eth_sendTransaction')).toBe('Approve Transaction');
    expect(title('solana_signAndSendTransaction')).toBe('Approve Transaction');
    expect(title()).toBe('Approve Transaction');
  });
});
