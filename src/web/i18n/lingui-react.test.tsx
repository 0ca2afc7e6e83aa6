import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider, useLingui } from './lingui-react';

function Greeting() {
  const { i18n: shown } = useLingui();
  return <p>{shown._('test.greeting')}</p>;
}

afterEach(() => i18n.activate('en'));

describe('messages on screen', () => {
  it('take a catalog that arrives in the language shown, without a language switch', async () => {
    render(
      <LanguageProvider>
        <Greeting />
      </LanguageProvider>,
    );
    expect(screen.getByText('test.greeting')).toBeTruthy();
    i18n.load('en', { 'test.greeting': 'Hello from a late catalog' });
    expect(await screen.findByText('Hello from a late catalog')).toBeTruthy();
  });

  it('follow a language switch', async () => {
    i18n.load('fr', { 'test.greeting': 'Bonjour' });
    render(
      <LanguageProvider>
        <Greeting />
      </LanguageProvider>,
    );
    i18n.activate('fr');
    expect(await screen.findByText('Bonjour')).toBeTruthy();
  });
});
