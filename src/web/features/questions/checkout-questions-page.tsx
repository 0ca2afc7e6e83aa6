import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkCheckoutAnswers } from '../../../contracts/questions';
import type { OrderInput } from '../../../contracts/tickets';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useCheckout } from '../tickets';
import { checkoutQuestionsQuery } from './api';
import { AnswersForm, ticketSlots } from './answers-form';
import {
  answersInput,
  readCheckoutDraft,
  saveCheckoutDraft,
  type AnswerDrafts,
  type CheckoutDraft,
} from './checkout-draft';

/** Moves the focus to the first field with a problem, so it is read out and can be fixed. */
function focusFirstProblem(errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (!first) return;
  requestAnimationFrame(() => {
    const element = document.getElementById(first) ?? document.getElementById(`${first}-0`);
    element?.focus();
  });
}

/**
 * The checkout's questions step (/checkout/questions): after choosing tickets, before paying.
 * The answers are checked here with the server's own rules, then sent with the order; the
 * server's answer to each field shows under it.
 */
export function CheckoutQuestionsPage() {
  const [draft] = useState<CheckoutDraft | null>(() => readCheckoutDraft());
  return (
    <PageBody>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <h1 className="text-3xl font-extrabold tracking-tight">
          <Trans>A few questions</Trans>
        </h1>
        {draft && draft.target.kind === 'order' ? (
          <OrderQuestions draft={draft} input={draft.target.input} />
        ) : (
          <p className="text-muted-foreground">
            <Trans>
              There is nothing to check out.{' '}
              <Link to={paths.cart()} className="font-medium text-primary underline">
                Go to your cart
              </Link>
            </Trans>
          </p>
        )}
      </div>
    </PageBody>
  );
}

function OrderQuestions({ draft, input }: { draft: CheckoutDraft; input: OrderInput }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const lines = useMemo(
    () => input.items.map((i) => ({ ticketTypeId: i.ticketTypeId, quantity: i.quantity })),
    [input],
  );
  const asked = useQuery(checkoutQuestionsQuery(lines.map((l) => l.ticketTypeId)));
  const [drafts, setDrafts] = useState<AnswerDrafts>(draft.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Whether the last refusal named fields: its message then belongs to them, not to the page.
  const [refusedFields, setRefusedFields] = useState(false);
  const checkout = useCheckout({
    onFailed: (error) => {
      const fields = fieldErrors(error);
      setErrors(fields);
      setRefusedFields(Object.keys(fields).length > 0);
      focusFirstProblem(fields);
    },
  });

  if (asked.isPending) return <PageSpinner />;
  if (asked.isError)
    return (
      <LoadFailed
        title={t`The questions could not be loaded`}
        error={asked.error}
        onRetry={() => void asked.refetch()}
      />
    );
  const names = new Map(asked.data.ticketTypes.map((type) => [type.id, type.name]));
  const slots = ticketSlots(lines, names);

  const change = (next: AnswerDrafts, field: string) => {
    setDrafts(next);
    saveCheckoutDraft({ ...draft, answers: next });
    // A changed field's message no longer describes it; the next "Continue" checks it again.
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _changed, ...rest } = current;
      return rest;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answers = answersInput(drafts, lines);
    const { fields } = checkCheckoutAnswers(asked.data.questions, lines, answers);
    const found = Object.fromEntries(fields.map((f) => [f.field, f.message]));
    setErrors(found);
    setRefusedFields(false);
    if (fields.length) {
      focusFirstProblem(found);
      return;
    }
    void checkout.checkout({ ...input, answers });
  };
  const problems = Object.keys(errors).length;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <p className="text-muted-foreground">
        <Trans>The organizer asks these before you pay. Fields marked * are required.</Trans>
      </p>
      {problems ? (
        <Alert variant="destructive">
          <Trans>Please check the answers marked below.</Trans>
        </Alert>
      ) : null}
      <AnswersForm
        questions={asked.data.questions}
        slots={slots}
        drafts={drafts}
        errors={errors}
        onChange={change}
      />
      {checkout.error && !problems && !refusedFields ? (
        <Alert variant="destructive">{checkout.error}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={checkout.isPending}>
          {checkout.isPending ? t`Processing...` : t`Continue`}
        </Button>
        <Button variant="ghost" onClick={() => void navigate(-1)}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </form>
  );
}
