import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { EmailList } from '../../../contracts/marketing';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-client';
import { listsQuery, marketingKeys, useDeleteList } from './api';
import { CampaignsPanel } from './campaigns-panel';
import { SubscribersTable } from './subscribers-table';
import { ImportPanel } from './import-panel';
import { AddSubscriberForm, CreateListForm } from './list-forms';

const VISIBILITY_LABELS: Record<EmailList['visibility'], MessageDescriptor> = {
  public: msg`public`,
  private: msg`private`,
};
const OPT_IN_LABELS: Record<EmailList['optIn'], MessageDescriptor> = {
  single: msg`single opt-in`,
  double: msg`double opt-in`,
};

/** /email-lists: an organizer's lists, their subscribers (add, import, export) and campaigns. */
export function EmailListsPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<'lists' | 'campaigns'>('lists');
  const lists = useQuery(listsQuery());
  return (
    <PageBody>
      <PageHeader
        title={t`Email Lists`}
        description={t`Grow your audience and mail them: lists, imports and campaigns.`}
      />
      <TabList
        idBase="email-lists"
        label={t`Email lists sections`}
        items={[
          { value: 'lists', label: t`Lists`, count: lists.data?.length },
          { value: 'campaigns', label: t`Campaigns` },
        ]}
        value={tab}
        onChange={setTab}
        className="mb-6"
      />
      <TabPanel idBase="email-lists" value="lists" isActive={tab === 'lists'}>
        {lists.isError ? (
          <Alert variant="destructive">
            {errorMessage(lists.error, t`Could not load your lists`)}
          </Alert>
        ) : null}
        {lists.isPending ? <Spinner label={t`Loading lists`} /> : null}
        {lists.data ? <Lists lists={lists.data} /> : null}
      </TabPanel>
      <TabPanel idBase="email-lists" value="campaigns" isActive={tab === 'campaigns'}>
        {tab === 'campaigns' ? <CampaignsPanel lists={lists.data ?? []} /> : null}
      </TabPanel>
    </PageBody>
  );
}

function Lists({ lists }: { lists: EmailList[] }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const current = lists.find((l) => l.id === open);
  if (current) return <ListDetail list={current} onBack={() => setOpen(null)} />;
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
      <ul className="flex flex-col gap-3">
        {lists.length === 0 ? (
          <li>
            <Trans>No lists yet: create your first one.</Trans>
          </li>
        ) : null}
        {lists.map((l) => {
          const listName = l.name;
          return (
            <li
              key={l.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4"
            >
              <div className="flex flex-col gap-1">
                <h2 className="font-semibold">{l.name}</h2>
                <ListCounts counts={l.counts} />
                <div className="flex flex-wrap gap-1">
                  <Badge variant="outline">{i18n._(VISIBILITY_LABELS[l.visibility])}</Badge>
                  <Badge variant="outline">{i18n._(OPT_IN_LABELS[l.optIn])}</Badge>
                  {l.kind !== 'manual' ? (
                    <Badge>
                      <Trans>automatic</Trans>
                    </Badge>
                  ) : null}
                </div>
              </div>
              <Button
                variant="outline"
                onClick={() => setOpen(l.id)}
                aria-label={t`Open ${listName}`}
              >
                <Trans>Open</Trans>
              </Button>
            </li>
          );
        })}
      </ul>
      <CreateListForm />
    </div>
  );
}

/** "12 subscribed · 3 unconfirmed · 1 unsubscribed", each count with its own plural. */
function ListCounts({ counts }: { counts: EmailList['counts'] }) {
  const { t } = useLingui();
  const { subscribed, unconfirmed, unsubscribed } = counts;
  return (
    <p className="text-sm text-muted-foreground">
      {t`${plural(subscribed, { one: '# subscribed', other: '# subscribed' })} · ${plural(unconfirmed, { one: '# unconfirmed', other: '# unconfirmed' })} · ${plural(unsubscribed, { one: '# unsubscribed', other: '# unsubscribed' })}`}
    </p>
  );
}

function ListDetail({ list, onBack }: { list: EmailList; onBack: () => void }) {
  const { t } = useLingui();
  const listName = list.name;
  // The link's text goes into the organizer's own page: no characters that would break its HTML.
  const safeName = list.name.replace(/[<>&"]/g, '');
  const id = useId();
  const remove = useDeleteList();
  const [deleting, setDeleting] = useState(false);
  const client = useQueryClient();
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
            <Trans>Export CSV</Trans>
          </a>
          <Button variant="ghost" onClick={onBack}>
            <Trans>All lists</Trans>
          </Button>
        </div>
      </div>
      {list.visibility === 'public' ? (
        <Field
          id={`${id}-embed`}
          label={t`Sign-up link to put on your site (opens our hosted form)`}
        >
          <textarea
            id={`${id}-embed`}
            readOnly
            // HTML code reads left to right on a right-to-left page too.
            dir="ltr"
            rows={3}
            className="rounded-md border border-border bg-muted p-2 font-mono text-xs"
            value={`<a href="${window.location.origin}/api/marketing/public/lists/${list.id}/form">${t`Subscribe to ${safeName}`}</a>`}
          />
        </Field>
      ) : null}
      {list.kind === 'manual' ? (
        <>
          <AddSubscriberForm listId={list.id} />
          <ImportPanel
            listId={list.id}
            onDone={() => void client.invalidateQueries({ queryKey: marketingKeys.all })}
          />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>
            This list fills itself from your ticket holders who accept mail from organizers.
          </Trans>
        </p>
      )}
      <SubscribersTable listId={list.id} headingId={`${id}-subs`} />
      <div>
        <Button variant="destructive" onClick={() => setDeleting(true)}>
          <Trans>Delete list</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) remove.reset();
        }}
        title={t`Delete ${listName}?`}
        description={t`The list and all its subscribers are deleted. This cannot be undone.`}
        error={remove.isError ? errorMessage(remove.error, t`Could not delete the list`) : null}
        cancelLabel={t`Keep it`}
        confirmLabel={t`Delete list`}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(list.id, { onSuccess: onBack })}
      />
    </div>
  );
}
