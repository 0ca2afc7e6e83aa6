import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Order, OrderInput } from '../../../contracts/tickets';
import { ApiError, errorMessage, isNetworkError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useCreateOrder, usePayOrder } from './api';
import { checkoutKeyFor, forgetCheckoutKey } from './cart-storage';
import { savePendingPayment } from './pending-payment';
import { reportAffiliateSale } from '../affiliates';
import { reportFunnelSale } from '../funnels';
import { checkoutAsks, openQuestionsStep } from '../questions';

/** Leaves for the payment page, remembering what is being paid (spec §3 pending record). */
export function goToPayment(url: string, sessionId: string, order: Order) {
  savePendingPayment({
    sessionId,
    timestamp: Date.now(),
    amount: order.totalCents,
    eventId: order.items[0]?.eventId ?? null,
  });
  window.location.assign(url);
}

// The spec §8 texts (TICKET_MESSAGES' English) in the page's language.
const AUTH_REQUIRED_TITLE = msg`Authentication Required`;
const AUTH_REQUIRED = msg`Please log in to buy tickets.`;
const CHECKOUT_FAILED_TITLE = msg`Checkout Failed`;
const CHECKOUT_FAILED = msg`Failed to create checkout session. Please try again.`;

/** The spec §8 toasts for a checkout that could not start; returns the text shown. */
export function reportCheckoutFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    const message = i18n._(AUTH_REQUIRED);
    toast.error(i18n._(AUTH_REQUIRED_TITLE), { description: message });
    return message;
  }
  // A 4xx says what is wrong with this order (sold out, code used up…); anything else is ours.
  const isOrderProblem = error instanceof ApiError && error.status < 500;
  const fallback = i18n._(CHECKOUT_FAILED);
  const message =
    isOrderProblem || isNetworkError(error) ? errorMessage(error, fallback) : fallback;
  toast.error(i18n._(CHECKOUT_FAILED_TITLE), { description: message });
  return message;
}

/**
 * Turns a set of ticket lines into an order (POST /api/orders with an Idempotency-Key) and goes
 * on: paid orders to the provider's checkout page, free ones straight to the receipt.
 */
export function useCheckout({
  onOrdered,
  onFailed,
}: {
  onOrdered?: (order: Order) => void;
  /** Told of a refusal too (the questions step marks the fields it names). */
  onFailed?: (error: unknown) => void;
} = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const [error, setError] = useState<string | null>(null);
  const [isLeaving, setLeaving] = useState(false);

  async function checkout(input: OrderInput) {
    setError(null);
    // The answers are not part of the key: a retried checkout with changed answers is the same
    // order, its answers replaced.
    const keyed = { ...input, answers: undefined };
    try {
      // The organizer's questions are answered between choosing tickets and paying.
      const ticketTypeIds = input.items.map((item) => item.ticketTypeId);
      if (!input.answers && (await checkoutAsks(queryClient, ticketTypeIds))) {
        openQuestionsStep(navigate, input);
        return;
      }
      let order = await createOrder.mutateAsync({
        input,
        idempotencyKey: checkoutKeyFor(keyed),
      });
      // The key still points at an order whose hold ran out: this is a new checkout.
      if (order.status === 'expired' || order.status === 'cancelled') {
        forgetCheckoutKey();
        order = await createOrder.mutateAsync({ input, idempotencyKey: checkoutKeyFor(keyed) });
      }
      onOrdered?.(order);
      // An order from a referral link earns its affiliate a commission once paid;
      // one through a funnel's event card counts on the funnel's report.
      await Promise.all([reportAffiliateSale(order.id), reportFunnelSale(order.id)]);
      if (order.status === 'pending' && order.checkoutUrl && order.paymentSessionId) {
        setLeaving(true);
        goToPayment(order.checkoutUrl, order.paymentSessionId, order);
        return;
      }
      forgetCheckoutKey();
      toast.success(i18n._(order.totalCents === 0 ? msg`You are registered` : msg`Order complete`));
      void navigate(paths.receipt(order.id));
    } catch (e) {
      setError(reportCheckoutFailure(e));
      onFailed?.(e);
    }
  }

  return { checkout, error, isPending: createOrder.isPending || isLeaving };
}

/** Pay now for a pending order (receipt page): a fresh checkout session for it. */
export function usePayPendingOrder() {
  const pay = usePayOrder();
  const [isLeaving, setLeaving] = useState(false);
  return {
    isPending: pay.isPending || isLeaving,
    payNow: (order: Order) =>
      pay.mutate(order.id, {
        onSuccess: ({ url, sessionId }) => {
          setLeaving(true);
          goToPayment(url, sessionId, order);
        },
        onError: reportCheckoutFailure,
      }),
  };
}
