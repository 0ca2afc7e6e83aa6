import { useQuery } from '@tanstack/react-query';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminPlan } from '../../../contracts/subscriptions';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/money';
import { adminPlansQuery, useDeletePlan } from './api';
import { PlanForm } from './plan-form';

/** Admin: subscription plans (create, edit, deactivate; delete only when never used). */
export function AdminPlansPage() {
  const { t } = useLingui();
  const plans = useQuery(adminPlansQuery);
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<AdminPlan | null>(null);

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Subscription plans</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            A plan anyone subscribed to cannot be deleted; deactivate it to hide it from /pricing.
          </Trans>
        </p>
      </div>
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.isError ? (
        <Alert variant="destructive">
          {errorMessage(plans.error, t`Plans could not be loaded.`)}
        </Alert>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-start text-sm">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Plan</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Price</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Attendees</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Subscribers</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.data.map((plan) => (
                <tr key={plan.id} className="border-t border-border">
                  <td className="px-4 py-2 font-medium">{plan.name}</td>
                  <td className="px-4 py-2">{formatPrice(plan.priceMonthly, plan.currency)}</td>
                  <td className="px-4 py-2">
                    {plan.maxAttendees === -1 ? t`Unlimited` : plan.maxAttendees}
                  </td>
                  <td className="px-4 py-2">{plan.subscriberCount}</td>
                  <td className="px-4 py-2">
                    <Badge variant={plan.isActive ? 'success' : 'outline'}>
                      {plan.isActive ? t`Active` : t`Inactive`}
                    </Badge>
                  </td>
                  <td className="flex justify-end gap-2 px-4 py-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(plan)}>
                      <Trans>
                        Edit<span className="sr-only"> {ph({ planName: plan.name })}</span>
                      </Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(plan.id, {
                          onSuccess: () => {
                            const planName = plan.name;
                            toast.success(t`${planName} deleted`);
                          },
                          onError: (error) =>
                            toast.error(errorMessage(error, t`Could not delete the plan.`)),
                        })
                      }
                    >
                      <Trans>
                        Delete<span className="sr-only"> {ph({ planName: plan.name })}</span>
                      </Trans>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {/* Keyed by the plan, so choosing another one starts from its values. */}
      <PlanForm key={editing?.id ?? 'new'} plan={editing} onDone={() => setEditing(null)} />
    </div>
  );
}
