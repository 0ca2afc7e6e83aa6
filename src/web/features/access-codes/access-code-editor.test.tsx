import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_MESSAGES } from '../../../contracts/access-codes';
import { answerApi, fieldRefusal } from '../../test/msw';
import { AccessCodeEditor } from './access-code-editor';

// The access code editor: the contract's texts on their fields before any request (focus on
// the first), the server's refusal on its field, the body of each mode as the API takes it.

const EVENT = '11111111-1111-4111-8111-111111111111';
const PRESS = '00000000-0000-4000-8000-000000000003';

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccessCodeEditor eventId={EVENT} hiddenTypes={[{ id: PRESS, name: 'Press' }]} />
    </QueryClientProvider>,
  );
}

describe('AccessCodeEditor', () => {
  it('names each bad field with the contract text and focuses the first, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderEditor();
    fireEvent.change(screen.getByLabelText(/^Prefix/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('How many codes'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByText(ACCESS_CODE_MESSAGES.prefixLength)).toBeTruthy();
    expect(screen.getByText(ACCESS_CODE_MESSAGES.count)).toBeTruthy();
    expect(screen.getByText(ACCESS_CODE_MESSAGES.typesRequired)).toBeTruthy();
    const prefix = screen.getByLabelText(/^Prefix/);
    expect(prefix.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('How many codes').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(prefix));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of the code on the Code field and focuses it", async () => {
    const calls = answerApi(() => fieldRefusal('body.code', ACCESS_CODE_MESSAGES.codeTaken));
    renderEditor();
    fireEvent.click(screen.getByRole('radio', { name: 'One code I name' }));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'PRESS' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Press' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText(ACCESS_CODE_MESSAGES.codeTaken)).toBeTruthy();
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/api/events/${EVENT}/access-codes`,
      body: { code: 'PRESS', ticketTypeIds: [PRESS], usageLimit: 1, validUntil: null },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create code' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
  });

  it('generates a batch with the body the API takes and offers its CSV', async () => {
    const calls = answerApi(() =>
      HttpResponse.json({ batchId: '00000000-0000-4000-8000-0000000000bb', accessCodes: [{}, {}] }),
    );
    renderEditor();
    fireEvent.change(screen.getByLabelText(/^Prefix/), { target: { value: ' VIP ' } });
    fireEvent.change(screen.getByLabelText('How many codes'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Press' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByRole('link', { name: 'Download these codes (CSV)' })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/api/events/${EVENT}/access-codes/bulk`,
      body: { prefix: 'VIP', count: 2, ticketTypeIds: [PRESS], usageLimit: 1, validUntil: null },
    });
  });
});
