import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newPasswordProblem, ratingLabel, signUpProblems, type SignUpInput } from './accounts';
import { SERVICE_OPTIONS, USER_TYPES } from './enums';

const valid: SignUpInput = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0000',
  password: 'engine',
  confirmPassword: 'engine',
  userType: 'attendee',
  service: 'Music',
};

const first = (change: Partial<SignUpInput>) => signUpProblems({ ...valid, ...change })[0]?.message;

describe('signUpProblems (spec §5 order, §8 texts)', () => {
  it('accepts a complete sign-up', () => {
    expect(signUpProblems(valid)).toEqual([]);
  });

  it('checks passwords match before length', () => {
    expect(first({ password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
    expect(first({ password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('checks the password before the service choice', () => {
    expect(first({ password: 'abc', confirmPassword: 'abc', service: null })).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('asks each account type for its own choice', () => {
    expect(first({ userType: 'venue', service: null })).toBe(
      'Please select a venue type for your venue account',
    );
    expect(first({ userType: 'vendor', service: '' })).toBe(
      'Please select a service for your vendor account',
    );
    expect(first({ userType: 'organizer', service: '  ' })).toBe(
      'Please select a service for your organizer account',
    );
    expect(first({ userType: 'attendee', service: undefined })).toBe(
      "Please select the type of events you're interested in attending",
    );
  });

  it('lists all missing required fields before any other rule', () => {
    expect(
      signUpProblems({ userType: 'vendor', password: 'a', confirmPassword: 'b' }).map(
        (p) => p.field,
      ),
    ).toEqual(['fullName', 'email', 'phone']);
  });

  it('checks email and phone formats', () => {
    expect(first({ email: 'ada@' })).toBe('Please enter a valid email address');
    expect(first({ phone: '12' })).toBe('Please enter a valid phone number');
  });

  it('accepts exactly the listed options of each account type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...USER_TYPES),
        fc.string({ maxLength: 30 }),
        (userType, service) => {
          const problems = signUpProblems({ ...valid, userType, service });
          const listed = SERVICE_OPTIONS[userType].includes(service.trim());
          expect(problems.length === 0).toBe(listed);
        },
      ),
    );
    for (const userType of USER_TYPES) {
      for (const service of SERVICE_OPTIONS[userType])
        expect(signUpProblems({ ...valid, userType, service })).toEqual([]);
    }
  });
});

describe('newPasswordProblem', () => {
  it('uses the sign-up rules and order', () => {
    expect(newPasswordProblem('abc', 'abd')?.message).toBe('Passwords do not match');
    expect(newPasswordProblem('abc', 'abc')?.message).toBe(
      'Password must be at least 6 characters long',
    );
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});

describe('ratingLabel (spec §2)', () => {
  it.each([
    [1, 'Super Easy'],
    [2, 'Super Easy'],
    [3, 'Easy'],
    [4, 'Easy'],
    [5, 'Moderate'],
    [6, 'Moderate'],
    [7, 'Challenging'],
    [8, 'Challenging'],
    [9, 'Most Difficult'],
    [10, 'Most Difficult'],
  ])('%i → %s', (rating, label) => expect(ratingLabel(rating)).toBe(label));
});
