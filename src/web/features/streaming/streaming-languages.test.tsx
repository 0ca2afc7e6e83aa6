import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render-with-router';
import { BrowserBroadcast } from './browser-broadcast';
import { StreamForm } from './stream-form';
import { formatCountdown, formatDuration } from './time';

async function activate(locale: 'es' | 'de' | 'ar') {
  const { messages } = (await import(`./locales/${locale}.po`)) as {
    messages: Record<string, string>;
  };
  i18n.loadAndActivate({ locale, messages });
}

describe('streaming in the page’s language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('shows the stream form in Spanish', async () => {
    await activate('es');
    renderWithRouter([
      {
        path: '/',
        element: (
          <StreamForm
            eventId="00000000-0000-4000-8000-000000000002"
            stream={null}
            canRecord={false}
            submitLabel="Crear la transmisión"
            onSubmit={() => Promise.resolve()}
          />
        ),
      },
    ]);
    expect(screen.getByRole('form', { name: 'Configuración de la transmisión' })).toBeTruthy();
    expect(screen.getByLabelText('Título de la transmisión')).toBeTruthy();
    expect(
      screen.getByRole('option', { name: 'Titulares de entradas de este evento' }),
    ).toBeTruthy();
    expect(screen.getByText(/^La grabación requiere un plan que la incluya\./)).toBeTruthy();
  });

  it('tells in Arabic that this browser cannot broadcast', async () => {
    await activate('ar');
    renderWithRouter([
      {
        path: '/',
        element: (
          <BrowserBroadcast
            broadcastPath="/api/streams/s/broadcast"
            isDisabled={false}
            onLive={() => undefined}
            onStopped={() => undefined}
          />
        ),
      },
    ]);
    expect(screen.getByText(/^لا يستطيع هذا المتصفح البث/)).toBeTruthy();
  });

  it('writes durations and countdowns with the language’s units', async () => {
    await activate('de');
    expect(formatDuration(3725)).toBe('1 Std. 2 Min.');
    expect(formatCountdown(93_784_000)).toBe('1 Tg. 02:03:04');
    await activate('ar');
    expect(formatDuration(20)).toBe('20 ث');
  });
});
