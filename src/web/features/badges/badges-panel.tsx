import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IdCard, Printer } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { BADGE_SIZES, type BadgeSize } from '../../../contracts/badge-layout';
import {
  BadgeTemplateInputSchema,
  type BadgeTemplate,
  type BadgeTemplateInput,
} from '../../../contracts/badges';
import { LoadFailed } from '../../components/query-states';
import { Button, buttonClasses } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { BadgePreview } from './badge-preview';
import { badgesPdfUrl, badgeTemplatesQuery, useDeleteTemplate, useSaveTemplate } from './api';

const BADGE_SIZE_LABELS: Record<BadgeSize, MessageDescriptor> = {
  a4_8: msg`A4 sheet, 8 badges (105 × 74 mm)`,
  a4_10: msg`A4 sheet, 10 badges (85 × 54 mm)`,
  label_4x3: msg`Label, 4 × 3 in`,
  a6: msg`Single badge, A6`,
};

const NEW_TEMPLATE: BadgeTemplateInput = {
  name: '',
  size: 'a4_8',
  subtitleQuestionId: null,
  showTicketType: true,
  showQr: true,
  showLogo: false,
};

/** The event's badge templates: a form with a live preview, and printing as PDF. */
export function BadgesPanel({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const query = useQuery(badgeTemplatesQuery(eventId));
  const remove = useDeleteTemplate(eventId);
  const [editing, setEditing] = useState<{ id: string | null; input: BadgeTemplateInput } | null>(
    null,
  );
  const [name, setName] = useState('');
  const [checkedIn, setCheckedIn] = useState(false);
  const filterId = useId();
  if (query.isPending) return <Spinner label={t`Loading badge templates`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Badge templates could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const { templates, questions, hasLogo } = query.data;
  return (
    <section aria-labelledby="badges-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="badges-title" className="flex items-center gap-2 text-xl font-bold">
          <IdCard aria-hidden="true" className="size-5" />
          <Trans>Badges</Trans>
        </h2>
        {editing ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing({ id: null, input: NEW_TEMPLATE })}
          >
            <Trans>New badge template</Trans>
          </Button>
        )}
      </div>
      {editing ? (
        <TemplateForm
          eventId={eventId}
          id={editing.id}
          initial={editing.input}
          questions={questions}
          hasLogo={hasLogo}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {templates.length === 0 && !editing ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No badge templates yet. Add one to print name badges for your attendees.</Trans>
        </p>
      ) : null}
      {templates.length > 0 ? (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <Field id={`${filterId}-name`} label={<Trans>Print only names containing</Trans>}>
              <Input
                id={`${filterId}-name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                className="w-56"
              />
            </Field>
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input
                type="checkbox"
                checked={checkedIn}
                onChange={(e) => setCheckedIn(e.target.checked)}
              />
              <Trans>Only guests checked in</Trans>
            </label>
          </div>
          <ul className="flex flex-col gap-2">
            {templates.map((template: BadgeTemplate) => (
              <li
                key={template.id}
                className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex flex-col">
                  <span className="font-medium">{template.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {i18n._(BADGE_SIZE_LABELS[template.size])}
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={badgesPdfUrl(template.id, { q: name.trim(), checkedIn })}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonClasses({ size: 'sm' })}
                    aria-label={t`Print badges: ${template.name}`}
                  >
                    <Printer aria-hidden="true" className="size-4" />
                    <Trans>Print (PDF)</Trans>
                  </a>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Edit badge template: ${template.name}`}
                    onClick={() => setEditing({ id: template.id, input: template })}
                  >
                    <Trans>Edit</Trans>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t`Delete badge template: ${template.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(template.id, {
                        onError: (error) =>
                          toast.error(errorMessage(error, t`The template could not be deleted`)),
                      })
                    }
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function TemplateForm({
  eventId,
  id,
  initial,
  questions,
  hasLogo,
  onDone,
}: {
  eventId: string;
  id: string | null;
  initial: BadgeTemplateInput;
  questions: { id: string; label: string }[];
  hasLogo: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveTemplate(eventId);
  const [input, setInput] = useState<BadgeTemplateInput>({
    name: initial.name,
    size: initial.size,
    subtitleQuestionId: initial.subtitleQuestionId,
    showTicketType: initial.showTicketType,
    showQr: initial.showQr,
    showLogo: initial.showLogo,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const set = (patch: Partial<BadgeTemplateInput>) => setInput((old) => ({ ...old, ...patch }));
  const questionLabel = questions.find((q) => q.id === input.subtitleQuestionId)?.label;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = BadgeTemplateInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(t`Badge template saved`);
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          setErrors(
            Object.fromEntries(
              Object.entries(fields).map(([key, value]) => [key.replace(/^body\./, ''), value]),
            ),
          );
          toast.error(errorMessage(error, t`The template could not be saved`));
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={id ? t`Edit badge template` : t`New badge template`}
      className="grid gap-4 rounded-lg border border-border p-4 md:grid-cols-2"
    >
      <div className="flex flex-col gap-3">
        <Field id={`${formId}-name`} label={<Trans>Template name</Trans>} error={errors.name}>
          <Input
            id={`${formId}-name`}
            value={input.name}
            onChange={(e) => set({ name: e.target.value })}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy(`${formId}-name`, { error: errors.name })}
          />
        </Field>
        <Field id={`${formId}-size`} label={<Trans>Size</Trans>} error={errors.size}>
          <Select
            id={`${formId}-size`}
            value={input.size}
            onChange={(e) => set({ size: e.target.value as BadgeSize })}
          >
            {BADGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {i18n._(BADGE_SIZE_LABELS[size])}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={`${formId}-subtitle`}
          label={<Trans>Under the name</Trans>}
          hint={<Trans>The answer to one of your checkout questions, such as the company.</Trans>}
          error={errors.subtitleQuestionId}
        >
          <Select
            id={`${formId}-subtitle`}
            value={input.subtitleQuestionId ?? ''}
            onChange={(e) => set({ subtitleQuestionId: e.target.value || null })}
            aria-describedby={describedBy(`${formId}-subtitle`, {
              hint: true,
              error: errors.subtitleQuestionId,
            })}
          >
            <option value="">{t`Nothing`}</option>
            {questions.map((q) => (
              <option key={q.id} value={q.id}>
                {q.label}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>Also print</Trans>
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={input.showTicketType}
              onChange={(e) => set({ showTicketType: e.target.checked })}
            />
            <Trans>Ticket type</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={input.showQr}
              onChange={(e) => set({ showQr: e.target.checked })}
            />
            <Trans>QR code (the ticket's code)</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={input.showLogo}
              onChange={(e) => set({ showLogo: e.target.checked })}
            />
            <Trans>Logo (your profile picture)</Trans>
          </label>
          {input.showLogo && !hasLogo ? (
            <p className="text-xs text-muted-foreground">
              <Trans>
                You have no profile picture yet: badges print without a logo until you add one.
              </Trans>
            </p>
          ) : null}
        </fieldset>
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            <Trans>Save template</Trans>
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">
          <Trans>Preview</Trans>
        </span>
        <BadgePreview
          size={input.size}
          subtitle={questionLabel ? t`Answer to “${questionLabel}”` : ''}
          ticketType={input.showTicketType ? t`General admission` : ''}
          showQr={input.showQr}
          showLogo={input.showLogo}
        />
      </div>
    </form>
  );
}
