import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { QUESTION_MESSAGES, type QuestionInput } from '../../../contracts/questions';
import { apiPost } from '../../lib/api-client';
import { answerApi, fieldRefusal } from '../../test/msw';
import { QuestionEditor } from './question-editor';

// The question editor: the contract's texts on their fields before any request (focus on the
// first), the server's refusal on its field, the body as the API takes it.

const EVENT = '11111111-1111-4111-8111-111111111111';

/** The editor with a real save mutation (the page's, without its list). */
function Editor({ onSaved }: { onSaved: () => void }) {
  const create = useMutation({
    mutationFn: (input: QuestionInput) => apiPost(`/api/events/${EVENT}/questions`, input),
  });
  return (
    <QuestionEditor
      earlier={[]}
      ticketTypes={[]}
      isPending={create.isPending}
      onSave={(input) => create.mutateAsync(input).then(onSaved)}
      onCancel={() => undefined}
    />
  );
}

function renderEditor() {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Editor onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('QuestionEditor', () => {
  it('names each bad field with the contract text and focuses the first, without sending', async () => {
    const calls = answerApi(() => HttpResponse.json({}));
    renderEditor();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'single_choice' } });
    fireEvent.change(await screen.findByLabelText(/^Options/), { target: { value: 'Only one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText(QUESTION_MESSAGES.label)).toBeTruthy();
    expect(screen.getByText(QUESTION_MESSAGES.options)).toBeTruthy();
    const label = screen.getByLabelText('Question');
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Options/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(label));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of a field on that field and focuses it", async () => {
    answerApi(() => fieldRefusal('body.linkUrl', QUESTION_MESSAGES.link));
    const onSaved = renderEditor();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'checkbox' } });
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'I accept' } });
    fireEvent.change(await screen.findByLabelText(/^Link/), {
      target: { value: 'https://example.com/terms' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(await screen.findByText(QUESTION_MESSAGES.link)).toBeTruthy();
    const link = screen.getByLabelText(/^Link/);
    expect(link.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the question as the API takes it', async () => {
    const calls = answerApi(() => HttpResponse.json({}, { status: 201 }));
    const onSaved = renderEditor();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'number' } });
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Age' } });
    fireEvent.change(await screen.findByLabelText('Smallest value'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'An answer is required' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Once per order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: {
        scope: 'order',
        type: 'number',
        label: 'Age',
        required: true,
        minValue: 18,
        maxValue: null,
        conditionQuestionId: null,
      },
    });
  });
});
