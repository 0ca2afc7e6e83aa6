import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../i18n/lingui-react';
import { Field } from './field';

function EmailField({ error }: { error: string }) {
  return (
    <LanguageProvider>
      <Field id="email" label="Email" error={error}>
        <input id="email" />
      </Field>
    </LanguageProvider>
  );
}

describe('a field’s error in the page’s language', () => {
  // activate, not loadAndActivate: that one replaces the language's messages, the contracts' too.
  afterEach(() => i18n.activate('en'));

  it('says a schema message in Spanish once the contracts’ texts arrive', async () => {
    i18n.activate('es');
    render(<EmailField error="Email is required" />);
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeTruthy();
  });

  it('fills a message built from values, its field name translated too', async () => {
    i18n.activate('es');
    render(<EmailField error="Notes must be at most 1000 characters" />);
    expect(
      await screen.findByText('El campo «Notas» puede tener como máximo 1000 caracteres'),
    ).toBeTruthy();
  });

  it('keeps English in English, and any text that is not the contracts’ as it came', async () => {
    render(<EmailField error="Email is required" />);
    expect(screen.getByText('Email is required')).toBeTruthy();
    i18n.activate('es');
    render(<EmailField error="La dirección ya está registrada" />);
    expect(await screen.findByText('La dirección ya está registrada')).toBeTruthy();
  });
});
