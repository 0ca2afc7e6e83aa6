import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { EmailList } from '../../../contracts/marketing';
import { PageBody, PageHeader } from '../../components/page-header';
import { SideForm } from '../../components/side-form';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-client';
import { listsQuery, useAddSubscriber, useCreateList, useDeleteList } from './api';
import { CampaignsPanel } from './campaigns-panel';
import { SubscribersTable } from './subscribers-table';
import { ImportPanel } from './import-panel';

/** /email-lists: an organizer's lists, their subscribers (add, import, export) and campaigns. */
export function EmailListsPage() {
  const [tab, setTab] = useState<'lists' | 'campaigns'>('lists');
  const lists = useQuery(listsQuery());
  return (
    <PageBody>
      <PageHeader
        title="Email Lists"
        description="Grow your audience and mail them: lists, imports and campaigns."
      />
      <TabList
        idBase="email-lists"
        label="Email lists sections"
        items={[
          { value: 'lists', label: 'Lists', count: lists.data?.length },
          { value: 'campaigns', label: 'Campaigns' },
        ]}
        value={tab}
        onChange={setTab}
        className="mb-6"
      />
      <TabPanel idBase="email-lists" value="lists" isActive={tab === 'lists'}>
        {lists.isError ? (
          <Alert variant="destructive">
            {errorMessage(lists.error, 'Could not load your lists')}
          </Alert>
        ) : null}
        {lists.isPending ? <Spinner label="Loading lists" /> : null}
        {lists.data ? <Lists lists={lists.data} /> : null}
      </TabPanel>
      <TabPanel idBase="email-lists" value="campaigns" isActive={tab === 'campaigns'}>
        {tab === 'campaigns' ? <CampaignsPanel lists={lists.data ?? []} /> : null}
      </TabPanel>
    </PageBody>
  );
}

function Lists({ lists }: { lists: EmailList[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const current = lists.find((l) => l.id === open);
  if (current) return <ListDetail list={current} onBack={() => setOpen(null)} />;
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
      <ul className="flex flex-col gap-3">
        {lists.length === 0 ? <li>No lists yet: create your first one.</li> : null}
        {lists.map((l) => (
          <li
            key={l.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4"
          >
            <div className="flex flex-col gap-1">
              <h2 className="font-semibold">{l.name}</h2>
              <p className="text-sm text-muted-foreground">
                {l.counts.subscribed.toLocaleString()} subscribed ·{' '}
                {l.counts.unconfirmed.toLocaleString()} unconfirmed ·{' '}
                {l.counts.unsubscribed.toLocaleString()} unsubscribed
              </p>
              <div className="flex flex-wrap gap-1">
                <Badge variant="outline">{l.visibility}</Badge>
                <Badge variant="outline">{l.optIn} opt-in</Badge>
                {l.kind !== 'manual' ? <Badge>automatic</Badge> : null}
              </div>
            </div>
            <Button variant="outline" onClick={() => setOpen(l.id)} aria-label={`Open ${l.name}`}>
              Open
            </Button>
          </li>
        ))}
      </ul>
      <CreateListForm />
    </div>
  );
}

function CreateListForm() {
  const id = useId();
  const create = useCreateList();
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<'public' | 'private'>('private');
  const [optIn, setOptIn] = useState<'single' | 'double'>('double');
  const [kind, setKind] = useState<'manual' | 'all_attendees'>('manual');
  return (
    <SideForm
      title="New list"
      error={create.error ? errorMessage(create.error, 'Could not create the list') : null}
      submitLabel="Create list"
      pending={create.isPending}
      onSubmit={() =>
        create.mutate({ name, visibility, optIn, kind }, { onSuccess: () => setName('') })
      }
    >
      <Field id={`${id}-name`} label="List name">
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={120}
        />
      </Field>
      <Field id={`${id}-kind`} label="People">
        <Select
          id={`${id}-kind`}
          value={kind}
          onChange={(e) => setKind(e.target.value as typeof kind)}
        >
          <option value="manual">Added by hand, import or sign-up form</option>
          <option value="all_attendees">All my past attendees (who accept organizer mail)</option>
        </Select>
      </Field>
      <Field id={`${id}-vis`} label="Sign-up form">
        <Select
          id={`${id}-vis`}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as typeof visibility)}
        >
          <option value="private">Private: no public form</option>
          <option value="public">Public: anyone can sign up</option>
        </Select>
      </Field>
      <Field id={`${id}-opt`} label="Opt-in">
        <Select
          id={`${id}-opt`}
          value={optIn}
          onChange={(e) => setOptIn(e.target.value as typeof optIn)}
        >
          <option value="double">Double: sign-ups confirm by email</option>
          <option value="single">Single</option>
        </Select>
      </Field>
    </SideForm>
  );
}

function ListDetail({ list, onBack }: { list: EmailList; onBack: () => void }) {
  const id = useId();
  const add = useAddSubscriber(list.id);
  const remove = useDeleteList();
  const [deleting, setDeleting] = useState(false);
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-bold">{list.name}</h2>
        <div className="flex flex-wrap gap-2">
          <a
            className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm hover:bg-muted"
            href={`/api/marketing/lists/${list.id}/export.csv`}
            download
          >
            Export CSV
          </a>
          <Button variant="ghost" onClick={onBack}>
            All lists
          </Button>
        </div>
      </div>
      {list.visibility === 'public' ? (
        <Field id={`${id}-embed`} label="Sign-up link to put on your site (opens our hosted form)">
          <textarea
            id={`${id}-embed`}
            readOnly
            rows={3}
            className="rounded-md border border-border bg-muted p-2 font-mono text-xs"
            value={`<a href="${window.location.origin}/api/marketing/public/lists/${list.id}/form">Subscribe to ${list.name.replace(/[<>&"]/g, '')}</a>`}
          />
        </Field>
      ) : null}
      {list.kind === 'manual' ? (
        <>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate({ email, name }, { onSuccess: () => (setEmail(''), setName('')) });
            }}
          >
            <Field id={`${id}-email`} label="Email">
              <Input
                id={`${id}-email`}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
              />
            </Field>
            <Field id={`${id}-name`} label="Name">
              <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Button type="submit" disabled={add.isPending}>
              Add subscriber
            </Button>
          </form>
          {add.error ? (
            <Alert variant="destructive">{errorMessage(add.error, 'Could not add')}</Alert>
          ) : null}
          <ImportPanel
            listId={list.id}
            onDone={() => void client.invalidateQueries({ queryKey: ['marketing'] })}
          />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          This list fills itself from your ticket holders who accept mail from organizers.
        </p>
      )}
      <SubscribersTable listId={list.id} headingId={`${id}-subs`} />
      <div>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          Delete list
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title={`Delete ${list.name}?`}
        description="The list and all its subscribers are deleted. This cannot be undone."
        error={remove.isError ? errorMessage(remove.error, 'Could not delete the list') : null}
        cancelLabel="Keep it"
        confirmLabel="Delete list"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(list.id, { onSuccess: onBack })}
      />
    </div>
  );
}
