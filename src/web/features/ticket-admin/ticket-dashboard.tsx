import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { managedTypesQuery } from './api';
import { ProductsPanel } from '../products';
import { AttendeesPanel } from './attendees-panel';
import { TransfersPanel } from '../transfers';
import { CapacityPoolsPanel } from './capacity-pools-panel';
import { SalesPanel } from './sales-panel';
import { TicketTypesManager } from './ticket-types-manager';

type Tab = 'types' | 'attendees' | 'sales';

/** spec §2 event/{eventId}/tickets: ticket types, attendees with refunds, live sales. */
export function TicketDashboard({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  // `?tab=attendees` opens on the attendees (coming back from moving a seat, say).
  const [search] = useSearchParams();
  const [tab, setTab] = useState<Tab>(search.get('tab') === 'attendees' ? 'attendees' : 'types');
  const tabs: { value: Tab; label: string }[] = [
    { value: 'types', label: t`Ticket types` },
    { value: 'attendees', label: t`Attendees` },
    { value: 'sales', label: t`Sales` },
  ];
  const types = useQuery(managedTypesQuery(eventId));
  const currency = types.data?.ticketTypes[0]?.currency ?? 'USD';
  const idBase = 'ticket-dashboard';
  return (
    <div className="flex flex-col gap-6">
      <TabList
        idBase={idBase}
        label={t`Ticket management`}
        items={tabs}
        value={tab}
        onChange={setTab}
      />
      <TabPanel idBase={idBase} value="types" isActive={tab === 'types'}>
        <div className="flex flex-col gap-8">
          <TicketTypesManager eventId={eventId} />
          <CapacityPoolsPanel eventId={eventId} />
          <ProductsPanel
            eventId={eventId}
            ticketTypes={types.data?.ticketTypes ?? []}
            defaultCurrency={currency}
          />
        </div>
      </TabPanel>
      <TabPanel idBase={idBase} value="attendees" isActive={tab === 'attendees'}>
        {tab === 'attendees' ? (
          <div className="flex flex-col gap-8">
            <AttendeesPanel eventId={eventId} />
            <TransfersPanel eventId={eventId} />
          </div>
        ) : null}
      </TabPanel>
      <TabPanel idBase={idBase} value="sales" isActive={tab === 'sales'}>
        {tab === 'sales' ? <SalesPanel eventId={eventId} currency={currency} /> : null}
      </TabPanel>
    </div>
  );
}
