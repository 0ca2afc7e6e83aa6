// The questions feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { checkoutAsks } from './api';
export { openQuestionsStep, eventQuestionsPath } from './checkout-step';
export { QUESTIONS_TAB } from './manage-tab';
export { answersColumn, useAttendeeAnswers, CheckInAnswers } from './attendee-answers';
export { TicketAnswersCard } from './ticket-answers';
export { RegistrationQuestions, registrationAnswers } from './registration-questions';
export { emptyDrafts, forgetCheckoutDraft, type AnswerDrafts } from './checkout-draft';
