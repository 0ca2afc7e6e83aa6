import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './tabs';

const ITEMS = [
  { value: 'a', label: 'First' },
  { value: 'b', label: 'Second' },
  { value: 'c', label: 'Third' },
] as const;

function Tabs() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return <TabList idBase="t" label="Parts" items={ITEMS} value={value} onChange={setValue} />;
}

const selected = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
    ?.textContent;

describe('TabList arrows', () => {
  it('moves to the next tab with the right arrow in a left-to-right page', () => {
    render(
      <div dir="ltr">
        <Tabs />
      </div>,
    );
    fireEvent.keyDown(screen.getByRole('tab', { name: 'First' }), { key: 'ArrowRight' });
    expect(selected()).toBe('Second');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Second' }), { key: 'ArrowLeft' });
    expect(selected()).toBe('First');
  });

  it('moves to the next tab with the left arrow in a right-to-left page (tabs run leftwards)', () => {
    render(
      <div dir="rtl">
        <Tabs />
      </div>,
    );
    fireEvent.keyDown(screen.getByRole('tab', { name: 'First' }), { key: 'ArrowLeft' });
    expect(selected()).toBe('Second');
    expect(document.activeElement?.textContent).toBe('Second');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Second' }), { key: 'ArrowRight' });
    expect(selected()).toBe('First');
  });
});
