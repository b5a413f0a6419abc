import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './emitter.ts';
import { createProvider } from './provider.ts';

describe('EIP-1193 provider events', () => {
  it('delivers emitted events to listeners until they are removed', () => {
    const emitter = createEmitter();
    const provider = createProvider(async () => null, emitter);
    const seen: string[][] = [];
    const listener = (accounts: string[]) => seen.push(accounts);
    expect(provider.on('accountsChanged', listener)).toBe(provider);
    emitter.emit('accountsChanged', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']);
    expect(provider.removeListener('accountsChanged', listener)).toBe(provider);
    emitter.emit('accountsChanged', []);
    expect(seen).toEqual([['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']]);
  });

  it('keeps events apart and calls every listener even when one throws', () => {
    const emitter = createEmitter();
    const provider = createProvider(async () => null, emitter);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const chains: string[] = [];
    provider.on('chainChanged', () => {
      throw new Error('dapp bug');
    });
    provider.on('chainChanged', (id) => chains.push(id));
    provider.on('connect', () => chains.push('connect'));
    emitter.emit('chainChanged', '0x7a6a');
    expect(chains).toEqual(['0x7a6a']);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('request goes to the frame and its rejection reaches the caller', async () => {
    const send = vi.fn(async () => {
      throw Object.assign(new Error('Not connected'), { code: 4100 });
    });
    const provider = createProvider(send, createEmitter());
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', '0x01'] })).rejects.toMatchObject({
      code: 4100,
    });
    expect(send).toHaveBeenCalledWith({ method: 'personal_sign', params: ['0x00', '0x01'] });
  });
});
