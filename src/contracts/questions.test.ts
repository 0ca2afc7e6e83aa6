import { describe, expect, it } from 'vitest';
import {
  QuestionInputSchema,
  answerText,
  checkAnswer,
  checkCheckoutAnswers,
  type AnswerValue,
  type QuestionRule,
} from './questions';

const rule = (over: Partial<QuestionRule>): QuestionRule => ({
  id: '00000000-0000-4000-8000-000000000001',
  scope: 'ticket',
  type: 'short_text',
  required: false,
  options: [],
  minValue: null,
  maxValue: null,
  ticketTypeIds: [],
  conditionQuestionId: null,
  conditionValues: [],
  ...over,
});

type Row = [string, Partial<QuestionRule>, AnswerValue | null | undefined, object];
const ok = (value: AnswerValue | null) => ({ value });
const no = (message: string) => ({ message });

describe('one answer against its question', () => {
  it.each<Row>([
    ['optional, unanswered', {}, undefined, ok(null)],
    ['optional, blank', {}, '   ', ok(null)],
    ['required, unanswered', { required: true }, undefined, no('Please answer this question')],
    ['required, blank', { required: true }, ' ', no('Please answer this question')],
    ['short text, trimmed', {}, '  Ada  ', ok('Ada')],
    ['short text, 200', {}, 'x'.repeat(200), ok('x'.repeat(200))],
    ['short text, 201', {}, 'x'.repeat(201), no('Please use 200 characters or fewer')],
    // Counted as people see them: 200 flags are 800 UTF-16 units, 201 are one too many.
    ['short text, 200 flags', {}, '🇳🇬'.repeat(200), ok('🇳🇬'.repeat(200))],
    ['short text, 201 flags', {}, '🇳🇬'.repeat(201), no('Please use 200 characters or fewer')],
    ['short text, a number sent', {}, 5, no('Please answer this question')],
    ['long text, 2000', { type: 'long_text' }, 'y'.repeat(2000), ok('y'.repeat(2000))],
    [
      'long text, 2001',
      { type: 'long_text' },
      'y'.repeat(2001),
      no('Please use 2000 characters or fewer'),
    ],
    ['number', { type: 'number' }, 42, ok(42)],
    ['number as text', { type: 'number' }, '3,5', ok(3.5)],
    ['number, not one', { type: 'number' }, 'many', no('Please enter a number')],
    ['number, below min', { type: 'number', minValue: 18 }, 17, no('Please enter 18 or more')],
    ['number, above max', { type: 'number', maxValue: 10 }, 11, no('Please enter 10 or less')],
    ['number, at the limits', { type: 'number', minValue: 1, maxValue: 1 }, 1, ok(1)],
    ['single choice', { type: 'single_choice', options: ['S', 'M'] }, 'M', ok('M')],
    [
      'single choice, other',
      { type: 'single_choice', options: ['S', 'M'] },
      'XL',
      no('Please choose one of the options'),
    ],
    [
      'multiple choice, kept in the options’ order',
      { type: 'multiple_choice', options: ['A', 'B', 'C'] },
      ['C', 'A', 'C'],
      ok(['A', 'C']),
    ],
    [
      'multiple choice, unknown',
      { type: 'multiple_choice', options: ['A'] },
      ['Z'],
      no('Please choose one of the options'),
    ],
    [
      'multiple choice, too few',
      { type: 'multiple_choice', options: ['A', 'B'], minValue: 2 },
      ['A'],
      no('Please choose at least 2'),
    ],
    [
      'multiple choice, too many',
      { type: 'multiple_choice', options: ['A', 'B'], maxValue: 1 },
      ['A', 'B'],
      no('Please choose no more than 1'),
    ],
    [
      'required multiple choice, none',
      { type: 'multiple_choice', options: ['A'], required: true },
      [],
      no('Please answer this question'),
    ],
    ['checkbox ticked', { type: 'checkbox' }, true, ok(true)],
    ['checkbox unticked, optional', { type: 'checkbox' }, false, ok(null)],
    [
      'terms unticked',
      { type: 'checkbox', required: true },
      false,
      no('Please tick this box to continue'),
    ],
    ['date', { type: 'date' }, '1990-02-28', ok('1990-02-28')],
    ['date, impossible', { type: 'date' }, '1990-02-30', no('Please enter a valid date')],
    ['date, another format', { type: 'date' }, '28/02/1990', no('Please enter a valid date')],
    ['phone', { type: 'phone' }, '+49 30 1234567', ok('+49 30 1234567')],
    ['phone, letters', { type: 'phone' }, 'call me', no('Please enter a valid phone number')],
    ['phone, too short', { type: 'phone' }, '12 34', no('Please enter a valid phone number')],
    ['country', { type: 'country' }, 'de', ok('DE')],
    ['country, unknown', { type: 'country' }, 'XX', no('Please choose a country from the list')],
    [
      'file',
      { type: 'file' },
      { url: '/media/answers/0123456789abcdef0123456789abcdef.pdf', name: 'cv.pdf' },
      ok({ url: '/media/answers/0123456789abcdef0123456789abcdef.pdf', name: 'cv.pdf' }),
    ],
    [
      'file, elsewhere',
      { type: 'file' },
      { url: 'https://evil.example/x.pdf', name: 'x' },
      no('Please upload the file again'),
    ],
  ])('%s', (_, question, value, expected) => {
    expect(checkAnswer(rule(question), value)).toEqual(expected);
  });
});

const ids = {
  company: '00000000-0000-4000-8000-00000000000a',
  size: '00000000-0000-4000-8000-00000000000b',
  dietary: '00000000-0000-4000-8000-00000000000c',
  which: '00000000-0000-4000-8000-00000000000d',
  general: '00000000-0000-4000-8000-0000000000f1',
  vip: '00000000-0000-4000-8000-0000000000f2',
};
const questions: QuestionRule[] = [
  rule({ id: ids.company, scope: 'order', required: true }),
  rule({
    id: ids.size,
    type: 'single_choice',
    options: ['S', 'M'],
    required: true,
    ticketTypeIds: [ids.vip],
  }),
  rule({ id: ids.dietary, type: 'checkbox' }),
  rule({
    id: ids.which,
    required: true,
    conditionQuestionId: ids.dietary,
    conditionValues: ['true'],
  }),
];
const lines = [
  { ticketTypeId: ids.general, quantity: 1 },
  { ticketTypeId: ids.vip, quantity: 2 },
];

describe('a checkout’s answers', () => {
  it('asks per order once, per ticket for each ticket of the chosen types, and a follow-up only when shown', () => {
    const { rows, fields } = checkCheckoutAnswers(questions, lines, {
      order: { [ids.company]: 'Acme' },
      tickets: [
        { ticketTypeId: ids.vip, answers: { [ids.size]: 'S' } },
        { ticketTypeId: ids.general, answers: { [ids.size]: 'M', [ids.which]: 'hidden' } },
        {
          ticketTypeId: ids.vip,
          answers: { [ids.size]: 'M', [ids.dietary]: true, [ids.which]: 'Vegan' },
        },
      ],
    });
    expect(fields).toEqual([]);
    expect(rows).toEqual([
      { questionId: ids.company, ticketTypeId: null, ordinal: 0, value: 'Acme' },
      { questionId: ids.size, ticketTypeId: ids.vip, ordinal: 0, value: 'S' },
      { questionId: ids.size, ticketTypeId: ids.vip, ordinal: 1, value: 'M' },
      { questionId: ids.dietary, ticketTypeId: ids.vip, ordinal: 1, value: true },
      { questionId: ids.which, ticketTypeId: ids.vip, ordinal: 1, value: 'Vegan' },
    ]);
  });

  it('names each missing answer’s field, tickets without an entry included', () => {
    const { fields } = checkCheckoutAnswers(questions, lines, {
      order: {},
      tickets: [{ ticketTypeId: ids.general, answers: { [ids.dietary]: true } }],
    });
    expect(fields.map((f) => f.field)).toEqual([
      `answers.order.${ids.company}`,
      `answers.tickets.${ids.general}.0.${ids.which}`,
      `answers.tickets.${ids.vip}.0.${ids.size}`,
      `answers.tickets.${ids.vip}.1.${ids.size}`,
    ]);
  });

  it('refuses answers for more tickets than the order has', () => {
    const { fields } = checkCheckoutAnswers(questions, lines, {
      order: { [ids.company]: 'Acme' },
      tickets: [1, 2, 3].map(() => ({ ticketTypeId: ids.vip, answers: { [ids.size]: 'S' } })),
    });
    expect(fields).toEqual([
      {
        field: 'answers.tickets',
        message: 'There are answers for more tickets than the order has',
      },
    ]);
  });

  it('asks nothing when no question applies', () => {
    const only = [rule({ id: ids.size, required: true, ticketTypeIds: [ids.vip] })];
    const result = checkCheckoutAnswers(only, [{ ticketTypeId: ids.general, quantity: 3 }], null);
    expect(result).toEqual({ rows: [], fields: [] });
  });
});

describe('a question as written by the organizer', () => {
  it.each([
    [{ type: 'single_choice', options: ['Yes'] }, 'options', 'Please add at least two options'],
    [
      { type: 'single_choice', options: ['A', ''] },
      'options',
      'Please fill in or remove the empty option',
    ],
    [{ type: 'multiple_choice', options: ['A', 'A'] }, 'options', 'Each option must be different'],
    [
      { type: 'number', minValue: 5, maxValue: 1 },
      'maxValue',
      'The smallest value must not be more than the largest',
    ],
    [
      { type: 'checkbox', linkUrl: 'javascript:alert(1)' },
      'linkUrl',
      'Please enter a full link starting with https://',
    ],
    [
      { conditionQuestionId: ids.company, conditionValues: [] },
      'conditionValues',
      'Please choose the answer that shows this question',
    ],
    [{ label: '' }, 'label', 'Please enter the question'],
  ])('%o', (over, path, message) => {
    const result = QuestionInputSchema.safeParse({
      scope: 'ticket',
      type: 'short_text',
      label: 'Q',
      ...over,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      path,
      message,
    ]);
  });
});

describe('an answer as text', () => {
  it.each([
    [{ type: 'checkbox' }, true, 'Yes'],
    [{ type: 'multiple_choice' }, ['A', 'B'], 'A, B'],
    [{ type: 'file' }, { url: '/media/answers/x.pdf', name: 'cv.pdf' }, 'cv.pdf'],
    [{ type: 'number' }, 3.5, '3.5'],
    [{ type: 'short_text' }, undefined, ''],
  ] as const)('%o', (question, value, text) => {
    expect(answerText(question, value as AnswerValue | undefined)).toBe(text);
  });
});
