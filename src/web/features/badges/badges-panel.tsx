import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { IdCard, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BADGE_SIZES, type BadgeSize } from '../../../contracts/badge-layout';
import {
  BadgeTemplateInputSchema,
  type BadgeTemplate,
  type BadgeTemplateInput,
} from '../../../contracts/badges';
import { LoadFailed } from '../../components/query-states';
import { Button, buttonClasses } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { BadgePreview } from './badge-preview';
import { badgesPdfUrl, badgeTemplatesQuery, useDeleteTemplate, useSaveTemplate } from './api';

const BADGE_SIZE_LABELS: Record<BadgeSize, MessageDescriptor> = {
  a4_8: msg`A4 sheet, 8 badges (105 × 74 mm)`,
  a4_10: msg`A4 sheet, 10 badges (85 × 54 mm)`,
  label_4x3: msg`Label, 4 × 3 in`,
  a6: msg`Single badge, A6`,
};

/** The form's values: the question as the select's string ('' for none). */
type TemplateValues = Omit<BadgeTemplateInput, 'size' | 'subtitleQuestionId'> & {
  size: string;
  subtitleQuestionId: string;
};
const FIELDS = ['name', 'size', 'subtitleQuestionId'] as const;
const toTemplate = (values: TemplateValues) => ({
  ...values,
  size: values.size as BadgeSize,
  subtitleQuestionId: values.subtitleQuestionId || null,
});

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
  const say = useContractText();
  const save = useSaveTemplate(eventId);
  const form = useForm<TemplateValues>({
    defaultValues: {
      name: initial.name,
      size: initial.size,
      subtitleQuestionId: initial.subtitleQuestionId ?? '',
      showTicketType: initial.showTicketType,
      showQr: initial.showQr,
      showLogo: initial.showLogo,
    },
    resolver: contractResolver<TemplateValues>(BadgeTemplateInputSchema, toTemplate, FIELDS),
  });
  const input = toTemplate(form.watch());
  const questionLabel = questions.find((q) => q.id === input.subtitleQuestionId)?.label;

  async function submit(values: TemplateValues) {
    // The body as the schema gives it (the name trimmed), as the server reads it.
    const parsed = BadgeTemplateInputSchema.parse(toTemplate(values));
    try {
      await save.mutateAsync({ id, input: parsed });
      toast.success(t`Badge template saved`);
      onDone();
    } catch (error) {
      setServerErrors(form, fieldErrors(error), FIELDS);
      toast.error(errorMessage(error, t`The template could not be saved`));
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={id ? t`Edit badge template` : t`New badge template`}
      className="grid gap-4 rounded-lg border border-border p-4 md:grid-cols-2"
    >
      <div className="flex flex-col gap-3">
        <FormField<TemplateValues>
          name="name"
          label={<Trans>Template name</Trans>}
          formatError={say}
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<TemplateValues> name="size" label={<Trans>Size</Trans>} formatError={say}>
          {(control) => (
            <Select {...control}>
              {BADGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {i18n._(BADGE_SIZE_LABELS[size])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<TemplateValues>
          name="subtitleQuestionId"
          label={<Trans>Under the name</Trans>}
          hint={<Trans>The answer to one of your checkout questions, such as the company.</Trans>}
          formatError={say}
        >
          {(control) => (
            <Select {...control}>
              <option value="">{t`Nothing`}</option>
              {questions.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>Also print</Trans>
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register('showTicketType')} />
            <Trans>Ticket type</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register('showQr')} />
            <Trans>QR code (the ticket's code)</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register('showLogo')} />
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
    </Form>
  );
}
