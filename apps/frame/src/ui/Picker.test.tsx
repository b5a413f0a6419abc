// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { PickerField, pickerMatches, type PickerItem } from './Picker.tsx';

const ITEMS: PickerItem[] = [
  { id: 'native', title: 'ETH', subtitle: 'Ether', end: '9.5' },
  { id: 'eip155:1:0xd', title: 'DEV', subtitle: 'Dev Token', end: '1000' },
  { id: 'eip155:1:0xu', title: 'USDD', subtitle: 'Dev Dollar' },
];

/** The picker over ITEMS, its value kept in state; `picked` sees every pick. */
function Harness({ picked }: { picked: (id: string) => void }) {
  const [value, setValue] = useState('native');
  return (
    <PickerField
      label="Token"
      value={value}
      items={ITEMS}
      searchLabel="Search tokens"
      emptyText="No token matches"
      onPick={(id) => {
        picked(id);
        setValue(id);
      }}
    />
  );
}

const options = () => screen.queryAllByRole('option').map((o) => o.getAttribute('aria-label'));

afterEach(cleanup);

describe('PickerField', () => {
  it('is a button named by its label and choice, opening a search box over every option', () => {
    render(<Harness picked={() => {}} />);
    const button = screen.getByRole('button', { name: 'Token ETH' });
    expect(button.getAttribute('data-value')).toBe('native');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search tokens' }));
    expect(options()).toEqual(['ETH, Ether, 9.5', 'DEV, Dev Token, 1000', 'USDD, Dev Dollar']);
    expect(screen.getByRole('option', { name: /^ETH/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters as the visitor types and picks the active option with the arrow keys and Enter', () => {
    const picked = vi.fn();
    render(<Harness picked={picked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Token ETH' }));
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'dev' } });
    // 'dev' is in DEV's symbol and in USDD's name.
    expect(options()).toEqual(['DEV, Dev Token, 1000', 'USDD, Dev Dollar']);
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(search, { key: 'ArrowDown' }); // wraps
    fireEvent.keyDown(search, { key: 'ArrowUp' }); // wraps back
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(picked).toHaveBeenCalledWith('eip155:1:0xu');
    expect(screen.queryByRole('listbox')).toBeNull();
    const button = screen.getByRole('button', { name: 'Token USDD' });
    expect(document.activeElement).toBe(button);
  });

  it('keeps its height and says so when nothing matches; Escape closes it and stays inside the picker', () => {
    const picked = vi.fn();
    const escapes = vi.fn();
    document.addEventListener('keydown', escapes);
    render(<Harness picked={picked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Token ETH' }));
    const list = screen.getByRole('listbox').parentElement!;
    const height = list.style.height;
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'zzz' } });
    expect(options()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No token matches');
    expect(list.style.height).toBe(height);
    act(() => {
      fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(escapes).not.toHaveBeenCalled();
    expect(picked).not.toHaveBeenCalled();
    document.removeEventListener('keydown', escapes);
  });

  it('matches on symbol, name and id, ignoring case and spaces around', () => {
    expect(pickerMatches(ITEMS[1]!, ' DEV ')).toBe(true);
    expect(pickerMatches(ITEMS[2]!, 'dollar')).toBe(true);
    expect(pickerMatches(ITEMS[0]!, 'native')).toBe(true);
    expect(pickerMatches(ITEMS[0]!, 'usd')).toBe(false);
  });
});
