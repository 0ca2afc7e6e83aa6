import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEVELOPER_MESSAGES, type ApiKey } from '../../../contracts/developer';
import { answerApi, fieldRefusal } from '../../test/msw';
import { OriginsDialog } from './origins-dialog';

// A key's allowed origins: the contract's check on the box before any request (naming the bad
// line, focused), the server's refusal of one line on the box, and the body it sends.

const KEY: ApiKey = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Shop widget',
  prefix: 'abc123',
  scopes: ['events:read'],
  allowedOrigins: ['https://shop.example.com'],
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: null,
};

function renderDialog(answer: () => Response) {
  const calls = answerApi(answer);
  let closed = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OriginsDialog apiKey={KEY} onClose={() => void closed++} />
    </QueryClientProvider>,
  );
  return { calls, closed: () => closed };
}

const box = () => screen.getByLabelText('Origins, one a line') as HTMLTextAreaElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));

describe('the allowed origins form', () => {
  it("names a bad line with the contract's text and focuses the box, without sending", async () => {
    const { calls } = renderDialog(() => HttpResponse.json(KEY));
    expect(box().value).toBe('https://shop.example.com');
    fireEvent.change(box(), {
      target: { value: 'https://shop.example.com\nshop.example.com/cart' },
    });
    save();
    expect(
      await screen.findByText(`shop.example.com/cart: ${DEVELOPER_MESSAGES.originInvalid}`),
    ).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on the box naming the line, and sends the trimmed list", async () => {
    const { calls, closed } = renderDialog(() =>
      fieldRefusal('body.allowedOrigins.1', DEVELOPER_MESSAGES.originInvalid),
    );
    fireEvent.change(box(), {
      target: { value: ' https://shop.example.com \n\nhttp://localhost:5173\n' },
    });
    save();
    expect(
      await screen.findByText(`http://localhost:5173: ${DEVELOPER_MESSAGES.originInvalid}`),
    ).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: `/api/developer/keys/${KEY.id}`,
        body: { allowedOrigins: ['https://shop.example.com', 'http://localhost:5173'] },
      },
    ]);
    expect(closed()).toBe(0);
  });

  it('saves an emptied box as no origins and closes', async () => {
    const { calls, closed } = renderDialog(() => HttpResponse.json({ ...KEY, allowedOrigins: [] }));
    fireEvent.change(box(), { target: { value: '  \n' } });
    save();
    await waitFor(() => expect(closed()).toBe(1), { timeout: 5000 });
    expect(calls.map((c) => c.body)).toEqual([{ allowedOrigins: [] }]);
  });
});
