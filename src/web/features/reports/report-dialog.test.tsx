import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerApi, fieldRefusal } from '../../test/msw';
import { ReportDialog } from './report-dialog';

// The report form: the contract's text on the reasons before any request (focused), the server's
// refusal on its field, and the body it sends.

const EVENT = '11111111-1111-4111-8111-111111111111';

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportDialog open onOpenChange={() => {}} targetType="event" targetId={EVENT} what="x" />
    </QueryClientProvider>,
  );
}

describe('the report form', () => {
  it('asks for a reason with the contract text and focuses the reasons, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    const reasons = screen.getByRole('group', { name: 'Why are you reporting it?' });
    expect(reasons.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(reasons));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal on its field and sends the body as typed", async () => {
    const calls = answerApi(() =>
      fieldRefusal('body.details', 'Keep the details under 1000 characters'),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.change(screen.getByLabelText('Details (optional)'), {
      target: { value: ' Looks fake ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Keep the details under 1000 characters')).toBeTruthy();
    const details = screen.getByLabelText('Details (optional)');
    expect(details.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(details));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/reports',
        body: { targetType: 'event', targetId: EVENT, reason: 'spam', details: ' Looks fake ' },
      },
    ]);
  });
});
