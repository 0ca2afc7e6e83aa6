import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../contracts/admin';
import { answerApi } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { SettingsForm } from './settings-form';

// The site settings form: the contract's texts on their fields, the fee typed in percent and
// sent in basis points, the server's field refusals on their fields.

const SETTINGS: SiteSettings = {
  siteName: 'MEA Events',
  contactEmail: 'support@mea.events',
  contactPhone: '+1 555 0100',
  defaultCurrency: 'USD',
  platformFeeBps: 250,
  registrationOpen: true,
  vendorApplicationsOpen: true,
  maintenanceBanner: '',
};

function stubApi(answer: (body: unknown) => Response) {
  return answerApi(({ method, body }) =>
    method === 'PATCH' ? answer(body) : HttpResponse.json({}),
  );
}

function renderForm() {
  renderWithRouter([{ path: '/', element: <SettingsForm initial={SETTINGS} /> }], {
    user: makeUser({ roles: ['admin'] }),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('SettingsForm', () => {
  it('names the bad fields with the contract texts without saving', async () => {
    const calls = stubApi(() => HttpResponse.json(SETTINGS));
    renderForm();
    type('Contact email (footer)', 'not an address');
    type('Platform fee (%)', '60');
    save();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('The fee can be at most 50%')).toBeTruthy();
    expect(screen.getByLabelText('Platform fee (%)').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Contact email (footer)')),
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('saves the fee in basis points and says so until the next change', async () => {
    const calls = stubApi((body) => HttpResponse.json(body as SiteSettings));
    renderForm();
    type('Platform fee (%)', '3.5');
    save();
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      ...SETTINGS,
      platformFeeBps: 350,
    });
    type('Site name', 'MEA');
    await waitFor(() => expect(screen.queryByText('Settings saved')).toBeNull());
  });

  it("shows the server's refusal of a field on that field", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: { fields: [{ field: 'body.platformFeeBps', message: 'Too high for you' }] },
          },
        },
        { status: 400 },
      ),
    );
    renderForm();
    save();
    expect(await screen.findByText('Too high for you')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Platform fee (%)')),
    );
    expect(screen.queryByText('Settings saved')).toBeNull();
  });
});
