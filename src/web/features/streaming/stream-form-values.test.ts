import { describe, expect, it } from 'vitest';
import { StreamInputSchema } from '../../../contracts/streaming';
import { withToken } from './hls-player';
import { formValuesToInput, streamToFormValues, type StreamFormValues } from './stream-form';

const values: StreamFormValues = {
  title: 'Opening night',
  scheduledStart: '2031-09-12T20:30',
  access: 'ticket_holders',
  accessCode: 'left-over',
  streamTicketTypeId: 'also-left-over',
  chatEnabled: true,
  recordingEnabled: false,
};

describe('stream form values', () => {
  it('sends an ISO start and only the access detail its mode needs', () => {
    const input = formValuesToInput(values);
    expect(input.scheduledStart).toBe(new Date('2031-09-12T20:30').toISOString());
    expect(input.accessCode).toBeNull();
    expect(input.streamTicketTypeId).toBeNull();
    expect(StreamInputSchema.safeParse(input).success).toBe(true);
    expect(formValuesToInput({ ...values, access: 'code' }).accessCode).toBe('left-over');
  });

  it('names the field the contract refuses (no code for code access, no start)', () => {
    const noCode = StreamInputSchema.safeParse(
      formValuesToInput({ ...values, access: 'code', accessCode: '' }),
    );
    expect(noCode.error?.issues[0]?.path).toEqual(['accessCode']);
    const noStart = StreamInputSchema.safeParse(
      formValuesToInput({ ...values, scheduledStart: '' }),
    );
    expect(noStart.error?.issues[0]?.path).toEqual(['scheduledStart']);
  });

  it('starts a new stream on a round hour in the future, chat on, recording off', () => {
    const fresh = streamToFormValues(null);
    expect(new Date(fresh.scheduledStart).getTime()).toBeGreaterThan(Date.now());
    expect(fresh.scheduledStart.endsWith(':00')).toBe(true);
    expect(fresh).toMatchObject({ chatEnabled: true, recordingEnabled: false });
  });
});

describe('player token renewal', () => {
  it('puts the newest token on playlist and segment addresses that carry one', () => {
    expect(withToken('http://localhost/api/streams/s/hls/seg3.ts?token=old', 'new')).toBe(
      'http://localhost/api/streams/s/hls/seg3.ts?token=new',
    );
    expect(withToken('http://localhost/other.ts', 'new')).toBe('http://localhost/other.ts');
    expect(withToken('http://localhost/a.ts?token=old', null)).toBe(
      'http://localhost/a.ts?token=old',
    );
  });
});
