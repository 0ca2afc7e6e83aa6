import { z } from 'zod';
import { INT4_MAX, isoDate, isoDateTime } from './bounds';
import { graphemeCount } from './text';

// Checkout questions (decision 050): what an organizer asks, once per order or once per ticket,
// and the rules an answer must meet. The rules are here, shared, so the checkout form and the
// server say the same thing about the same answer.

export const QUESTION_TYPES = [
  'short_text',
  'long_text',
  'number',
  'single_choice',
  'multiple_choice',
  'checkbox',
  'date',
  'phone',
  'country',
  'file',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_SCOPES = ['order', 'ticket'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export const QUESTION_LIMITS = {
  questionsPerEvent: 50,
  label: 200,
  helpText: 500,
  options: 30,
  option: 100,
  shortText: 200,
  longText: 2000,
  fileBytes: 5 * 1024 * 1024,
} as const;

/** ISO 3166-1 alpha-2; the web names them with Intl.DisplayNames in the page's language. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRIES = new Set(COUNTRY_CODES);

/** Where an uploaded answer file lives (the app's own media store). */
export const ANSWER_FILE_URL = /^\/media\/answers\/[0-9a-f]{32}\.(pdf|png|jpg|webp)$/;

export const QUESTION_MESSAGES = {
  label: 'Please enter the question',
  labelTooLong: `Please keep the question under ${QUESTION_LIMITS.label} characters`,
  helpTooLong: `Please keep the help text under ${QUESTION_LIMITS.helpText} characters`,
  options: 'Please add at least two options',
  optionEmpty: 'Please fill in or remove the empty option',
  optionsRepeated: 'Each option must be different',
  minMax: 'The smallest value must not be more than the largest',
  link: 'Please enter a full link starting with https://',
  condition: 'Please choose a question asked before this one',
  conditionValues: 'Please choose the answer that shows this question',
  ticketTypes: 'Please choose ticket types of this event',
  tooMany: `An event can have at most ${QUESTION_LIMITS.questionsPerEvent} questions`,
  notFound: 'Question not found',
  required: 'Please answer this question',
  mustTick: 'Please tick this box to continue',
  textTooLong: (max: number) => `Please use ${max} characters or fewer`,
  number: 'Please enter a number',
  numberMin: (min: number) => `Please enter ${min} or more`,
  numberMax: (max: number) => `Please enter ${max} or less`,
  choice: 'Please choose one of the options',
  choicesMin: (min: number) => `Please choose at least ${min}`,
  choicesMax: (max: number) => `Please choose no more than ${max}`,
  date: 'Please enter a valid date',
  phone: 'Please enter a valid phone number',
  country: 'Please choose a country from the list',
  file: 'Please upload the file again',
  fileType: 'Please upload a PDF, PNG, JPEG or WebP file',
  fileTooLarge: 'The file must be 5 MB or smaller',
  fileMissing: 'Please choose a file to upload',
  extraTickets: 'There are answers for more tickets than the order has',
  editClosed: 'Answers can no longer be changed',
} as const;

// ---------- the organizer's questions ----------

const optionText = z.string().trim().max(QUESTION_LIMITS.option);

export const QuestionInputSchema = z
  .object({
    scope: z.enum(QUESTION_SCOPES),
    type: z.enum(QUESTION_TYPES),
    label: z
      .string()
      .trim()
      .min(1, { error: QUESTION_MESSAGES.label })
      .max(QUESTION_LIMITS.label, { error: QUESTION_MESSAGES.labelTooLong }),
    helpText: z
      .string()
      .trim()
      .max(QUESTION_LIMITS.helpText, { error: QUESTION_MESSAGES.helpTooLong })
      .default(''),
    required: z.boolean().default(false),
    options: z.array(optionText).max(QUESTION_LIMITS.options).default([]),
    linkUrl: z
      .url({ protocol: /^https?$/, error: QUESTION_MESSAGES.link })
      .max(500)
      .nullish()
      .transform((v) => v ?? null),
    minValue: z.number().int().min(-INT4_MAX).max(INT4_MAX).nullish(),
    maxValue: z.number().int().min(-INT4_MAX).max(INT4_MAX).nullish(),
    /** Empty: every ticket type of the event. */
    ticketTypeIds: z.array(z.uuid()).max(100).default([]),
    conditionQuestionId: z.uuid().nullish(),
    conditionValues: z.array(optionText).max(QUESTION_LIMITS.options).default([]),
    showAtCheckIn: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    const isChoice = q.type === 'single_choice' || q.type === 'multiple_choice';
    if (isChoice) {
      if (q.options.length < 2)
        ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTION_MESSAGES.options });
      else if (q.options.some((o) => !o))
        ctx.addIssue({ code: 'custom', path: ['options'], message: QUESTION_MESSAGES.optionEmpty });
      else if (new Set(q.options).size !== q.options.length)
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: QUESTION_MESSAGES.optionsRepeated,
        });
    }
    if (q.minValue != null && q.maxValue != null && q.minValue > q.maxValue)
      ctx.addIssue({ code: 'custom', path: ['maxValue'], message: QUESTION_MESSAGES.minMax });
    if (q.conditionQuestionId && q.conditionValues.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['conditionValues'],
        message: QUESTION_MESSAGES.conditionValues,
      });
  });
export type QuestionInput = z.input<typeof QuestionInputSchema>;
export type QuestionInputParsed = z.output<typeof QuestionInputSchema>;

export const QuestionSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  position: z.number().int(),
  scope: z.enum(QUESTION_SCOPES),
  type: z.enum(QUESTION_TYPES),
  label: z.string(),
  helpText: z.string(),
  required: z.boolean(),
  options: z.array(z.string()),
  linkUrl: z.string().nullable(),
  minValue: z.number().int().nullable(),
  maxValue: z.number().int().nullable(),
  ticketTypeIds: z.array(z.uuid()),
  conditionQuestionId: z.uuid().nullable(),
  conditionValues: z.array(z.string()),
  showAtCheckIn: z.boolean(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionSettingsSchema = z.object({
  /** Attendees may change their answers until then; null: until the event starts. */
  answersEditableUntil: z.string().nullable(),
});
export const QuestionSettingsInputSchema = z.object({
  answersEditableUntil: isoDateTime().nullable(),
});
export const QuestionListSchema = z.object({
  questions: z.array(QuestionSchema),
  settings: QuestionSettingsSchema,
});
export type QuestionList = z.infer<typeof QuestionListSchema>;
export const QuestionMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

/** The questions a checkout asks for these ticket types (public: a buyer reads them). */
export const CheckoutQuestionsQuerySchema = z.object({
  ticketTypeIds: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(50)),
});
export const CheckoutQuestionsSchema = z.object({
  questions: z.array(QuestionSchema.omit({ showAtCheckIn: true })),
  /** The asked types' names, for "Ticket 2 · VIP". */
  ticketTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type CheckoutQuestions = z.infer<typeof CheckoutQuestionsSchema>;
export type CheckoutQuestion = CheckoutQuestions['questions'][number];

// ---------- answers ----------

export const AnswerFileSchema = z.object({
  url: z.string().max(200),
  name: z.string().trim().max(200),
});
export const AnswerValueSchema = z.union([
  z.string().max(QUESTION_LIMITS.longText * 4),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(QUESTION_LIMITS.option * 4)).max(QUESTION_LIMITS.options),
  AnswerFileSchema,
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;
export const AnswerMapSchema = z
  .record(z.uuid(), AnswerValueSchema.nullable())
  .refine((m) => Object.keys(m).length <= QUESTION_LIMITS.questionsPerEvent * 2);
export type AnswerMap = Record<string, AnswerValue | null | undefined>;

/** What a buyer answers with an order: the order's own questions, then each ticket's. */
export const CheckoutAnswersSchema = z.object({
  order: AnswerMapSchema.default({}),
  /** The n-th entry of a type is the order's n-th ticket of that type. */
  tickets: z
    .array(z.object({ ticketTypeId: z.uuid(), answers: AnswerMapSchema }))
    .max(100)
    .default([]),
});
export type CheckoutAnswers = z.input<typeof CheckoutAnswersSchema>;

/** A ticket holder's answers as the ticket page and the organizer read them. */
export const TicketAnswersSchema = z.object({
  questions: z.array(QuestionSchema.omit({ showAtCheckIn: true })),
  order: z.record(z.string(), AnswerValueSchema),
  ticket: z.record(z.string(), AnswerValueSchema),
  ticketTypeId: z.uuid(),
  /** Until when they may be changed; null when they can no longer be. */
  editableUntil: z.string().nullable(),
  canEdit: z.boolean(),
});
export type TicketAnswers = z.infer<typeof TicketAnswersSchema>;
export const TicketAnswersInputSchema = z.object({
  order: AnswerMapSchema.default({}),
  ticket: AnswerMapSchema.default({}),
});

/** The organizer's view: every asked question and each ticket's answers (order's included). */
export const EventAnswersQuerySchema = z.object({
  /** Comma-separated; none: no tickets (an empty page). */
  ticketIds: z
    .string()
    .max(40 * 100)
    .default('')
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(100)),
  checkIn: z.enum(['true', 'false']).optional(),
});
export const EventAnswersSchema = z.object({
  questions: z.array(QuestionSchema),
  tickets: z.array(
    z.object({ ticketId: z.uuid(), answers: z.record(z.string(), AnswerValueSchema) }),
  ),
});
export type EventAnswers = z.infer<typeof EventAnswersSchema>;

// ---------- the rules ----------

/** What the rules need of a question. */
export type QuestionRule = Pick<
  Question,
  | 'id'
  | 'scope'
  | 'type'
  | 'required'
  | 'options'
  | 'minValue'
  | 'maxValue'
  | 'ticketTypeIds'
  | 'conditionQuestionId'
  | 'conditionValues'
>;

export const appliesTo = (question: Pick<Question, 'ticketTypeIds'>, ticketTypeId: string) =>
  question.ticketTypeIds.length === 0 || question.ticketTypeIds.includes(ticketTypeId);

const isEmpty = (value: AnswerValue | null | undefined) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** An answer as the words a condition compares with ("true" for a ticked box). */
export function answerTokens(value: AnswerValue | null | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return [value.name];
  return [String(value)];
}

/** Whether a conditional question is shown, given the answers it can see. */
export function isShown(
  question: QuestionRule,
  visible: (questionId: string) => AnswerValue | null | undefined,
) {
  if (!question.conditionQuestionId) return true;
  const tokens = answerTokens(visible(question.conditionQuestionId));
  return tokens.some((token) => question.conditionValues.includes(token));
}

const PHONE = /^\+?[0-9][0-9 ()./-]{4,28}$/;

/**
 * One answer against its question: the stored form of the value (trimmed text, a number), or
 * the message a person reads under the field. Null value: nothing answered.
 */
export function checkAnswer(
  question: QuestionRule,
  raw: AnswerValue | null | undefined,
): { value: AnswerValue | null } | { message: string } {
  const M = QUESTION_MESSAGES;
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (isEmpty(value)) {
    if (!question.required) return { value: null };
    return { message: question.type === 'checkbox' ? M.mustTick : M.required };
  }
  const text = typeof value === 'string' ? value : null;
  switch (question.type) {
    case 'short_text':
    case 'long_text': {
      const max =
        question.type === 'short_text' ? QUESTION_LIMITS.shortText : QUESTION_LIMITS.longText;
      if (text === null) return { message: M.required };
      // A grapheme is at least one UTF-16 unit, so text no longer than `max` units fits without
      // segmenting it (Intl.Segmenter costs about 20 µs a string: most of a checkout's answers).
      return text.length > max && graphemeCount(text) > max
        ? { message: M.textTooLong(max) }
        : { value: text };
    }
    case 'number': {
      const n =
        typeof value === 'number' ? value : text !== null ? Number(text.replace(',', '.')) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > INT4_MAX) return { message: M.number };
      if (question.minValue !== null && n < question.minValue)
        return { message: M.numberMin(question.minValue) };
      if (question.maxValue !== null && n > question.maxValue)
        return { message: M.numberMax(question.maxValue) };
      return { value: n };
    }
    case 'single_choice':
      return text !== null && question.options.includes(text)
        ? { value: text }
        : { message: M.choice };
    case 'multiple_choice': {
      if (!Array.isArray(value)) return { message: M.choice };
      const chosen = [...new Set(value)];
      if (chosen.some((v) => !question.options.includes(v))) return { message: M.choice };
      if (question.minValue !== null && chosen.length < question.minValue)
        return { message: M.choicesMin(question.minValue) };
      if (question.maxValue !== null && chosen.length > question.maxValue)
        return { message: M.choicesMax(question.maxValue) };
      // Kept in the organizer's order, whatever order they were ticked in.
      return { value: question.options.filter((o) => chosen.includes(o)) };
    }
    case 'checkbox':
      return value === true ? { value: true } : { message: M.mustTick };
    case 'date':
      return text !== null && isoDate().safeParse(text).success
        ? { value: text }
        : { message: M.date };
    case 'phone': {
      const digits = text?.replace(/\D/g, '').length ?? 0;
      return text !== null && PHONE.test(text) && digits >= 6 && digits <= 15
        ? { value: text }
        : { message: M.phone };
    }
    case 'country': {
      const code = text?.toUpperCase() ?? '';
      return COUNTRIES.has(code) ? { value: code } : { message: M.country };
    }
    case 'file':
      return value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        ANSWER_FILE_URL.test(value.url)
        ? { value: { url: value.url, name: value.name.slice(0, 200) || 'file' } }
        : { message: M.file };
  }
}

export interface AnswerRow {
  questionId: string;
  /** Null for a per-order answer. */
  ticketTypeId: string | null;
  ordinal: number;
  value: AnswerValue;
}
export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * Checks a checkout's answers against the event's questions for the tickets in the order: the
 * rows to store (hidden and unanswered questions dropped), or the problem with each field
 * (`answers.order.<questionId>`, `answers.tickets.<ticketTypeId>.<n>.<questionId>`, n from 0).
 */
export function checkCheckoutAnswers(
  questions: QuestionRule[],
  lines: { ticketTypeId: string; quantity: number }[],
  input: z.output<typeof CheckoutAnswersSchema> | null | undefined,
): { rows: AnswerRow[]; fields: FieldIssue[] } {
  const answers = input ?? { order: {}, tickets: [] };
  const rows: AnswerRow[] = [];
  const fields: FieldIssue[] = [];
  const types = lines.map((l) => l.ticketTypeId);
  const orderQuestions = questions.filter(
    (q) => q.scope === 'order' && types.some((t) => appliesTo(q, t)),
  );
  const orderValues = new Map<string, AnswerValue>();
  for (const q of orderQuestions) {
    if (!isShown(q, (id) => orderValues.get(id))) continue;
    const result = checkAnswer(q, answers.order[q.id]);
    if ('message' in result)
      fields.push({ field: `answers.order.${q.id}`, message: result.message });
    else if (result.value !== null) {
      orderValues.set(q.id, result.value);
      rows.push({ questionId: q.id, ticketTypeId: null, ordinal: 0, value: result.value });
    }
  }
  // Each ticket of the order, in the order the buyer saw them (the lines', then by place).
  const given = new Map<string, { answers: AnswerMap }[]>();
  answers.tickets.forEach((entry) => {
    const list = given.get(entry.ticketTypeId) ?? [];
    list.push({ answers: entry.answers });
    given.set(entry.ticketTypeId, list);
  });
  for (const [ticketTypeId, list] of given) {
    const line = lines.find((l) => l.ticketTypeId === ticketTypeId);
    if (!line || list.length > line.quantity)
      fields.push({ field: 'answers.tickets', message: QUESTION_MESSAGES.extraTickets });
  }
  if (fields.some((f) => f.field === 'answers.tickets')) return { rows, fields };
  for (const line of lines) {
    const ticketQuestions = questions.filter(
      (q) => q.scope === 'ticket' && appliesTo(q, line.ticketTypeId),
    );
    if (!ticketQuestions.length) continue;
    for (let ordinal = 0; ordinal < line.quantity; ordinal++) {
      const entry = given.get(line.ticketTypeId)?.[ordinal];
      const values = new Map<string, AnswerValue>();
      const visible = (id: string) => values.get(id) ?? orderValues.get(id);
      for (const q of ticketQuestions) {
        if (!isShown(q, visible)) continue;
        const result = checkAnswer(q, entry?.answers[q.id]);
        if ('message' in result) {
          const field = `answers.tickets.${line.ticketTypeId}.${ordinal}.${q.id}`;
          fields.push({ field, message: result.message });
        } else if (result.value !== null) {
          values.set(q.id, result.value);
          rows.push({
            questionId: q.id,
            ticketTypeId: line.ticketTypeId,
            ordinal,
            value: result.value,
          });
        }
      }
    }
  }
  return { rows, fields };
}

/** An answer as one line of text (lists, exports, the check-in screen). */
export function answerText(
  question: Pick<Question, 'type'>,
  value: AnswerValue | null | undefined,
  words: { yes: string; no: string; country?: (code: string) => string } = { yes: 'Yes', no: 'No' },
): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'object') return value.name;
  if (question.type === 'country' && typeof value === 'string' && words.country)
    return words.country(value);
  return String(value);
}
