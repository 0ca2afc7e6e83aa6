import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  CreateFunnelInputSchema,
  FUNNEL_TEMPLATE_LABELS,
  FUNNEL_TEMPLATES,
} from '../../../contracts/marketing';
import { formatMoney } from '../../lib/money';
import { currentIntlLocale } from '../../lib/intl-locale';
import { PageBody, PageHeader } from '../../components/page-header';
import { SideForm } from '../../components/side-form';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { contractResolver, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { listsQuery } from '../email-lists';
import { myEventsQuery } from '../events';
import { funnelReportQuery, funnelsQuery, useCreateFunnel, type FunnelSummary } from './api';

/** /funnels: my landing-page funnels, a new one from a template, and each one's report. */
export function FunnelsPage() {
  const { t } = useLingui();
  const funnels = useQuery(funnelsQuery());
  return (
    <PageBody>
      <PageHeader
        title={t`Funnels`}
        description={t`Landing pages that grow your list and sell your tickets.`}
      />
      <div className="grid gap-6 md:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-3">
          {funnels.isPending ? <Spinner label={t`Loading funnels`} /> : null}
          {funnels.data?.length === 0 ? (
            <p>
              <Trans>No funnels yet: start one from a template.</Trans>
            </p>
          ) : null}
          {funnels.data?.map((f) => (
            <FunnelRow key={f.id} funnel={f} />
          ))}
        </div>
        <CreateFunnelForm />
      </div>
    </PageBody>
  );
}

function FunnelRow({ funnel }: { funnel: FunnelSummary }) {
  const { t } = useLingui();
  const address = `/f/${funnel.slug}`;
  const steps = funnel.steps;
  const locale = currentIntlLocale();
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  const [open, setOpen] = useState(false);
  const report = useQuery({ ...funnelReportQuery(funnel.id), enabled: open });
  return (
    <article
      aria-label={funnel.name}
      className="flex flex-col gap-2 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{funnel.name}</h2>
        <Badge variant={funnel.publishedAt ? 'success' : 'outline'}>
          {funnel.publishedAt ? <Trans>Published</Trans> : <Trans>Draft</Trans>}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t`${address} · ${plural(steps, { one: '# step', other: '# steps' })}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to={`/funnel-builder/${funnel.id}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Trans>Edit</Trans>
        </Link>
        {funnel.publishedAt ? (
          <a
            href={`/f/${funnel.slug}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Trans>View live page</Trans>
          </a>
        ) : null}
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          <Trans>Report</Trans>
        </Button>
      </div>
      {open && report.data ? (
        <table className="text-start text-sm">
          <caption className="sr-only">
            <Trans>Views, sign-ups and ticket orders per step</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="pe-4">
                <Trans>Step</Trans>
              </th>
              <th scope="col" className="pe-4">
                <Trans>Views</Trans>
              </th>
              <th scope="col" className="pe-4">
                <Trans>Sign-ups</Trans>
              </th>
              <th scope="col" className="pe-4">
                <Trans>Orders</Trans>
              </th>
              <th scope="col" className="pe-4">
                <Trans>Revenue</Trans>
              </th>
              <th scope="col">
                <Trans>From previous step</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.data.steps.map((s, i, all) => {
              const before = all[i - 1];
              return (
                <tr key={s.step}>
                  <td className="pe-4">{s.title}</td>
                  <td className="pe-4">{s.views.toLocaleString(locale)}</td>
                  <td className="pe-4">{s.optIns.toLocaleString(locale)}</td>
                  <td className="pe-4">{s.orders.toLocaleString(locale)}</td>
                  <td className="pe-4">
                    {s.revenue.length
                      ? s.revenue.map((r) => formatMoney(r.cents, r.currency)).join(' + ')
                      : '—'}
                  </td>
                  <td>
                    {before && before.views > 0 ? percent.format(s.views / before.views) : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </article>
  );
}

interface FunnelValues {
  name: string;
  slug: string;
  template: string;
  eventId: string;
  listId: string;
}
const FUNNEL_FIELDS = ['name', 'slug', 'template', 'eventId', 'listId'] as const;
// The body as before: the name and address as typed (the server trims), no event or list as null.
const funnelInput = ({ name, slug, template, eventId, listId }: FunnelValues) => ({
  name,
  slug,
  template,
  eventId: eventId || null,
  listId: listId || null,
});
const funnelResolver = contractResolver<FunnelValues>(
  CreateFunnelInputSchema,
  funnelInput,
  FUNNEL_FIELDS,
);

/** "New funnel" beside the funnels: in the shared side frame, its fields on the form's values. */
function CreateFunnelForm() {
  const { t } = useLingui();
  // The templates' names and the checks' messages are the contract's texts.
  const say = useContractText();
  const navigate = useNavigate();
  const create = useCreateFunnel();
  const lists = useQuery(listsQuery());
  const events = useQuery(myEventsQuery);
  const form = useForm<FunnelValues>({
    defaultValues: { name: '', slug: '', template: 'event_launch', eventId: '', listId: '' },
    resolver: funnelResolver,
  });
  const failure = form.formState.errors.root?.message ?? null;
  async function submit(values: FunnelValues) {
    try {
      const funnel = await create.mutateAsync(funnelInput(values));
      void navigate(`/funnel-builder/${funnel.id}`);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FUNNEL_FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not create the funnel`) });
    }
  }
  return (
    <FormProvider {...form}>
      <SideForm
        title={t`New funnel`}
        error={failure}
        submitLabel={t`Create funnel`}
        pending={create.isPending}
        onSubmit={() => void form.handleSubmit(submit)()}
      >
        <FormField<FunnelValues> name="name" label={t`Name`} formatError={say}>
          {(control) => <Input {...control} maxLength={120} />}
        </FormField>
        <FormField<FunnelValues>
          name="slug"
          label={t`Address`}
          hint={t`Lowercase letters, digits and dashes: /f/your-address`}
          formatError={say}
        >
          {(control) => <Input {...control} />}
        </FormField>
        <FormField<FunnelValues> name="template" label={t`Template`} formatError={say}>
          {(control) => (
            <Select {...control}>
              {FUNNEL_TEMPLATES.map((value) => (
                <option key={value} value={value}>
                  {say(FUNNEL_TEMPLATE_LABELS[value])}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<FunnelValues> name="eventId" label={t`Event`} formatError={say}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`None`}</option>
              {events.data?.events.map((ev) => (
                <option key={ev.id} value={ev.id}>
                  {ev.title}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<FunnelValues> name="listId" label={t`Sign-ups go to`} formatError={say}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`No list`}</option>
              {lists.data?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </SideForm>
    </FormProvider>
  );
}
