import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { ContactForm } from './contact-form';

// The contact form: the contract's texts on their fields before any request, the server's field
// refusals on their fields, the reference handed on once sent.

function stubApi(answer: () => Response) {
  return answerApi(answer);
}

function renderForm(onSent = vi.fn()) {
  renderWithRouter([
    { path: '/', element: <ContactForm name="Pat Person" email="" onSent={onSent} /> },
  ]);
  return onSent;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('ContactForm', () => {
  it('names the bad fields with the contract texts without sending', async () => {
    const calls = stubApi(() => HttpResponse.json({ reference: 'SUP-1' }, { status: 201 }));
    renderForm();
    type('Message', 'Help');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please write at least 10 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(calls).toHaveLength(0);
  });

  it('sends the request and hands on its reference', async () => {
    const calls = stubApi(() => HttpResponse.json({ reference: 'SUP-7' }, { status: 201 }));
    const onSent = renderForm();
    type('Email', 'pat@example.test');
    type('Message', 'Where is my invoice for last month?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('SUP-7'));
    expect(calls[0]?.body).toEqual({
      name: 'Pat Person',
      email: 'pat@example.test',
      topic: 'general',
      message: 'Where is my invoice for last month?',
    });
  });

  it("shows the server's refusal of a field on that field", async () => {
    stubApi(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Check the marked fields',
            details: { fields: [{ field: 'body.email', message: 'This address cannot get mail' }] },
          },
        },
        { status: 400 },
      ),
    );
    const onSent = renderForm();
    type('Email', 'pat@example.test');
    type('Message', 'Where is my invoice for last month?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address cannot get mail')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(onSent).not.toHaveBeenCalled();
  });
});
