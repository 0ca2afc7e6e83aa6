import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VendorProfile } from '../../../contracts/vendors';
import { answerApi, type ApiCall } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { ProfileForm } from './vendor-profile-form';

// The vendor profile form: the contract's checks name the fields (services included, a field
// array) and focus the first in reading order, the server's refusals land on their fields, and a
// saved profile shows what the server kept.

const PROFILE: VendorProfile = {
  id: '4a1b2c3d-0000-4000-8000-000000000003',
  fullName: 'Dee Ortiz',
  businessName: 'Ortiz Sound',
  avatarUrl: null,
  category: 'DJ',
  displayName: 'Ortiz Sound',
  displayCategory: 'DJ',
  description: 'Weddings and galas',
  services: [],
  links: {},
  gallery: [],
  serviceArea: 'Brooklyn',
  availability: 'Weekends',
  isComplete: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function stubApi(answer: (call: ApiCall) => Response) {
  return answerApi((call) =>
    call.method === 'PUT' ? answer(call) : HttpResponse.json({}, { status: 404 }),
  );
}

function renderForm() {
  renderWithRouter([{ path: '/', element: <ProfileForm profile={PROFILE} /> }], {
    user: makeUser({ userType: 'vendor' }),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

describe('ProfileForm', () => {
  it('names the bad fields, a service among them, and focuses the first without saving', async () => {
    const calls = stubApi(() => HttpResponse.json(PROFILE));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a service' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    type('Price from ($)', '400');
    type('Price to ($)', '150');
    type('Website', 'ortiz.example');
    type('Business name', '');
    save();
    expect(await screen.findByText('Please enter your business name')).toBeTruthy();
    expect(screen.getByText('Please name the service')).toBeTruthy();
    expect(screen.getByText('The highest price must be at least the lowest price')).toBeTruthy();
    expect(
      screen.getByText('Please enter a full link starting with http:// or https://'),
    ).toBeTruthy();
    expect(screen.getByText('Please fix the fields marked above.')).toBeTruthy();
    expect(screen.getByLabelText('Price to ($)').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Business name')),
    );
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves the services in cents and shows the profile the server kept', async () => {
    const calls = stubApi(({ body }) =>
      HttpResponse.json({
        ...PROFILE,
        ...(body as object),
        businessName: 'Ortiz Sound NYC',
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a service' }));
    type('Name', 'Four-hour DJ set');
    type('Price to ($)', '900');
    type('Website', 'https://beats.example');
    save();
    await waitFor(() =>
      expect((screen.getByLabelText('Business name') as HTMLInputElement).value).toBe(
        'Ortiz Sound NYC',
      ),
    );
    expect(puts(calls)[0]?.body).toEqual({
      businessName: 'Ortiz Sound',
      category: 'DJ',
      description: 'Weddings and galas',
      services: [
        { name: 'Four-hour DJ set', description: '', priceMinCents: null, priceMaxCents: 90000 },
      ],
      links: {
        website: 'https://beats.example',
        instagram: null,
        facebook: null,
        tiktok: null,
        youtube: null,
        x: null,
      },
      serviceArea: 'Brooklyn',
      availability: 'Weekends',
    });
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it("shows the server's refusal of a service's price on that field and focuses it", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: {
              fields: [{ field: 'body.services.0.priceMaxCents', message: 'Too dear for us' }],
            },
          },
        },
        { status: 400 },
      ),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a service' }));
    type('Name', 'Set');
    type('Price to ($)', '900');
    save();
    expect(await screen.findByText('Too dear for us')).toBeTruthy();
    const price = screen.getByLabelText('Price to ($)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(price));
    expect(screen.getByText('Please fix the fields marked above.')).toBeTruthy();
  });
});
