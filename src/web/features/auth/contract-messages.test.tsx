import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGN_UP_MESSAGES } from '../../../contracts/accounts';
import { CONTRACT_MESSAGE_KEYS, useFieldMessage } from './contract-messages';

describe('useFieldMessage', () => {
  it('reads every contract message word for word in English', () => {
    const { result } = renderHook(() => useFieldMessage());
    for (const key of CONTRACT_MESSAGE_KEYS) expect(result.current(key)).toBe(key);
    expect(result.current(SIGN_UP_MESSAGES.shortPassword)).toBe(SIGN_UP_MESSAGES.shortPassword);
  });

  it('leaves a message it does not know as it is', () => {
    const { result } = renderHook(() => useFieldMessage());
    expect(result.current('Ya existe una cuenta con este correo')).toBe(
      'Ya existe una cuenta con este correo',
    );
  });
});
