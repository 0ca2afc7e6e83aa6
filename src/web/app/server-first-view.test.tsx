import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { lazyPage } from './lazy-page';
import { afterEach, describe, expect, it } from 'vitest';
import { RevealAppPage, revealAppPage } from './server-first-view';

// The HTML the server sends for a page with a first view (spa.ts), and a funnel's copy, which its
// own page swaps.
function serverPage(marker: boolean) {
  document.body.innerHTML = `<div id="mea-ssr"><div ${marker ? 'data-first-view' : ''}><h1>Copy</h1></div></div><div id="root" hidden></div>`;
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the server first view', () => {
  it('goes, and the app root shows, once the page beside it has rendered', async () => {
    const root = serverPage(true);
    let resolvePage: (page: ComponentType) => void = () => {};
    const Page = lazyPage(() => new Promise<ComponentType>((resolve) => (resolvePage = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
        <RevealAppPage />
      </Suspense>,
      { container: root },
    );
    // While the page's code loads, the copy stays and the app's spinner stays hidden.
    expect(document.getElementById('mea-ssr')).not.toBeNull();
    expect(root.hidden).toBe(true);
    resolvePage(() => <h1>The page</h1>);
    await screen.findByText('The page');
    expect(document.getElementById('mea-ssr')).toBeNull();
    expect(root.hidden).toBe(false);
  });

  it('stays over a page’s own loading box until that page has rendered (the home page)', async () => {
    const root = serverPage(true);
    let resolvePage: (page: ComponentType) => void = () => {};
    const Page = lazyPage(() => new Promise<ComponentType>((resolve) => (resolvePage = resolve)));
    render(
      <Suspense fallback={<p>Layout loading</p>}>
        <Suspense
          fallback={
            <div data-awaits-page>
              <p>Home loading</p>
            </div>
          }
        >
          <Page />
          <RevealAppPage />
        </Suspense>
        <RevealAppPage />
      </Suspense>,
      { container: root },
    );
    // The layout has rendered around the page's loading box: the copy is still what shows.
    expect(screen.getByText('Home loading')).toBeDefined();
    expect(document.getElementById('mea-ssr')).not.toBeNull();
    expect(root.hidden).toBe(true);
    resolvePage(() => <h1>The home page</h1>);
    await screen.findByText('The home page');
    expect(document.getElementById('mea-ssr')).toBeNull();
    expect(root.hidden).toBe(false);
  });

  it('leaves a copy it did not write (a funnel page swaps its own)', () => {
    const root = serverPage(false);
    revealAppPage();
    expect(document.getElementById('mea-ssr')).not.toBeNull();
    expect(root.hidden).toBe(true);
  });
});
