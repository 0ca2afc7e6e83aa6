import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { askChatbot, chatHandoff, rateChatAnswer } from './api';

interface Message {
  from: 'you' | 'assistant';
  text: string;
  id?: string;
  answered?: boolean;
  sources?: { slug: string; title: string }[];
  rated?: boolean;
}

const STORAGE_KEY = 'mea.chat';
const STARTERS: MessageDescriptor[] = [
  msg`How do I get a refund?`,
  msg`Where are my tickets?`,
  msg`I forgot my password`,
  msg`How do I create an event?`,
];

/** The assistant: answers from the help center, kept for this browser tab's session. */
export function ChatPanel({ onClose }: { onClose?: () => void }) {
  const { user } = useSession();
  const { t, i18n } = useLingui();
  const [messages, setMessages] = useState<Message[]>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Message[];
    } catch {
      return [];
    }
  });
  const [busy, setBusy] = useState(false);
  const [handoff, setHandoff] = useState<'closed' | 'form' | string>('closed');
  const [handoffError, setHandoffError] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(messages.slice(-60)));
    log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [messages]);

  const ask = async (question: string) => {
    if (!question.trim() || busy) return;
    setMessages((m) => [...m, { from: 'you', text: question.trim() }]);
    setBusy(true);
    try {
      const answer = await askChatbot(question.trim());
      setMessages((m) => [
        ...m,
        {
          from: 'assistant',
          text: answer.text,
          id: answer.id,
          answered: answer.answered,
          sources: answer.sources,
        },
      ]);
    } catch (error) {
      setMessages((m) => [
        ...m,
        {
          from: 'assistant',
          text: errorMessage(error, t`Sorry, something went wrong. Please try again.`),
        },
      ]);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = String(new FormData(form).get('question') ?? '');
    form.reset();
    void ask(value);
  };

  const rate = (index: number, helpful: boolean) => {
    const message = messages[index];
    if (!message?.id) return;
    void rateChatAnswer(message.id, helpful).catch(() => undefined);
    setMessages((m) => m.map((msg, i) => (i === index ? { ...msg, rated: true } : msg)));
  };

  const sendHandoff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    try {
      const { reference } = await chatHandoff({
        name: String(data.get('name') ?? ''),
        email: String(data.get('email') ?? ''),
        transcript: messages.map((m) => ({ from: m.from, text: m.text.slice(0, 2000) })),
      });
      setHandoff(reference);
      setHandoffError(null);
    } catch (error) {
      setHandoffError(errorMessage(error, t`Your request could not be sent.`));
    }
  };

  return (
    <section
      aria-label={t`Assistant`}
      className="flex flex-col rounded-lg border border-border bg-card shadow-sm"
    >
      <header className="flex items-center justify-between border-b border-border px-4 py-2">
        <h3 className="font-semibold">
          <Trans>Assistant</Trans>
        </h3>
        {onClose ? (
          <Button variant="ghost" size="icon" aria-label={t`Close the assistant`} onClick={onClose}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </header>
      <ol
        ref={log}
        aria-live="polite"
        aria-label={t`Conversation`}
        className="flex max-h-96 min-h-40 flex-col gap-3 overflow-y-auto p-4"
      >
        {messages.length === 0 ? (
          <li className="text-sm text-muted-foreground">
            <Trans>Hi! Ask me about tickets, payments, events, vendors or your account.</Trans>
          </li>
        ) : null}
        {messages.map((m, i) => (
          <li key={i} className={m.from === 'you' ? 'self-end' : 'self-start'}>
            <div
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${m.from === 'you' ? 'ms-auto bg-primary text-primary-foreground' : 'bg-muted'}`}
            >
              <span className="sr-only">{m.from === 'you' ? t`You:` : t`Assistant:`} </span>
              {m.text}
              {m.sources?.length ? (
                <ul className="mt-2 space-y-1">
                  {m.sources.map((s) => (
                    <li key={s.slug}>
                      <Link
                        to={`/help?article=${s.slug}`}
                        className="font-medium text-primary underline"
                      >
                        {s.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            {m.from === 'assistant' && m.id && m.answered ? (
              m.rated ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  <Trans>Thanks for the feedback.</Trans>
                </p>
              ) : (
                <div className="mt-1 flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`This answer helped`}
                    onClick={() => rate(i, true)}
                  >
                    <ThumbsUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`This answer did not help`}
                    onClick={() => rate(i, false)}
                  >
                    <ThumbsDown aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              )
            ) : null}
          </li>
        ))}
        {busy ? (
          <li className="text-sm text-muted-foreground">
            <Trans>Looking that up…</Trans>
          </li>
        ) : null}
      </ol>
      {messages.length === 0 ? (
        <div className="flex flex-wrap gap-2 px-4 pb-3">
          {STARTERS.map((starter) => {
            const question = i18n._(starter);
            return (
              <button
                key={starter.id}
                type="button"
                onClick={() => void ask(question)}
                className="rounded-full border border-border px-3 py-1 text-xs hover:border-primary"
              >
                {question}
              </button>
            );
          })}
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="flex gap-2 border-t border-border p-3">
        <label htmlFor="chat-question" className="sr-only">
          <Trans>Your question</Trans>
        </label>
        <Input
          id="chat-question"
          name="question"
          autoComplete="off"
          maxLength={300}
          placeholder={t`Type your question`}
        />
        <Button type="submit" disabled={busy}>
          <Trans>Ask</Trans>
        </Button>
      </form>
      <div className="border-t border-border px-4 py-3 text-sm">
        {handoff === 'closed' ? (
          <Button
            variant="outline"
            size="sm"
            disabled={messages.length === 0}
            onClick={() => setHandoff('form')}
          >
            <Trans>Talk to a person</Trans>
          </Button>
        ) : handoff === 'form' ? (
          <form onSubmit={(e) => void sendHandoff(e)} className="flex flex-col gap-3">
            <p>
              <Trans>We'll send this conversation to our support team and answer by email.</Trans>
            </p>
            <Field id="handoff-name" label={t`Your name`}>
              <Input id="handoff-name" name="name" required defaultValue={user?.fullName ?? ''} />
            </Field>
            <Field id="handoff-email" label={t`Your email`} error={handoffError ?? undefined}>
              <Input
                id="handoff-email"
                name="email"
                type="email"
                required
                defaultValue={user?.email ?? ''}
              />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" size="sm">
                <Trans>Send to support</Trans>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setHandoff('closed')}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </form>
        ) : (
          <p role="status">
            <Trans>
              Sent. Your reference is <strong>{handoff}</strong>; we'll answer by email.
            </Trans>
          </p>
        )}
      </div>
    </section>
  );
}
