import { describe, expect, it } from 'vitest';
import { emailBlastSchema } from './blasts.ts';
import { eventFormSchema } from './events.ts';

describe('form line breaks', () => {
  it('stores an event description with LF line breaks whatever the browser sent', () => {
    const parsed = eventFormSchema.parse({
      title: 'Open studio',
      description: 'Line one\r\nLine two\rLine three',
      date: '2030-01-02T18:00:00.000Z',
    });
    expect(parsed.description).toBe('Line one\nLine two\nLine three');
  });

  it('sends a blast message with LF line breaks', () => {
    const parsed = emailBlastSchema.parse({
      emails: 'a@example.com',
      subject: 'News',
      message: 'Hello\r\nfriends',
    });
    expect(parsed.message).toBe('Hello\nfriends');
  });
});
