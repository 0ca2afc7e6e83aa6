import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  DoorCheckInListInputSchema,
  type DoorCheckInList,
  type DoorCheckInListInput,
} from '../../../contracts/door-lists';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { ListRules } from './check-in-list-picker';
import {
  checkInListKeys,
  deleteCheckInList,
  fetchCheckInLists,
  postCheckInList,
  putCheckInList,
} from './check-in-lists-api';

// The organizer's check-in lists (decision 116): a day, a gate, or some ticket types, each one a
// list the door app can download and decide by offline.

interface Values {
  name: string;
  gate: string;
  validFrom: string;
  validUntil: string;
  perDay: boolean;
}
const FIELDS = ['name', 'gate', 'validFrom', 'validUntil', 'perDay'] as const;
const EMPTY: Values = { name: '', gate: '', validFrom: '', validUntil: '', perDay: false };

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
function toLocal(iso: string | null) {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const valuesOf = (list: DoorCheckInList): Values => ({
  name: list.name,
  gate: list.gate,
  validFrom: toLocal(list.validFrom),
  validUntil: toLocal(list.validUntil),
  perDay: list.perDay,
});

/** A `datetime-local` value (the browser's time zone) as an ISO instant. */
const toIso = (value: string) => (value ? new Date(value).toISOString() : null);

// The contract's texts are English; the form shows each in the page's language.
const SCHEMA_MESSAGES = new Map<string, MessageDescriptor>([
  ['Please name the list', msg`Please name the list`],
  ['A list name has at most 80 characters', msg`A list name has at most 80 characters`],
  ['A gate name has at most 40 characters', msg`A gate name has at most 40 characters`],
  ['The list must close after it opens', msg`The list must close after it opens`],
]);

function listResolver(
  types: () => string[],
  say: (message: MessageDescriptor) => string,
): Resolver<Values, unknown, DoorCheckInListInput> {
  return (values) => {
    const input = {
      name: values.name,
      gate: values.gate,
      types: types(),
      validFrom: toIso(values.validFrom),
      validUntil: toIso(values.validUntil),
      perDay: values.perDay,
    };
    const parsed = DoorCheckInListInputSchema.safeParse(input);
    if (parsed.success) return { values: input, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as (typeof FIELDS)[number];
      const known = SCHEMA_MESSAGES.get(issue.message);
      if (FIELDS.includes(name) && !errors[name])
        errors[name] = { type: issue.code, message: known ? say(known) : issue.message };
    }
    return { values: {}, errors };
  };
}

export function CheckInListsPanel({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const key = checkInListKeys.lists(eventId);
  const lists = useQuery({ queryKey: key, queryFn: () => fetchCheckInLists(eventId) });
  const [types, setTypes] = useState<string[]>([]);
  // The resolver reads the boxes ticked when the form is sent.
  const typesRef = useRef(types);
  typesRef.current = types;
  const form = useForm<Values, unknown, DoorCheckInListInput>({
    defaultValues: EMPTY,
    resolver: listResolver(
      () => typesRef.current,
      (message) => i18n._(message),
    ),
  });
  const [error, setError] = useState<string | null>(null);
  // The list being changed in the form; none: the form adds a new one.
  const [editing, setEditing] = useState<DoorCheckInList | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const startEdit = (list: DoorCheckInList | null) => {
    setEditing(list);
    form.reset(list ? valuesOf(list) : EMPTY);
    setTypes(list ? list.types : []);
    setError(null);
  };
  const create = useMutation({
    mutationFn: (input: DoorCheckInListInput) =>
      editing ? putCheckInList(eventId, editing.id, input) : postCheckInList(eventId, input),
    onSuccess: () => {
      startEdit(null);
      void refresh();
    },
    onError: (e) => {
      if (!setServerErrors(form, fieldErrors(e), FIELDS))
        setError(errorMessage(e, t`The list could not be saved.`));
    },
  });
  const remove = useMutation({
    mutationFn: (listId: string) => deleteCheckInList(eventId, listId),
    onSuccess: () => void refresh(),
    onError: (e) => setError(errorMessage(e, t`The list could not be removed.`)),
  });
  const typeName = new Map(lists.data?.ticketTypes.map((type) => [type.id, type.name]));

  return (
    <section className="flex flex-col gap-3" aria-labelledby="check-in-lists-title">
      <h2 id="check-in-lists-title" className="text-lg font-semibold">
        <Trans>Check-in lists</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          A list for a day, a gate or some ticket types. Door staff choose one in the check-in app;
          a ticket outside it reads &quot;Not on this list&quot;, a scan before it opens &quot;Not
          yet valid&quot;.
        </Trans>
      </p>
      {lists.data?.lists.length ? (
        <ul className="flex flex-col gap-2">
          {lists.data.lists.map((list) => (
            <li
              key={list.id}
              className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-3 text-sm"
            >
              <span className="flex flex-col">
                <span className="font-medium">{list.name}</span>
                <span>
                  {list.types.length
                    ? list.types.map((id) => typeName.get(id) ?? '?').join(', ')
                    : t`All ticket types`}
                </span>
                <ListRules list={list} />
              </span>
              <span className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t`Edit ${list.name}`}
                  onClick={() => startEdit(list)}
                >
                  <Trans>Edit</Trans>
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t`Remove ${list.name}`}
                  onClick={() => remove.mutate(list.id)}
                >
                  <Trans>Remove</Trans>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Form form={form} onSubmit={(input) => create.mutate(input)} className="flex flex-col gap-3">
        <FormField<Values> name="name" label={t`List name`}>
          {(control) => <Input {...control} maxLength={80} placeholder={t`Saturday`} />}
        </FormField>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">
            <Trans>Ticket types (none chosen: all)</Trans>
          </legend>
          {lists.data?.ticketTypes.map((type) => (
            <label key={type.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={types.includes(type.id)}
                onChange={(e) =>
                  setTypes((now) =>
                    e.target.checked ? [...now, type.id] : now.filter((id) => id !== type.id),
                  )
                }
              />
              {type.name}
            </label>
          ))}
        </fieldset>
        <FormField<Values> name="gate" label={t`Gate (optional)`}>
          {(control) => <Input {...control} maxLength={40} />}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField<Values> name="validFrom" label={t`Opens (optional)`}>
            {(control) => <Input {...control} type="datetime-local" />}
          </FormField>
          <FormField<Values> name="validUntil" label={t`Closes (optional)`}>
            {(control) => <Input {...control} type="datetime-local" />}
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('perDay')} />
          <Trans>One entry per day (a guest admitted yesterday is admitted again today)</Trans>
        </label>
        <span className="flex gap-2">
          <Button type="submit" className="self-start" disabled={create.isPending}>
            {editing ? <Trans>Save list</Trans> : <Trans>Add list</Trans>}
          </Button>
          {editing ? (
            <Button type="button" variant="outline" onClick={() => startEdit(null)}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </span>
      </Form>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
    </section>
  );
}
