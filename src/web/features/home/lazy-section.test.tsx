import { msg } from '@lingui/core/macro';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RevealAppPage } from '../../app/server-first-view';
import { lazySection } from './lazy-section';

// The browser's idle moments, handed out by the test one at a time; and an observer for which
// nothing ever comes near the screen (the sections are all below the fold).
let idle: (() => void)[] = [];
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function nextIdleMoment() {
  const run = idle.shift();
  expect(run).toBeDefined();
  run?.();
}

function section(name: string) {
  return lazySection(async () => () => <h2>{name}</h2>, {
    label: msg`Loading section`,
    minHeight: 300,
  });
}

describe('home sections below the fold', () => {
  it('load one per idle moment, in page order, until all have loaded', async () => {
    const [First, Second, Third] = [section('First'), section('Second'), section('Third')];
    render(
      <>
        <First />
        <Second />
        <Third />
      </>,
    );
    // Three placeholders of the sections' height; one idle moment asked for, not three.
    expect(screen.getAllByRole('status')).toHaveLength(3);
    expect(idle).toHaveLength(1);

    nextIdleMoment();
    expect(await screen.findByRole('heading', { name: 'First' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Second' })).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(2);

    nextIdleMoment();
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Third' })).toBeNull();

    nextIdleMoment();
    expect(await screen.findByRole('heading', { name: 'Third' })).toBeTruthy();
    expect(screen.queryAllByRole('status')).toHaveLength(0);
    expect(idle).toHaveLength(0);
  });

  it('drops a section that left the page from the queue', async () => {
    const [Gone, Kept] = [section('Gone'), section('Kept')];
    const { rerender } = render(
      <>
        <Gone />
        <Kept />
      </>,
    );
    rerender(<Kept />);
    nextIdleMoment();
    expect(await screen.findByRole('heading', { name: 'Kept' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Gone' })).toBeNull();
  });
});

describe('a section the server drew in the first view', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps the server’s copy on screen until the section itself has rendered', async () => {
    document.body.innerHTML =
      '<div id="mea-ssr"><div data-first-view><section data-home-events><h2>Copy</h2></section></div></div><div id="root" hidden></div>';
    const root = document.getElementById('root') as HTMLElement;
    let resolveSection: (section: ComponentType) => void = () => {};
    const Events = lazySection(
      () => new Promise<ComponentType>((resolve) => (resolveSection = resolve)),
      { label: msg`Loading section`, isEager: true, firstView: '[data-home-events]' },
    );
    render(
      <>
        <Events />
        <RevealAppPage />
      </>,
      { container: root },
    );
    // The page around it has rendered, the section's code has not: the drawn cards stay.
    expect(document.getElementById('mea-ssr')).not.toBeNull();
    expect(root.hidden).toBe(true);
    resolveSection(() => <h2>Upcoming events</h2>);
    expect(await screen.findByRole('heading', { name: 'Upcoming events' })).toBeTruthy();
    expect(document.getElementById('mea-ssr')).toBeNull();
    expect(root.hidden).toBe(false);
  });

  it('does not hold the page when the server drew no such section', async () => {
    document.body.innerHTML =
      '<div id="mea-ssr"><div data-first-view><h1>Hero</h1></div></div><div id="root" hidden></div>';
    const root = document.getElementById('root') as HTMLElement;
    const Events = lazySection(() => new Promise<ComponentType>(() => {}), {
      label: msg`Loading section`,
      isEager: true,
      firstView: '[data-home-events]',
    });
    render(
      <>
        <Events />
        <RevealAppPage />
      </>,
      { container: root },
    );
    expect(document.getElementById('mea-ssr')).toBeNull();
    expect(root.hidden).toBe(false);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
