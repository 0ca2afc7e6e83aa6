import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE } from '../../../contracts/two-factor';
import { answerApi, fieldRefusal, recordRequests, server } from '../../test/msw';
import { renderWithRouter } from '../../test/render-with-router';
import { SecondFactorStep } from './second-factor-step';

const user = { id: 'u1', email: 'pat@example.test', fullName: 'Pat', userType: 'attendee' };

function setup(methods: ('totp' | 'recovery' | 'passkey')[] = ['totp', 'recovery']) {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  renderWithRouter(
    [
      {
        path: '/auth',
        element: (
          <SecondFactorStep methods={methods} onSignedIn={onSignedIn} onRestart={onRestart} />
        ),
      },
    ],
    { path: '/auth' },
  );
  return { onSignedIn, onRestart };
}

function answer(status: number, body: JsonBodyType) {
  server.use(http.post('/api/auth/two-factor/sign-in', () => HttpResponse.json(body, { status })));
  return recordRequests();
}

describe('SecondFactorStep', () => {
  it('sends the code with the trust choice and signs in', async () => {
    const requests = answer(200, { user });
    const { onSignedIn } = setup();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByLabelText('Trust this device for 30 days'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(await requests[0]?.json()).toEqual({ code: '123456', trustDevice: true });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('takes a recovery code instead, and says when it is wrong', async () => {
    const requests = answer(401, {
      error: { code: 'UNAUTHENTICATED', message: 'That recovery code is not right or was used.' },
    });
    setup(['totp', 'recovery', 'passkey']);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That recovery code is not right or was used.')).toBeTruthy();
    expect(await requests[0]?.json()).toEqual({ recoveryCode: 'abcde-12345', trustDevice: false });
  });

  it('goes back to the password when the pending sign-in expired', async () => {
    answer(401, {
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Your sign-in has expired. Please sign in again.',
        details: { reason: 'SIGN_IN_EXPIRED' },
      },
    });
    const { onRestart } = setup();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(onRestart).toHaveBeenCalledWith('Your sign-in has expired. Please sign in again.'),
    );
  });
});

// The code box on Form/FormField: the contract's text on the box before any request (focused),
// a refusal naming the code on the box, and the body as before.
describe('the code box', () => {
  it("refuses a code that is not 6 digits with the contract's text, without sending", async () => {
    const calls = answerApi(() => HttpResponse.json({ user }));
    const { onSignedIn } = setup();
    const box = screen.getByLabelText('Authentication code');
    fireEvent.change(box, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TOTP_CODE_MESSAGE)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(calls).toHaveLength(0);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('shows a refusal of the recovery code on the box and sends it as typed', async () => {
    const calls = answerApi(() => fieldRefusal('body.recoveryCode', RECOVERY_CODE_MESSAGE));
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const box = screen.getByLabelText('Recovery code');
    fireEvent.change(box, { target: { value: ' abcde-12345 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(RECOVERY_CODE_MESSAGE)).toBeTruthy();
    const refused = screen.getByLabelText('Recovery code');
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(refused));
    expect(screen.queryByText('Sign in failed')).toBeNull();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/auth/two-factor/sign-in',
        body: { recoveryCode: ' abcde-12345 ', trustDevice: false },
      },
    ]);
  });
});
