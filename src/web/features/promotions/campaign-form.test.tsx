import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROMO_MESSAGES } from '../../../contracts/promotions';
import { answerApi } from '../../test/msw';
import { makeUser, renderWithRouter } from '../../test/render-with-router';
import { CampaignForm, campaignDefaults, campaignToInput } from './campaign-form';

// The new-campaign form: the contract's checks on the typed values (dollars, local times, comma
// lists), the server's refusals on their fields, then checkout.

const CAMPAIGN_ID = '22222222-2222-4222-8222-222222222222';

function stubApi(createAnswer?: () => Response) {
  return answerApi(({ method, url }) => {
    if (method === 'POST' && url === '/api/promotions/campaigns')
      return createAnswer?.() ?? HttpResponse.json({ id: CAMPAIGN_ID }, { status: 201 });
    if (method === 'POST' && url === `/api/promotions/campaigns/${CAMPAIGN_ID}/checkout`)
      return HttpResponse.json({ url: '/pay/here', sessionId: 's1' });
    return HttpResponse.json({ items: [], rates: [] });
  });
}

function renderForm() {
  renderWithRouter([{ path: '/ads', element: <CampaignForm onCancel={() => undefined} /> }], {
    path: '/ads',
    user: makeUser(),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.restoreAllMocks());

describe('CampaignForm', () => {
  it('turns dollars, local times and comma lists into the API body', () => {
    const values = {
      ...campaignDefaults(new Date('2026-12-01T10:00:00Z')),
      startsAt: '2026-12-01T10:00',
      endsAt: '2026-12-15T10:00',
      daily: '12.5',
      total: '80',
      categories: ' Music,, Food & Drink ',
      cities: 'Lisbon',
      accountTypes: ['vendor'],
    };
    const input = campaignToInput(values);
    expect(input.dailyBudgetCents).toBe(1250);
    expect(input.totalBudgetCents).toBe(8000);
    expect(input.startsAt).toBe(new Date('2026-12-01T10:00').toISOString());
    expect(input.targetCategories).toEqual(['Music', 'Food & Drink']);
    expect(input.targetCities).toEqual(['Lisbon']);
    expect(input.targetAccountTypes).toEqual(['vendor']);
    expect(input.frequencyCap).toBe(5);
  });

  it('names each bad field with the contract text without asking the server', async () => {
    const calls = stubApi();
    renderForm();
    type('Daily budget (USD)', '100');
    type('Total budget (USD), paid now', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save and pay' }));
    expect(await screen.findByText(PROMO_MESSAGES.headline)).toBeTruthy();
    expect(screen.getByText(PROMO_MESSAGES.imageAlt)).toBeTruthy();
    expect(screen.getByText(PROMO_MESSAGES.targetPath)).toBeTruthy();
    expect(screen.getByText(PROMO_MESSAGES.totalBudget)).toBeTruthy();
    expect(screen.getByLabelText('Total budget (USD), paid now').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Headline')));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the campaign, then goes to its checkout', async () => {
    const calls = stubApi();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderForm();
    type('Headline', 'DJ Nova');
    type('Image description', 'A DJ at the decks');
    type('Link', '/vendor/nova');
    type('Cities', 'Lisbon, Porto');
    fireEvent.click(screen.getByRole('button', { name: 'Save and pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/here'));
    const created = calls.find((c) => c.url === '/api/promotions/campaigns');
    expect(created?.body).toMatchObject({
      headline: 'DJ Nova',
      targetPath: '/vendor/nova',
      dailyBudgetCents: 1000,
      totalBudgetCents: 5000,
      targetCities: ['Lisbon', 'Porto'],
      frequencyCap: 5,
    });
  });

  it("shows the server's refusals on their fields, under the form's names", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: {
              fields: [
                { field: 'body.targetPath', message: PROMO_MESSAGES.eventGone },
                { field: 'body.dailyBudgetCents', message: 'At most $100000' },
              ],
            },
          },
        },
        { status: 400 },
      ),
    );
    renderForm();
    type('Headline', 'DJ Nova');
    type('Image description', 'A DJ at the decks');
    type('Link', '/event/gone');
    fireEvent.click(screen.getByRole('button', { name: 'Save and pay' }));
    expect(await screen.findByText(PROMO_MESSAGES.eventGone)).toBeTruthy();
    expect(screen.getByText('At most $100000')).toBeTruthy();
    expect(screen.getByText('Please check the marked fields.')).toBeTruthy();
    expect(screen.getByLabelText('Daily budget (USD)').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Link')));
    expect(
      (screen.getByRole('button', { name: 'Save and pay' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
