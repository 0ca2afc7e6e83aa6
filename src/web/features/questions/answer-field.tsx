import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import {
  COUNTRY_CODES,
  type AnswerValue,
  type CheckoutQuestion,
} from '../../../contracts/questions';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage } from '../../lib/api-client';
import { uploadAnswerFile } from './api';

export type AnswerDraft = AnswerValue | null | undefined;

const inputText = (value: AnswerDraft) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The country names in the page's language, sorted as that language sorts them. */
function useCountries() {
  const { i18n } = useLingui();
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, i18n.locale),
  );
}

/** The question's label, marked when an answer is required. */
function QuestionLabel({ question }: { question: CheckoutQuestion }) {
  const label = question.label;
  return question.required ? (
    <>
      {label} <span aria-hidden="true">*</span>
      <span className="sr-only">
        <Trans>(required)</Trans>
      </span>
    </>
  ) : (
    <>{label}</>
  );
}

/** A group of choices (radios, check boxes) under one legend, with its help and error. */
function ChoiceGroup({
  id,
  question,
  error,
  children,
}: {
  id: string;
  question: CheckoutQuestion;
  error?: string;
  children: ReactNode;
}) {
  const say = useContractText();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={describedBy(id, { hint: Boolean(question.helpText), error })}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">
        <QuestionLabel question={question} />
      </legend>
      {children}
      {question.helpText ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {question.helpText}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {say(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One question's control, by its type; the value as the API takes it. */
export function AnswerField({
  id,
  question,
  value,
  error,
  onChange,
}: {
  id: string;
  question: CheckoutQuestion;
  value: AnswerDraft;
  error?: string;
  onChange: (value: AnswerDraft) => void;
}) {
  const { t } = useLingui();
  const countries = useCountries();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = error ?? uploadError ?? undefined;
  const aria = {
    'aria-describedby': describedBy(id, { hint: Boolean(question.helpText), error: shownError }),
    'aria-invalid': shownError ? true : undefined,
    'aria-required': question.required || undefined,
  } as const;
  const field = (control: ReactNode) => (
    <Field
      id={id}
      label={<QuestionLabel question={question} />}
      hint={question.helpText || undefined}
      error={shownError}
    >
      {control}
    </Field>
  );

  switch (question.type) {
    case 'short_text':
      return field(
        <Input
          id={id}
          value={inputText(value)}
          onChange={(e) => onChange(e.target.value)}
          maxLength={200}
          {...aria}
        />,
      );
    case 'long_text':
      return field(
        <textarea
          id={id}
          rows={4}
          value={inputText(value)}
          onChange={(e) => onChange(e.target.value)}
          maxLength={2000}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
          {...aria}
        />,
      );
    case 'number':
      return field(
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={question.minValue ?? undefined}
          max={question.maxValue ?? undefined}
          value={inputText(value)}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
          className="max-w-48"
          {...aria}
        />,
      );
    case 'date':
      return field(
        <Input
          id={id}
          type="date"
          value={inputText(value)}
          onChange={(e) => onChange(e.target.value)}
          className="max-w-56"
          {...aria}
        />,
      );
    case 'phone':
      return field(
        <Input
          id={id}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          value={inputText(value)}
          onChange={(e) => onChange(e.target.value)}
          className="max-w-72 text-start"
          {...aria}
        />,
      );
    case 'country':
      return field(
        <Select
          id={id}
          value={inputText(value)}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        >
          <option value="">{t`Choose a country`}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>,
      );
    case 'single_choice':
      return (
        <ChoiceGroup id={id} question={question} error={shownError}>
          {question.options.map((option, i) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={id}
                id={`${id}-${i}`}
                checked={value === option}
                onChange={() => onChange(option)}
                className="size-4 accent-primary"
              />
              {option}
            </label>
          ))}
        </ChoiceGroup>
      );
    case 'multiple_choice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <ChoiceGroup id={id} question={question} error={shownError}>
          {question.options.map((option, i) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                id={`${id}-${i}`}
                checked={chosen.includes(option)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option),
                  )
                }
                className="size-4 accent-primary"
              />
              {option}
            </label>
          ))}
        </ChoiceGroup>
      );
    }
    case 'checkbox':
      return (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-2">
            <input
              type="checkbox"
              id={id}
              checked={value === true}
              onChange={(e) => onChange(e.target.checked)}
              className="mt-0.5 size-4 accent-primary"
              {...aria}
            />
            <label htmlFor={id} className="text-sm font-medium">
              <QuestionLabel question={question} />
            </label>
          </div>
          {question.linkUrl ? (
            <a
              href={question.linkUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="ms-6 text-sm font-medium text-primary underline"
            >
              <Trans>Read the terms (opens in a new tab)</Trans>
            </a>
          ) : null}
          {question.helpText ? (
            <p id={`${id}-hint`} className="ms-6 text-xs text-muted-foreground">
              {question.helpText}
            </p>
          ) : null}
          {shownError ? (
            <p id={`${id}-error`} className="ms-6 text-sm font-medium text-destructive">
              <ErrorText text={shownError} />
            </p>
          ) : null}
        </div>
      );
    case 'file': {
      const file = value && typeof value === 'object' && !Array.isArray(value) ? value : null;
      return field(
        file ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <a
              href={file.url}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-primary underline"
            >
              {file.name}
            </a>
            <Button size="sm" variant="outline" onClick={() => onChange(null)}>
              <Trans>Remove file</Trans>
            </Button>
          </div>
        ) : (
          <Input
            id={id}
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp"
            disabled={uploading}
            aria-busy={uploading || undefined}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (!chosen) return;
              setUploading(true);
              setUploadError(null);
              uploadAnswerFile(chosen)
                .then((stored) => onChange(stored))
                .catch((err: unknown) =>
                  setUploadError(errorMessage(err, t`The file could not be uploaded`)),
                )
                .finally(() => setUploading(false));
            }}
            className="py-1.5"
            {...aria}
          />
        ),
      );
    }
  }
}

function ErrorText({ text }: { text: string }) {
  const say = useContractText();
  return <>{say(text)}</>;
}
