import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { MeshRoom } from './mesh';

/** The room's chat: lines said since I joined, and a box to say one to everyone. */
export function ChatPanel({
  room,
  lines,
}: {
  room: MeshRoom;
  lines: ReturnType<MeshRoom['getSnapshot']>['chat'];
}) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    room.sendChat(text.trim());
    setText('');
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <h2 className="font-bold">
        <Trans>Chat</Trans>
      </h2>
      <p className="text-xs text-neutral-400">
        <Trans>Messages are not saved after the meeting.</Trans>
      </p>
      <ol aria-live="polite" className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
        {lines.map((line, i) => (
          <li key={i} className="text-sm">
            <span className="font-semibold">{line.self ? t`You` : line.name}: </span>
            {line.text}
          </li>
        ))}
      </ol>
      <form onSubmit={send} className="flex gap-2">
        <label htmlFor="meeting-chat" className="sr-only">
          <Trans>Message everyone</Trans>
        </label>
        <Input
          id="meeting-chat"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={1000}
          placeholder={t`Message everyone`}
          className="text-foreground"
        />
        <Button type="submit">
          <Trans>Send</Trans>
        </Button>
      </form>
    </div>
  );
}
